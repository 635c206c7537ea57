import type { SubscriptionsMessageKey } from './subscriptions.messages';

/**
 * Subscriptions (spec sections 4 and 9): the three statuses, cancel and uncancel, renewal,
 * billing periods and the prices the text states, as data in integer cents.
 *
 * - active: renews automatically on the renew date;
 * - cancelled: still in force until the renew date, but does not renew until uncancelled;
 * - inactive: not in force (never bought, or lapsed after a cancellation).
 */

export const subscriptionStatuses = ['active', 'inactive', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const subscriptionPlans = ['individual', 'family'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];

export const billingPeriods = ['semiannual', 'annual', 'quarterly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const billingPeriodMonths: Readonly<Record<BillingPeriod, number>> = {
  quarterly: 3,
  semiannual: 6,
  annual: 12,
};

/** The prices shown in the text (spec section 9), in cents. */
export const subscriptionPrices = {
  /** $10 per visit for the subscriber. */
  subscriberVisitCents: 1000,
  /** $35 per visit for family members of an individual plan. */
  familyMemberOfIndividualPlanVisitCents: 3500,
  /** $25 per month, billed annually or every 6 months. */
  monthlyCents: 2500,
  /** One month free on annual billing. */
  annualFreeMonths: 1,
} as const;

export interface BillingOption {
  readonly plan: SubscriptionPlan;
  readonly period: BillingPeriod;
  /** The monthly rate in cents; null when the text gives no price (quarterly family billing). */
  readonly monthlyCents: number | null;
  readonly freeMonths: number;
}

/**
 * The billing options the text describes: individual every 6 months or annually at $25 a
 * month (annual with one month free), and quarterly family billing (price not stated).
 */
export const billingOptions: readonly BillingOption[] = [
  {
    plan: 'individual',
    period: 'semiannual',
    monthlyCents: subscriptionPrices.monthlyCents,
    freeMonths: 0,
  },
  {
    plan: 'individual',
    period: 'annual',
    monthlyCents: subscriptionPrices.monthlyCents,
    freeMonths: subscriptionPrices.annualFreeMonths,
  },
  { plan: 'family', period: 'quarterly', monthlyCents: null, freeMonths: 0 },
];

/** The amount billed for one period: (months - free months) x monthly rate; null if unknown. */
export function billedAmountCents(option: BillingOption): number | null {
  if (option.monthlyCents === null) return null;
  const months = billingPeriodMonths[option.period] - option.freeMonths;
  return Math.max(0, months) * option.monthlyCents;
}

/**
 * The per-visit price under a subscription: the subscriber pays $10; on an individual plan a
 * family member pays $35; on a family plan every member pays the subscriber price (decision:
 * the text states no other family-plan visit price).
 */
export function subscriptionVisitPriceCents(input: {
  readonly plan: SubscriptionPlan;
  readonly isSubscriber: boolean;
}): number {
  if (input.isSubscriber || input.plan === 'family') return subscriptionPrices.subscriberVisitCents;
  return subscriptionPrices.familyMemberOfIndividualPlanVisitCents;
}

export interface Subscription {
  readonly status: SubscriptionStatus;
  /** Epoch ms of the next renewal (or of the end, when cancelled); null when inactive. */
  readonly renewDate: number | null;
  readonly period: BillingPeriod;
}

export type SubscriptionChange =
  | { readonly ok: true; readonly subscription: Subscription }
  | { readonly ok: false; readonly reason: 'notActive' | 'notCancelled' | 'alreadyActive' };

/** active -> cancelled: stays in force until the renew date, without auto-renew. */
export function cancelSubscription(sub: Subscription): SubscriptionChange {
  if (sub.status !== 'active') return { ok: false, reason: 'notActive' };
  return { ok: true, subscription: { ...sub, status: 'cancelled' } };
}

/** cancelled -> active: auto-renew is back on. */
export function uncancelSubscription(sub: Subscription): SubscriptionChange {
  if (sub.status !== 'cancelled') return { ok: false, reason: 'notCancelled' };
  return { ok: true, subscription: { ...sub, status: 'active' } };
}

/** inactive -> active by purchase; the first renew date is one period from now. */
export function purchaseSubscription(
  sub: Pick<Subscription, 'status'>,
  period: BillingPeriod,
  now: number,
): SubscriptionChange {
  if (sub.status !== 'inactive') return { ok: false, reason: 'alreadyActive' };
  return {
    ok: true,
    subscription: {
      status: 'active',
      period,
      renewDate: addMonthsUtc(now, billingPeriodMonths[period]),
    },
  };
}

/** Only an active subscription renews automatically. */
export function willAutoRenew(sub: Pick<Subscription, 'status'>): boolean {
  return sub.status === 'active';
}

/** In force: active, or cancelled before its renew date. */
export function isInForce(sub: Subscription, now: number): boolean {
  if (sub.status === 'active') return true;
  return sub.status === 'cancelled' && sub.renewDate !== null && now < sub.renewDate;
}

/**
 * What happens when the renew date is reached: an active subscription renews for another
 * period; a cancelled one becomes inactive. Before the renew date nothing changes.
 */
export function onRenewDate(sub: Subscription, now: number): Subscription {
  if (sub.renewDate === null || now < sub.renewDate) return sub;
  if (sub.status === 'active') {
    let next = sub.renewDate;
    while (next <= now) next = addMonthsUtc(next, billingPeriodMonths[sub.period]);
    return { ...sub, renewDate: next };
  }
  if (sub.status === 'cancelled') return { ...sub, status: 'inactive', renewDate: null };
  return sub;
}

/** Adds calendar months in UTC, clamping the day to the month's end (Jan 31 + 1 = Feb 28/29). */
export function addMonthsUtc(epochMs: number, months: number): number {
  const d = new Date(epochMs);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

export function subscriptionStatusLabelKey(status: SubscriptionStatus): SubscriptionsMessageKey {
  return `subscriptions.status.${status}`;
}
