import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { Lang, MessageParams } from '@apothecall/domain/i18n/i18n.rules';
import { cardBrandSchema } from '@apothecall/domain/payments/payments.schemas';
import {
  maxCancelReason,
  type PlanOffer,
  type RevenueMonth,
  type SubscriberView,
  type SubscriptionView,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import {
  type BillingPeriod,
  billingPeriods,
  type SubscriptionPlan,
  subscriptionPlans,
} from '@apothecall/domain/subscriptions/subscriptions.rules';
import { ApiError } from '../../../lib/api-client';
import { countText, type Translate } from '../../../lib/i18n';
import { formatCents, maskedCard } from '../../../lib/payments/payment-format';
import { periodKeys, planKeys } from './subscription-labels';

/** Display and form helpers of the subscription screens (pure). */

export {
  formatDay,
  periodKeys,
  planKeys,
  renewalText,
  statusColours,
} from './subscription-labels';

/** A field's message: a catalogue key and its placeholders (the screen translates it). */
export interface FieldError {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

// ---- Labels ------------------------------------------------------------------------------

/** 'Every month' / 'Every 3 months': the language's plural form (countText). */
export function everyMonthsText(t: Translate, months: number): string {
  return countText(t, months, {
    one: 'subscriptionUi.months.every.one',
    other: 'subscriptionUi.months.every.other',
  });
}

/** '1 month' / '12 months'. */
export function monthsText(t: Translate, months: number): string {
  return countText(t, months, {
    one: 'subscriptionUi.months.one',
    other: 'subscriptionUi.months.other',
  });
}

/** An amount billed every so many months: '$30.00 every month', '$275.00 every 12 months'. */
export function everyText(t: Translate, amount: string, months: number): string {
  return countText(
    t,
    months,
    {
      one: 'subscriptionUi.offer.billedEvery.one',
      other: 'subscriptionUi.offer.billedEvery.other',
    },
    { amount },
  );
}

/** The terms' renewal line: how often it renews and what each renewal charges. */
export function renewsTermsText(t: Translate, amount: string, months: number): string {
  return countText(
    t,
    months,
    { one: 'subscriptionUi.terms.renews.one', other: 'subscriptionUi.terms.renews.other' },
    { amount },
  );
}

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** A revenue month ('2026-03') as 'Mar 2026' / 'mar 2026' (UTC, as the server counts it). */
export function monthLabel(month: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15));
  return new Intl.DateTimeFormat(usLocale(lang), {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** The card renewals charge: 'Visa •••• 1111', or 'No card on file'. */
export function cardText(t: Translate, card: SubscriptionView['card']): string {
  if (!card) return t('subscriptionUi.plan.noCard');
  const brand = cardBrandSchema.safeParse(card.brand);
  return maskedCard(t, { brand: brand.success ? brand.data : 'unknown', last4: card.last4 });
}

// ---- Plans on offer ----------------------------------------------------------------------

/** The plans the brand sells, in the contract's order (individual, then family). */
export function plansOffered(offers: readonly PlanOffer[]): SubscriptionPlan[] {
  return subscriptionPlans.filter((plan) => offers.some((o) => o.plan === plan));
}

/** A plan's billing periods on offer, shortest first. */
export function offersOf(offers: readonly PlanOffer[], plan: SubscriptionPlan | null): PlanOffer[] {
  return offers
    .filter((o) => o.plan === plan)
    .sort((a, b) => billingPeriods.indexOf(a.period) - billingPeriods.indexOf(b.period));
}

/** The period chosen first for a plan: annual (the best rate) when sold, else the shortest. */
export function defaultPeriod(
  offers: readonly PlanOffer[],
  plan: SubscriptionPlan | null,
): BillingPeriod | null {
  const own = offersOf(offers, plan);
  return (own.find((o) => o.period === 'annual') ?? own[0])?.period ?? null;
}

/** The offer for a plan and period, if the brand sells it. */
export function findOffer(
  offers: readonly PlanOffer[],
  plan: SubscriptionPlan | null,
  period: BillingPeriod | null,
): PlanOffer | undefined {
  return offers.find((o) => o.plan === plan && o.period === period);
}

/**
 * The free months of a period in words: 'One month free on annual billing' (the spec's text)
 * for annual billing with one free month, else '1 month free' / '2 months free'; null when none.
 */
export function freeMonthsText(
  t: Translate,
  offer: Pick<PlanOffer, 'period' | 'freeMonths'>,
): string | null {
  if (offer.freeMonths <= 0) return null;
  if (offer.freeMonths === 1 && offer.period === 'annual')
    return t('subscriptions.annualFreeMonth');
  return countText(t, offer.freeMonths, {
    one: 'subscriptionUi.offer.freeMonths.one',
    other: 'subscriptionUi.offer.freeMonths.other',
  });
}

/** What one offer says: the period, the amount each renewal bills and the monthly rate. */
export interface OfferText {
  readonly period: string;
  /** '$275.00 every 12 months'. */
  readonly billed: string;
  /** '$25.00 per month'. */
  readonly monthly: string;
  readonly free: string | null;
}

export function offerText(t: Translate, offer: PlanOffer, lang: Lang): OfferText {
  return {
    period: t(periodKeys[offer.period]),
    billed: everyText(t, formatCents(offer.billedCents, lang), offer.months),
    monthly: t('subscriptionUi.offer.monthly', { price: formatCents(offer.monthlyCents, lang) }),
    free: freeMonthsText(t, offer),
  };
}

/**
 * The visit prices a plan gives: the subscriber pays the member price; family members pay the
 * member price on a family plan and the non-member price on an individual plan (spec section 5).
 */
export function visitPricesOf(
  plan: SubscriptionPlan,
  prices: { readonly memberVisitCents: number; readonly nonmemberVisitCents: number },
): { readonly subscriberCents: number; readonly familyCents: number } {
  return {
    subscriberCents: prices.memberVisitCents,
    familyCents: plan === 'family' ? prices.memberVisitCents : prices.nonmemberVisitCents,
  };
}

// ---- A subscription ----------------------------------------------------------------------

/** In force: active, or cancelled before its end (the server turns it inactive after). */
export function viewInForce(
  view: Pick<SubscriptionView, 'status' | 'renewDate'> | null | undefined,
  now: number,
): boolean {
  if (!view) return false;
  if (view.status === 'active') return true;
  if (view.status !== 'cancelled' || view.renewDate === null) return false;
  const end = Date.parse(view.renewDate);
  return Number.isNaN(end) || now < end;
}

/** '$275.00 every 12 months': what each renewal bills. */
export function billedText(
  t: Translate,
  view: Pick<SubscriptionView, 'billedCents' | 'months'>,
  lang: Lang,
): string {
  return everyText(t, formatCents(view.billedCents, lang), view.months);
}

/** A medication's price for an interval: months x the monthly price. */
export function serviceBilledCents(service: { readonly monthlyCents: number }, months: number) {
  return Math.max(0, months) * service.monthlyCents;
}

/** The service has a subscription in force (it is not offered a second time). */
export function subscribedTo(
  serviceId: string,
  subscriptions: readonly SubscriptionView[],
  now: number,
): boolean {
  return subscriptions.some((s) => s.serviceId === serviceId && viewInForce(s, now));
}

// ---- Forms -------------------------------------------------------------------------------

/** A cancel reason: required (after trimming) and at most maxCancelReason characters. */
export function checkReason(reason: string): FieldError | null {
  const text = reason.trim();
  if (text === '') return { key: 'subscriptionUi.reason.required' };
  if (text.length > maxCancelReason) {
    return { key: 'subscriptionUi.reason.tooLong', params: { max: maxCancelReason } };
  }
  return null;
}

/** A purchase as chosen: the plan, its period, and whether the terms were accepted. */
export interface PlanDraft {
  readonly plan: SubscriptionPlan | null;
  readonly period: BillingPeriod | null;
  readonly acceptTerms: boolean;
}

export type PlanField = 'plan' | 'period' | 'terms';

export type PlanCheck =
  | {
      readonly ok: true;
      readonly request: {
        plan: SubscriptionPlan;
        period: BillingPeriod;
        acceptTerms: true;
      };
      readonly offer: PlanOffer;
    }
  | { readonly ok: false; readonly errors: Partial<Record<PlanField, FieldError>> };

/** A plan and a period the brand sells, and the terms accepted: one message per field. */
export function checkPlan(draft: PlanDraft, offers: readonly PlanOffer[]): PlanCheck {
  const errors: Partial<Record<PlanField, FieldError>> = {};
  if (draft.plan === null || !offers.some((o) => o.plan === draft.plan)) {
    errors.plan = { key: 'subscriptionUi.form.planRequired' };
  }
  const offer = findOffer(offers, draft.plan, draft.period);
  if (!errors.plan && !offer) errors.period = { key: 'subscriptionUi.form.periodRequired' };
  if (!draft.acceptTerms) errors.terms = { key: 'subscriptionUi.form.termsRequired' };
  if (offer && Object.keys(errors).length === 0) {
    return {
      ok: true,
      request: { plan: offer.plan, period: offer.period, acceptTerms: true },
      offer,
    };
  }
  return { ok: false, errors };
}

export type ServiceField = 'months' | 'terms';

/** A medication subscription as chosen: an interval the service offers, and the terms accepted. */
export function checkService(
  draft: { readonly months: number | null; readonly acceptTerms: boolean },
  service: { readonly months: readonly number[] },
): { ok: true; months: number } | { ok: false; errors: Partial<Record<ServiceField, FieldError>> } {
  const errors: Partial<Record<ServiceField, FieldError>> = {};
  if (draft.months === null || !service.months.includes(draft.months)) {
    errors.months = { key: 'subscriptionUi.form.monthsRequired' };
  }
  if (!draft.acceptTerms) errors.terms = { key: 'subscriptionUi.form.termsRequired' };
  if (draft.months !== null && Object.keys(errors).length === 0) {
    return { ok: true, months: draft.months };
  }
  return { ok: false, errors };
}

// ---- The rx-subscription administrator ---------------------------------------------------

/**
 * What the administrator may do with a subscriber: cancel an active one (its renewals stop), and
 * cancel and refund one not ended yet whose last charge is paid and not refunded.
 */
export function adminActions(sub: Pick<SubscriberView, 'status' | 'lastCharge' | 'refunded'>): {
  readonly cancel: boolean;
  readonly refund: boolean;
} {
  return {
    cancel: sub.status === 'active',
    refund: sub.status !== 'inactive' && sub.lastCharge !== null && !sub.refunded,
  };
}

/** What a subscriber pays for: the visit plan's name, or the medication's. */
export function subscribedToText(
  t: Translate,
  sub: Pick<SubscriberView, 'plan' | 'serviceName'>,
): string {
  if (sub.plan) return t(planKeys[sub.plan]);
  return sub.serviceName ?? '—';
}

export interface RevenueBar extends RevenueMonth {
  /** Bar widths as percentages of the largest amount of the months shown (0..100). */
  readonly chargedPct: number;
  readonly refundedPct: number;
  readonly netPct: number;
}

const pct = (value: number, scale: number) =>
  scale <= 0 ? 0 : Math.round((Math.max(0, value) / scale) * 1000) / 10;

/**
 * The bar widths of the revenue by month: each amount against the largest charged, refunded or
 * net amount of the months shown, so the longest bar fills its track. A net loss (refunds over
 * charges) has an empty net bar; its amount says the rest.
 */
export function revenueBars(months: readonly RevenueMonth[]): RevenueBar[] {
  const scale = Math.max(
    0,
    ...months.flatMap((m) => [m.chargedCents, m.refundedCents, Math.abs(m.netCents)]),
  );
  return months.map((m) => ({
    ...m,
    chargedPct: pct(m.chargedCents, scale),
    refundedPct: pct(m.refundedCents, scale),
    netPct: pct(m.netCents, scale),
  }));
}

/** The months' totals (charged, refunded, net). */
export function revenueTotals(months: readonly RevenueMonth[]) {
  return months.reduce(
    (sum, m) => ({
      chargedCents: sum.chargedCents + m.chargedCents,
      refundedCents: sum.refundedCents + m.refundedCents,
      netCents: sum.netCents + m.netCents,
    }),
    { chargedCents: 0, refundedCents: 0, netCents: 0 },
  );
}

// ---- Card charges ------------------------------------------------------------------------

/**
 * After a failed charge: whether the same attempt may have run (no answer, a server error,
 * still in progress), so a retry must reuse its idempotency key; a refusal may take a new one.
 */
export function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/** A new idempotency key for one attempt of a charge. */
export function newIdempotencyKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`
  );
}
