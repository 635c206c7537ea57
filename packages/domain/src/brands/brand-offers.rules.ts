import {
  billingPeriodMonths,
  type CatalogPlan,
  type CatalogRxService,
  type SubscriptionCatalog,
} from '../subscriptions/subscriptions.rules';
import type { BrandOffersMessageKey } from './brand-offers.messages';

/**
 * A brand's offers in the back office (the brands area): its coupons, its referral codes
 * and its subscription plans and prices. Pure: the code syntax, what a coupon's value may be,
 * what makes a catalog coherent, and the field-level before/after every change is audited with.
 *
 * - Codes (coupons and referral codes) are upper-cased and trimmed: 3 to 32 letters, digits, `-`
 *   or `_`, starting with a letter or digit. A coupon code is unique on the whole platform (the
 *   checkout finds a coupon by its code alone).
 * - A coupon is free (value 0), a percentage off (1 to 100) or an amount off (1 cent up to the
 *   consultation fee).
 * - A coupon someone has applied keeps its kind and value (the patient was shown that price;
 *   the checkout prices from the stored coupon): to offer something else, make a new code. Its
 *   texts, expiry, limit and whether it is active may change.
 */

export const couponKinds = ['free', 'percent', 'amount'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const offerCodePattern = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** A code as it is stored and matched: trimmed, upper-cased. */
export function normalizeOfferCode(code: string): string {
  return code.trim().toUpperCase();
}

export function isOfferCode(code: string): boolean {
  return offerCodePattern.test(normalizeOfferCode(code));
}

/** What is wrong with a coupon's value for its kind (undefined when it is right). */
export function couponValueProblem(
  kind: CouponKind,
  value: number,
  feeCents: number,
): BrandOffersMessageKey | undefined {
  if (!Number.isInteger(value)) return 'brandOffers.coupon.field.value';
  if (kind === 'free') return value === 0 ? undefined : 'brandOffers.coupon.freeValue';
  if (kind === 'percent')
    return value >= 1 && value <= 100 ? undefined : 'brandOffers.coupon.percentValue';
  return value >= 1 && value <= feeCents ? undefined : 'brandOffers.coupon.amountValue';
}

/** Whether a coupon's kind or value would change (refused once the coupon was applied). */
export function changesCouponPrice(
  before: { kind: string; value: number },
  change: { kind?: string | undefined; value?: number | undefined },
): boolean {
  return (
    (change.kind !== undefined && change.kind !== before.kind) ||
    (change.value !== undefined && change.value !== before.value)
  );
}

/** One field's value before and after a change, as the audit trail records it. */
export type FieldChange = { before: unknown; after: unknown };

/**
 * The fields that differ between `before` and `after` (compared as JSON), each with both values;
 * only the fields named. Empty when nothing changes.
 */
export function fieldChanges<T extends Record<string, unknown>>(
  before: T | undefined,
  after: T | undefined,
  fields: readonly (keyof T & string)[],
): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const field of fields) {
    const b = before?.[field] ?? null;
    const a = after?.[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[field] = { before: b, after: a };
  }
  return out;
}

/**
 * What makes a catalog incoherent beyond its shape: a plan and period offered twice, free months
 * that leave nothing to bill, two medications with one id, billing intervals listed twice.
 */
export function catalogProblem(catalog: {
  plans: readonly Pick<CatalogPlan, 'plan' | 'period' | 'freeMonths'>[];
  rxServices: readonly Pick<CatalogRxService, 'id' | 'months'>[];
}): BrandOffersMessageKey | undefined {
  const pairs = new Set<string>();
  for (const p of catalog.plans) {
    const pair = `${p.plan}:${p.period}`;
    if (pairs.has(pair)) return 'brandOffers.catalog.duplicatePlan';
    pairs.add(pair);
    if (p.freeMonths >= billingPeriodMonths[p.period]) return 'brandOffers.catalog.freeMonths';
  }
  const ids = new Set<string>();
  for (const s of catalog.rxServices) {
    if (ids.has(s.id)) return 'brandOffers.catalog.duplicateService';
    ids.add(s.id);
    if (new Set(s.months).size !== s.months.length) return 'brandOffers.catalog.duplicateMonths';
  }
  return undefined;
}

/** The deployment's configured prices, sold by a brand that stores no catalog of its own. */
export interface CatalogDefaults {
  monthlyCents: number;
  familyMonthlyCents: number;
  memberVisitCents: number;
  nonmemberVisitCents: number;
}

/** The catalog a brand without its own sells (config.subscriptions.defaults). */
export function defaultSubscriptionCatalog(d: CatalogDefaults): SubscriptionCatalog {
  return {
    plans: [
      { plan: 'individual', period: 'semiannual', monthlyCents: d.monthlyCents, freeMonths: 0 },
      { plan: 'individual', period: 'annual', monthlyCents: d.monthlyCents, freeMonths: 1 },
      { plan: 'family', period: 'quarterly', monthlyCents: d.familyMonthlyCents, freeMonths: 0 },
      { plan: 'family', period: 'semiannual', monthlyCents: d.familyMonthlyCents, freeMonths: 0 },
      { plan: 'family', period: 'annual', monthlyCents: d.familyMonthlyCents, freeMonths: 1 },
    ],
    memberVisitCents: d.memberVisitCents,
    nonmemberVisitCents: d.nonmemberVisitCents,
    rxServices: [],
  };
}
