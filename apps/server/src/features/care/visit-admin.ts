import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import './care.events';
import type { CareRepo } from './care.repo';
import { careVisitSnapshot } from './care.views';
import type { VisitRecordsRepo } from './visit-records.repo';

/**
 * The operator's actions on one video visit (the back office's visits area): cancel a
 * visit that is not over, or put a claimed one back in the line, each with a note the patient
 * reads in the visit's messages and is texted, in their language. The cancel is one conditional
 * move (waiting to cancelled, in progress to refunded): of cancels at once, one moves the visit
 * and refunds; the refund's key is the patient's own cancel's and the 20-minute sweep's, so it is
 * paid once whichever path cancelled. Audited as changes of the patient's record.
 */
export function createVisitAdmin(deps: {
  repo: Pick<CareRepo, 'visit' | 'move' | 'release'>;
  records: Pick<VisitRecordsRepo, 'insertMessage'>;
  payments: Pick<PaymentsPort, 'refund'>;
  accounts: Pick<AccountsPort, 'holderContact'>;
  brands: Pick<BrandsPort, 'byId'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  sendSms: (to: string, body: string) => Promise<void>;
  onError: (error: unknown) => void;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The note in the visit's messages and a text, in the holder's language. */
  async function tell(
    actor: Actor,
    visit: { id: string; accountId: string },
    key: MessageKey,
    note: string,
  ) {
    const contact = await deps.accounts.holderContact(visit.accountId);
    const lang: Lang = contact?.language === 'es' ? 'es' : 'en';
    const text = translate(lang, key, { note });
    await deps.records.insertMessage({
      visitId: visit.id,
      owner: actor.accountId,
      clientId: null,
      type: 'notice',
      text,
      phone: null,
      attachments: [],
    });
    if (contact?.phone) {
      try {
        const brand = (await deps.brands.byId(contact.brandId)).name;
        await deps.sendSms(contact.phone, `${brand}: ${text}`);
      } catch (error) {
        deps.onError(error);
      }
    }
  }

  async function found(visitId: string) {
    const visit = await deps.repo.visit(visitId);
    if (!visit) throw new AppError(404, 'NOT_FOUND', 'backoffice.visits.notFound');
    return visit;
  }

  return {
    /** Cancels the visit and refunds it in full; refused when it is over. */
    async cancel(actor: Actor, visitId: string, note: string): Promise<{ refunded: boolean }> {
      const visit = await found(visitId);
      const to =
        visit.state === 'waiting' ? 'cancelled' : visit.state === 'inProgress' ? 'refunded' : null;
      const moved =
        to !== null &&
        (await deps.repo.move(visit.id, visit.state, to, { at: now(), outcome: 'support' }));
      if (!moved) {
        const current = (await deps.repo.visit(visit.id)) ?? visit;
        throw new AppError(409, 'BACK_OFFICE_VISIT_FINAL', 'backoffice.visits.final', {
          status: current.state,
        });
      }
      await deps.audit.record(
        actor,
        'backoffice.visits.cancel',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id, from: visit.state, refunded: Boolean(visit.ledgerId) },
      );
      await deps.events.emit('care.queueChanged', { state: visit.location });
      await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(moved) });
      // The patient's own cancel and the sweep use this key too: one refund whichever path.
      if (visit.ledgerId)
        await deps.payments.refund(visit.accountId, visit.ledgerId, `refund:visit:${visit.id}`, {
          ...actor,
        });
      await tell(actor, visit, 'backoffice.visits.cancelledNote', note);
      return { refunded: Boolean(visit.ledgerId) };
    },

    /** Puts a visit a provider claimed back in the line for any provider. */
    async reassign(actor: Actor, visitId: string, note: string): Promise<void> {
      const visit = await found(visitId);
      const released =
        visit.state === 'inProgress' &&
        visit.providerId !== null &&
        (await deps.repo.release(visit.id, visit.providerId, now()));
      if (!released) {
        throw new AppError(409, 'BACK_OFFICE_VISIT_NOT_CLAIMED', 'backoffice.visits.notClaimed');
      }
      await deps.audit.record(
        actor,
        'backoffice.visits.reassign',
        { accountId: visit.accountId, personId: visit.personId },
        { visitId: visit.id, providerId: visit.providerId },
      );
      await deps.events.emit('care.queueChanged', { state: visit.location });
      await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(released) });
      await tell(actor, visit, 'backoffice.visits.reassignedNote', note);
    },
  };
}
