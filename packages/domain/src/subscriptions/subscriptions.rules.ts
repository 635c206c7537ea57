import type { SubscriptionsMessageKey } from './subscriptions.messages';

/**
 * Subscriptions (spec sections 3, 4, 5 and 9): statuses, cancel and uncancel,
 * renewal dates, and what a plan bills, from a brand's catalog (prices are configuration per
 * brand, never constants here). Money is integer cents.
 *
 * - active: renews automatically on the renew date;
 * - cancelled: still in force until the renew date, but does not renew until uncancelled;
 * - inactive: not in force (lapsed after a cancellation, a refund, or failed renewals).
 */

export const subscriptionStatuses = ['active', 'inactive', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Visit plans (individual, family) and the pharmacy's medication subscriptions (rx). */
export const subscriptionPlans = ['individual', 'family'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const subscriptionKinds = ['visits', 'rx'] as const;
export type SubscriptionKind = (typeof subscriptionKinds)[number];

export const billingPeriods = ['quarterly', 'semiannual', 'annual'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

export const billingPeriodMonths: Readonly<Record<BillingPeriod, number>> = {
  quarterly: 3,
  semiannual: 6,
  annual: 12,
};

/** One way a brand sells a plan: the monthly rate and the free months of a billing period. */
export interface CatalogPlan {
  readonly plan: SubscriptionPlan;
  readonly period: BillingPeriod;
  readonly monthlyCents: number;
  readonly freeMonths: number;
}

/** A medication a pharmacy supplies monthly under a subscription (the rx subscription). */
export interface CatalogRxService {
  readonly id: string;
  readonly name: { readonly en: string; readonly es: string };
  /** The price of one month's supply. */
  readonly monthlyCents: number;
  /** The billing intervals offered, in months (each renewal bills months x monthly). */
  readonly months: readonly number[];
}

/** What a brand sells (brand settings `subscriptionCatalog`, else the deployment's defaults). */
export interface SubscriptionCatalog {
  readonly plans: readonly CatalogPlan[];
  /** The per-visit price for a member (spec: $10 for the subscriber). */
  readonly memberVisitCents: number;
  /** The per-visit price for a non-member family user (spec: $35 for family of an individual plan). */
  readonly nonmemberVisitCents: number;
  readonly rxServices: readonly CatalogRxService[];
}

/** The amount billed for one period: (months - free months) x monthly rate. */
export function billedAmountCents(
  plan: Pick<CatalogPlan, 'period' | 'monthlyCents' | 'freeMonths'>,
) {
  const months = billingPeriodMonths[plan.period] - plan.freeMonths;
  return Math.max(0, months) * plan.monthlyCents;
}

/** The catalog's entry for a plan and period, if the brand sells it. */
export function catalogPlan(
  catalog: Pick<SubscriptionCatalog, 'plans'>,
  plan: SubscriptionPlan,
  period: BillingPeriod,
): CatalogPlan | undefined {
  return catalog.plans.find((p) => p.plan === plan && p.period === period);
}

export interface Subscription {
  readonly status: SubscriptionStatus;
  /** Epoch ms of the next renewal (or of the end, when cancelled); null when inactive. */
  readonly renewDate: number | null;
  /** Months between renewals. */
  readonly months: number;
}

export type SubscriptionChange =
  | { readonly ok: true; readonly subscription: Subscription }
  | { readonly ok: false; readonly reason: 'notActive' | 'notCancelled' | 'alreadyActive' };

/** active -> cancelled: stays in force until the renew date, without auto-renew. */
export function cancelSubscription(sub: Subscription): SubscriptionChange {
  if (sub.status !== 'active') return { ok: false, reason: 'notActive' };
  return { ok: true, subscription: { ...sub, status: 'cancelled' } };
}

/**
 * cancelled -> active: auto-renew is back on. Only while still in force: once the renew date
 * has passed the plan is inactive and is bought again.
 */
export function uncancelSubscription(sub: Subscription, now: number): SubscriptionChange {
  if (sub.status !== 'cancelled' || !isInForce(sub, now))
    return { ok: false, reason: 'notCancelled' };
  return { ok: true, subscription: { ...sub, status: 'active' } };
}

/** inactive (or none) -> active by purchase; the first renew date is one billing period away. */
export function purchaseSubscription(
  sub: Subscription | null,
  months: number,
  now: number,
): SubscriptionChange {
  if (sub && isInForce(sub, now)) return { ok: false, reason: 'alreadyActive' };
  return {
    ok: true,
    subscription: { status: 'active', months, renewDate: addMonthsUtc(now, months) },
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

/** Due: the renew date has come (an active plan bills; a cancelled one lapses). */
export function isDue(sub: Subscription, now: number): boolean {
  return sub.status !== 'inactive' && sub.renewDate !== null && sub.renewDate <= now;
}

/**
 * The next renew date after a paid renewal: one period after the date that was due (not after
 * the moment it was paid: a late retry does not move the member's billing day).
 */
export function nextRenewDate(sub: Subscription): number | null {
  return sub.renewDate === null ? null : addMonthsUtc(sub.renewDate, sub.months);
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

/** The calendar month (UTC) of an instant, as 'YYYY-MM' (revenue by month). */
export function monthOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

export function subscriptionStatusLabelKey(status: SubscriptionStatus): SubscriptionsMessageKey {
  return `subscriptions.status.${status}`;
}
