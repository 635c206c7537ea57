import { rxAdminCancel } from '@apothecall/domain/backoffice/rx-cancel.rules';
import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PrepayPort } from '../prepay/prepay.port';
import './rx.events';
import type { RxRepo, RxVisitRecord } from './rx.repo';
import { visitSnapshot } from './rx.views';

/** What the operator's cancel of an Rx visit did. */
export interface RxAdminCancelResult {
  /** A card charge was refunded. */
  refunded: boolean;
  /** A prepaid visit went back to the patient's program. */
  prepayReturned: boolean;
}

/** The refusal of a cancel, saying why (domain backoffice/rx-cancel.rules). */
function refusal(visit: Pick<RxVisitRecord, 'status' | 'pharmacyStatus'>): AppError {
  const decided = rxAdminCancel(visit.status, visit.pharmacyStatus);
  const reason = decided.ok ? 'changed' : decided.reason;
  if (reason === 'over') {
    return new AppError(409, 'BACK_OFFICE_VISIT_FINAL', 'backoffice.visits.final', {
      status: visit.status,
    });
  }
  if (reason === 'changed') return new AppError(409, 'RX_STALE', 'rx.visit.stale');
  const key = {
    pharmacyClaimed: 'backoffice.visits.rx.pharmacyClaimed',
    pharmacyWorking: 'backoffice.visits.rx.pharmacyWorking',
    prescribed: 'backoffice.visits.rx.prescribed',
  } as const satisfies Record<typeof reason, MessageKey>;
  return new AppError(409, 'BACK_OFFICE_RX_NOT_CANCELLABLE', key[reason], {
    pharmacyStatus: visit.pharmacyStatus ?? '',
  });
}

/**
 * The operator's cancel of one Rx visit (the back office's visits area): which visits
 * may be cancelled is the domain's (backoffice/rx-cancel.rules). The cancel is one conditional
 * move of the visit (its status and version), the same guard as the prescriber's moves and the
 * pharmacy's claim: of cancels racing each other, a prescription or a claim, exactly one wins.
 * The card charge is refunded with the key of the patient's own cancel and the prescriber's
 * refund (`refund:rx:<id>`: paid back once whichever path); a prepaid visit's token is given
 * back. The patient reads the note in the visit's messages and by text, in their language; the
 * prescriber's and the pharmacy's lines are told. Audited as a change of the patient's record.
 */
export function createRxAdminCancel(deps: {
  repo: Pick<RxRepo, 'visit' | 'move' | 'insertMessage'>;
  accounts: Pick<AccountsPort, 'holderContact'>;
  brands: Pick<BrandsPort, 'byId'>;
  payments: Pick<PaymentsPort, 'refund'>;
  prepay: Pick<PrepayPort, 'settle'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  sendSms: (to: string, body: string) => Promise<void>;
  onError: (error: unknown) => void;
}) {
  async function tell(actor: Actor, visit: RxVisitRecord, key: MessageKey, note: string) {
    const contact = await deps.accounts.holderContact(visit.accountId);
    const lang: Lang = contact?.language === 'es' ? 'es' : 'en';
    const text = translate(lang, key, { note });
    await deps.repo.insertMessage({
      visitId: visit.id,
      owner: actor.accountId,
      // Shown as the care team's, like the prescriber's own messages.
      fromRole: 'prescriber',
      text,
    });
    await deps.events.emit('rx.messageSent', { visitId: visit.id, to: visit.accountId });
    if (contact?.phone) {
      try {
        const brand = (await deps.brands.byId(contact.brandId)).name;
        await deps.sendSms(contact.phone, `${brand}: ${text}`);
      } catch (error) {
        deps.onError(error);
      }
    }
  }

  /** Cancels the Rx visit; null when no Rx visit has this id. */
  async function cancel(
    actor: Actor,
    visitId: string,
    note: string,
  ): Promise<RxAdminCancelResult | null> {
    const visit = await deps.repo.visit(visitId);
    if (!visit) return null;
    const decided = rxAdminCancel(visit.status, visit.pharmacyStatus);
    if (!decided.ok) throw refusal(visit);
    const moved = await deps.repo.move(
      visit.id,
      { status: visit.status, version: visit.version },
      decided.to,
      {
        completed: true,
        idPending: false,
        attachmentsPending: false,
        statusComment: '',
        ...(decided.withdrawFromPharmacy ? { pharmacyStatus: 'cancel' } : {}),
      },
    );
    if (!moved) {
      // Another cancel, the prescriber or the pharmacy moved it first: say what it is now.
      throw refusal((await deps.repo.visit(visit.id)) ?? visit);
    }
    const refunded = decided.refund && visit.ledgerId !== null;
    const prepayReturned = decided.refund && visit.prepayRedemptionId !== null;
    await deps.audit.record(
      actor,
      'backoffice.visits.cancel',
      { accountId: visit.accountId, personId: visit.personId },
      {
        visitId: visit.id,
        kind: 'rx',
        from: visit.status,
        to: decided.to,
        pharmacyStatus: visit.pharmacyStatus,
        refunded,
        prepayReturned,
      },
    );
    if (prepayReturned) await deps.prepay.settle(`rx:${visit.id}`, decided.prepay);
    await deps.events.emit('rx.visitChanged', { visit: visitSnapshot(moved), by: 'prescriber' });
    await deps.events.emit('rx.queueChanged', { state: visit.location });
    // The patient's own cancel and the prescriber's refund use this key too: one refund.
    if (refunded && visit.ledgerId) {
      await deps.payments.refund(visit.accountId, visit.ledgerId, `refund:rx:${visit.id}`, actor);
    }
    await tell(
      actor,
      moved,
      !decided.refund
        ? 'backoffice.visits.cancelledUnpaidNote'
        : prepayReturned && !refunded
          ? 'backoffice.visits.cancelledPrepaidNote'
          : 'backoffice.visits.cancelledNote',
      note,
    );
    return { refunded, prepayReturned };
  }

  return { cancel };
}
