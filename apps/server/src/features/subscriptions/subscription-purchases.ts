import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { SubscriptionView } from '@apothecall/domain/subscriptions/subscriptions.api';
import {
  isInForce,
  purchaseSubscription,
  type Subscription,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { AppError, appErrors } from '../../platform/errors';
import type { PaymentsPort } from '../payments/payments.port';
import type { SubscriptionRecord, SubscriptionsRepo } from './subscriptions.repo';

/** The domain's view of a stored row (statuses, renew date, months). */
export function asSubscription(row: SubscriptionRecord): Subscription {
  return {
    status: row.status as Subscription['status'],
    renewDate: row.renewAt ? row.renewAt.getTime() : null,
    months: row.months,
  };
}

/** A purchase slot held longer than this belongs to a process that died: it may be taken over. */
const purchaseClaimStaleMs = 5 * 60_000;

/** What a purchase buys: a visit plan or an rx service, its months, amount and charge item. */
export interface PurchaseOf {
  kind: 'visits' | 'rx';
  plan: string | null;
  period: string | null;
  serviceId: string | null;
  months: number;
  amount: number;
  item: string;
  description: string;
}

/**
 * Buying a subscription: one purchase in flight per account and plan slot, its charge through
 * payments under the purchase's key, the stored subscription, and the refund of a purchase that
 * lost to another one.
 */
export function createSubscriptionPurchases(
  deps: {
    repo: SubscriptionsRepo;
    payments: Pick<PaymentsPort, 'quote' | 'charge' | 'refund'>;
    audit: AuditService;
    now?: () => Date;
  },
  view: (row: SubscriptionRecord, lang: Lang) => Promise<SubscriptionView>,
) {
  const now = deps.now ?? (() => new Date());

  /**
   * Charges a purchase and stores the subscription. The purchase's key is the charge's key, so a
   * retried purchase is one charge and one subscription; a purchase that loses to another one
   * already held is refunded and refused.
   */
  async function buy(
    actor: Actor,
    input: { paymentProfileId: string; idempotencyKey: string },
    what: PurchaseOf,
    company: string,
  ): Promise<SubscriptionView> {
    const again = await deps.repo.byPurchaseKey(actor.accountId, input.idempotencyKey);
    if (again) return view(again, actor.lang);
    // One purchase in flight per account and plan slot: the card is charged once, and
    // a simultaneous purchase with another key is refused before any charge (not refunded after).
    const slot = what.kind === 'visits' ? 'visits' : `rx:${what.serviceId}`;
    const at = now();
    const claim = await deps.repo.claimPurchase(
      actor.accountId,
      slot,
      input.idempotencyKey,
      at,
      new Date(at.getTime() - purchaseClaimStaleMs),
    );
    if (claim === 'busy') {
      throw new AppError(409, 'SUBSCRIPTION_PURCHASE_IN_PROGRESS', 'subscriptions.inProgress');
    }
    try {
      // The purchase that held the slot before may have finished just now.
      const held = (await deps.repo.ofAccount(actor.accountId, what.kind)).find(
        (r) =>
          r.serviceId === what.serviceId &&
          r.purchaseKey !== input.idempotencyKey &&
          isInForce(asSubscription(r), now().getTime()),
      );
      if (held) {
        throw new AppError(409, 'SUBSCRIPTION_ALREADY_ACTIVE', 'subscriptions.alreadyActive');
      }
      return await charged(actor, input, what, company);
    } finally {
      if (claim === 'claimed') {
        await deps.repo.releasePurchase(actor.accountId, slot, input.idempotencyKey);
      }
    }
  }

  /** The purchase's charge and its subscription (the caller holds the purchase slot). */
  async function charged(
    actor: Actor,
    input: { paymentProfileId: string; idempotencyKey: string },
    what: PurchaseOf,
    company: string,
  ): Promise<SubscriptionView> {
    const quote = await deps.payments.quote(actor.accountId, what.item, what.amount);
    const charge = await deps.payments.charge(
      actor.accountId,
      {
        priceToken: quote.priceToken,
        paymentProfileId: input.paymentProfileId,
        idempotencyKey: `subscription:purchase:${input.idempotencyKey}`,
        description: what.description,
      },
      actor,
      what.item,
    );
    const at = now();
    const first = purchaseSubscription(null, what.months, at.getTime());
    if (!first.ok || first.subscription.renewDate === null) throw appErrors.notFound();
    const inserted = await deps.repo.insert(
      {
        accountId: actor.accountId,
        company,
        kind: what.kind,
        plan: what.plan,
        period: what.period,
        serviceId: what.serviceId,
        months: what.months,
        billedCents: what.amount,
        status: 'active',
        renewAt: new Date(first.subscription.renewDate),
        paymentProfileId: input.paymentProfileId,
        purchaseKey: input.idempotencyKey,
        startedAt: at,
      },
      { ledgerId: charge.id, amountCents: charge.amount },
    );
    if (inserted.kind === 'conflict') {
      const same = await deps.repo.byPurchaseKey(actor.accountId, input.idempotencyKey);
      if (same) return view(same, actor.lang);
      await deps.payments.refund(
        actor.accountId,
        charge.id,
        `subscription:purchase-refund:${input.idempotencyKey}`,
        actor,
      );
      throw new AppError(409, 'SUBSCRIPTION_ALREADY_ACTIVE', 'subscriptions.alreadyActive');
    }
    await deps.audit.record(
      actor,
      'subscription.purchase',
      { accountId: actor.accountId },
      { subscriptionId: inserted.row.id, kind: what.kind, amount: what.amount },
    );
    return view(inserted.row, actor.lang);
  }

  /** A cancelled plan past its end that the renewal run has not reached yet: inactive now. */
  async function sweepLapsed(accountId: string, kind: 'visits' | 'rx') {
    for (const row of await deps.repo.ofAccount(accountId, kind)) {
      if (row.status === 'cancelled' && !isInForce(asSubscription(row), now().getTime())) {
        await deps.repo.lapse(row.id, row.cycle, row.renewAt ?? now());
      }
    }
  }

  return { buy, sweepLapsed };
}
