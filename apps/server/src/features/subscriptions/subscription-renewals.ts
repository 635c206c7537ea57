import { subscriptionChargeDescription } from '@apothecall/domain/payments/charge-descriptions.rules';
import { isDue, nextRenewDate } from '@apothecall/domain/subscriptions/subscriptions.rules';
import type { RequestOrigin } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { Jobs } from '../../platform/jobs/jobs';
import type { PaymentsPort } from '../payments/payments.port';
import type { SubscriptionRecord, SubscriptionsRepo } from './subscriptions.repo';
import { asSubscription } from './subscriptions.service';

export type RenewalNoticeKind = 'receipt' | 'retry' | 'inactive';

export interface RenewalResult {
  renewed: number;
  declined: number;
  ended: number;
  lapsed: number;
  /** Left for the next run (the gateway did not answer, or another process is on it). */
  deferred: number;
}

/** A renewal refused for the card (declined, not valid, no card on file): counts as a failed try. */
const declineCodes = new Set(['CARD_DECLINED', 'CARD_INVALID', 'CARD_AVS_MISMATCH']);

/**
 * Renewals, run by a recurring job in whichever process claims it, and safe to run in
 * several processes at once:
 *
 * - a cancelled subscription whose renew date has come becomes inactive;
 * - an active one is charged on the card it was bought with (else the first valid card on file)
 *   with the key `subscription:{id}:renewal:{cycle}:{failed tries}`. Every process, retry or
 *   restart that reaches the same renewal uses the same key, so payments charges it once and
 *   answers the others from its ledger; then one conditional statement moves the subscription to
 *   the next cycle (the renew date moves one period from the date that was due);
 * - a declined charge is one failed try: the renewal is tried again after `retryMs`, with a new
 *   key; after `attempts` tries the subscription turns inactive. The member is e-mailed a receipt,
 *   each decline, and the end (a `subscriptions.notice` job, sent once per key).
 */
export function createRenewals(deps: {
  repo: SubscriptionsRepo;
  payments: Pick<PaymentsPort, 'quote' | 'charge' | 'cardsOnFile'>;
  /** The member's notices go out as jobs (`subscriptions.notice`). */
  jobs: Pick<Jobs, 'send'>;
  attempts: number;
  retryMs: number;
  /** Test-only fault injection: stop right after the charge, before the subscription moves. */
  stopAfterCharge?: () => void;
  onError?: (error: unknown, subscriptionId: string) => void;
  now?: () => Date;
}): { renewDue(): Promise<RenewalResult> } {
  const now = deps.now ?? (() => new Date());
  const origin: RequestOrigin = { ip: 'job', requestId: 'subscriptions.renew' };

  async function notify(kind: RenewalNoticeKind, subscriptionId: string, ref: string) {
    await deps.jobs.send(
      'subscriptions.notice',
      { subscriptionId, kind },
      { idempotencyKey: `subscriptions.notice:${subscriptionId}:${kind}:${ref}` },
    );
  }

  async function cardFor(sub: SubscriptionRecord): Promise<string | null> {
    const cards = await deps.payments.cardsOnFile(sub.accountId);
    // The card it was bought with while on file (even after a decline: a retry tries it again,
    // funds may have come in), else the first valid card, else any card left on file.
    const same = cards.find((c) => c.profileId === sub.paymentProfileId);
    return (same ?? cards.find((c) => c.valid) ?? cards[0])?.profileId ?? null;
  }

  async function renewOne(sub: SubscriptionRecord, result: RenewalResult): Promise<void> {
    const at = now();
    if (!isDue(asSubscription(sub), at.getTime())) return;
    if (sub.status === 'cancelled') {
      if (await deps.repo.lapse(sub.id, sub.cycle, sub.renewAt ?? at)) result.lapsed++;
      return;
    }
    const cycle = sub.cycle + 1;
    const item = `subscription-renewal:${sub.id}:${cycle}`;
    const card = await cardFor(sub);
    let declined = card === null;
    if (card !== null) {
      try {
        const quote = await deps.payments.quote(sub.accountId, item, sub.billedCents);
        const charge = await deps.payments.charge(
          sub.accountId,
          {
            priceToken: quote.priceToken,
            paymentProfileId: card,
            idempotencyKey: `subscription:${sub.id}:renewal:${cycle}:${sub.failedRenewals}`,
            description: subscriptionChargeDescription(
              sub.plan && sub.period
                ? { plan: sub.plan, period: sub.period }
                : { serviceId: sub.serviceId ?? '', months: sub.months },
              true,
            ),
          },
          origin,
          item,
        );
        deps.stopAfterCharge?.();
        const renewAt = nextRenewDate(asSubscription(sub));
        const moved = await deps.repo.advance(sub.id, sub.cycle, new Date(renewAt ?? at), {
          ledgerId: charge.id,
          amountCents: charge.amount,
          at,
        });
        if (moved) {
          result.renewed++;
          await notify('receipt', sub.id, String(cycle));
        } else {
          result.deferred++;
        }
        return;
      } catch (error) {
        if (!(error instanceof AppError && declineCodes.has(error.code))) throw error;
        declined = true;
      }
    }
    if (!declined) return;
    const tries = sub.failedRenewals + 1;
    const ends = tries >= deps.attempts;
    const recorded = await deps.repo.recordFailure(
      sub.id,
      { cycle: sub.cycle, failedRenewals: sub.failedRenewals },
      ends ? { endedAt: at } : { retryAt: new Date(at.getTime() + deps.retryMs) },
    );
    if (!recorded) {
      result.deferred++;
      return;
    }
    if (ends) {
      result.ended++;
      await notify('inactive', sub.id, String(cycle));
    } else {
      result.declined++;
      await notify('retry', sub.id, `${cycle}:${tries}`);
    }
  }

  return {
    async renewDue() {
      const result: RenewalResult = { renewed: 0, declined: 0, ended: 0, lapsed: 0, deferred: 0 };
      for (const sub of await deps.repo.due(now(), 100)) {
        try {
          await renewOne(sub, result);
        } catch (error) {
          // Not the card's fault (the gateway did not answer, a stop mid-way): the next run
          // retries with the same key, which payments answers from its ledger.
          result.deferred++;
          deps.onError?.(error, sub.id);
        }
      }
      return result;
    },
  };
}
