import { unclaimedVisitLimitMs } from '@apothecall/domain/care/visits.rules';
import { type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { EventBus } from '../../platform/events';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { RosterPort } from '../clinic/roster.port';
import type { PaymentsPort } from '../payments/payments.port';
import './care.events';
import type { CareRepo, VisitRecord } from './care.repo';
import { careVisitSnapshot } from './care.views';

export interface PresenceSweepResult {
  /** Providers switched off duty: not seen within the presence grace. */
  offDuty: number;
  /** Waiting patients told that no provider is available in their state (once each). */
  told: number;
  /** Waiting visits nobody claimed within the limit, cancelled and refunded. */
  cancelled: number;
  /** Visits in progress, or ended within `endedRetellMs`, whose patient was told their state again. */
  retold: number;
}

/**
 * How far back the sweep tells ended visits again: three runs of the minute job, so an end whose
 * push was lost is told even if a run or two did not happen (the process holding the job stopped).
 */
export const endedRetellMs = 3 * 60_000;

/**
 * Presence: what the minute job does, on whichever process claims the run. Each step
 * is one conditional statement per row, so two processes sweeping at once (a deploy overlapping)
 * change each thing once: a provider switched off, a patient told, a visit cancelled — and the
 * refund carries the same idempotency key as the patient's own cancel, so it is paid once, by
 * whichever path moved the visit. A provider's claim and the cancel both move the visit only
 * from waiting: exactly one of them wins, the loser changes nothing.
 */
export function createPresenceSweep(deps: {
  repo: Pick<CareRepo, 'waitingBefore' | 'waitingUntold' | 'markStranded' | 'move'>;
  /** Every visit in progress (care.repo's inProgressVisits). */
  inProgress: () => Promise<VisitRecord[]>;
  /** The visits ended at or after a moment (care.repo's endedVisitsSince). */
  endedSince: (since: Date) => Promise<VisitRecord[]>;
  roster: Pick<RosterPort, 'expireAbsent' | 'onDutyCount' | 'licenses'>;
  payments: Pick<PaymentsPort, 'refund'>;
  accounts: Pick<AccountsPort, 'holderContact'>;
  brands: Pick<BrandsPort, 'byId'>;
  audit: AuditService;
  events: Pick<EventBus, 'emit'>;
  sendSms: (to: string, body: string) => Promise<void>;
  onError: (error: unknown) => void;
  now?: () => Date;
}): { sweep(): Promise<PresenceSweepResult> } {
  const now = deps.now ?? (() => new Date());
  const origin: RequestOrigin = { ip: 'job', requestId: 'care.presence' };

  /** A text to the account holder in their language; a failed text does not stop the sweep. */
  async function text(accountId: string, key: MessageKey, params: Record<string, string | number>) {
    try {
      const contact = await deps.accounts.holderContact(accountId);
      if (!contact?.phone) return;
      const lang: Lang = contact.language === 'es' ? 'es' : 'en';
      const brand = (await deps.brands.byId(contact.brandId)).name;
      await deps.sendSms(contact.phone, translate(lang, key, { brand, ...params }));
    } catch (error) {
      deps.onError(error);
    }
  }

  async function cancelUnclaimed(visit: VisitRecord, at: Date): Promise<boolean> {
    // Only from waiting: a provider's claim at the same moment wins or loses as a whole.
    const moved = await deps.repo.move(visit.id, 'waiting', 'cancelled', {
      at,
      outcome: 'unclaimed',
    });
    if (!moved) return false;
    await deps.audit.record(
      { ...origin, accountId: null },
      'visit.cancelUnclaimed',
      { accountId: visit.accountId, personId: visit.personId },
      { visitId: visit.id, refunded: Boolean(visit.ledgerId) },
    );
    await deps.events.emit('care.queueChanged', { state: visit.location });
    await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(moved) });
    // The patient's own cancel uses this key too: one refund whichever path cancelled.
    if (visit.ledgerId)
      await deps.payments.refund(visit.accountId, visit.ledgerId, `refund:visit:${visit.id}`, {
        ...origin,
      });
    await text(visit.accountId, 'care.sms.unclaimedCancelled', {
      minutes: unclaimedVisitLimitMs / 60_000,
    });
    return true;
  }

  return {
    async sweep() {
      const at = now();
      const off = await deps.roster.expireAbsent(at);
      const lines = new Set<string>();
      for (const providerId of off)
        for (const state of await deps.roster.licenses(providerId)) lines.add(state);
      // Their lines' waiters see the new wait (or that nobody is there) and providers the line.
      for (const state of lines) await deps.events.emit('care.queueChanged', { state });

      let cancelled = 0;
      for (const visit of await deps.repo.waitingBefore(
        new Date(at.getTime() - unclaimedVisitLimitMs),
      )) {
        try {
          if (await cancelUnclaimed(visit, at)) cancelled += 1;
        } catch (error) {
          deps.onError(error);
        }
      }

      let told = 0;
      const available = new Map<string, boolean>();
      for (const visit of await deps.repo.waitingUntold()) {
        let here = available.get(visit.location);
        if (here === undefined) {
          here = (await deps.roster.onDutyCount(visit.location)) > 0;
          available.set(visit.location, here);
        }
        const stranded = here ? undefined : await deps.repo.markStranded(visit.id, at);
        if (!stranded) continue;
        told += 1;
        await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(stranded) });
        await text(visit.accountId, 'care.sms.noProvider', {
          minutes: unclaimedVisitLimitMs / 60_000,
        });
      }
      // A claim's or an end's push goes out from the process that made it, after its commit: a
      // process that stopped in between (a crash, a kill) told nobody, and the patient's socket,
      // on another process, never dropped, so the waiting room does not ask again. Each visit in
      // progress, and each ended in the last minutes, is told again here, at the latest a sweep
      // after the change; a screen that has it already sets the same state again.
      const retell = [
        ...(await deps.inProgress()),
        ...(await deps.endedSince(new Date(at.getTime() - endedRetellMs))),
      ];
      for (const visit of retell) {
        await deps.events.emit('care.visitChanged', { visit: careVisitSnapshot(visit) });
      }
      return { offDuty: off.length, told, cancelled, retold: retell.length };
    },
  };
}
