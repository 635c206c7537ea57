/**
 * Pricing rules (spec sections 3, 5, 6 and 9). Money is integer cents.
 *
 * Price types: default (the configured consultation fee), referral (a referral code's price),
 * coupon, nonce (a prepay program's one-time code), free (price 0), prepay (an access token of a
 * prepay program) and subscription.
 */

export const priceTypes = [
  'default',
  'referral',
  'coupon',
  'nonce',
  'free',
  'prepay',
  'subscription',
] as const;
export type PriceType = (typeof priceTypes)[number];

export function isPriceType(value: unknown): value is PriceType {
  return typeof value === 'string' && (priceTypes as readonly string[]).includes(value);
}

/**
 * Price types paid from a prepay program (an access token or a one-time code). A brand can
 * narrow or widen the list through appSettings.prepayPricingTypes; an empty or missing list
 * uses this default.
 */
export const defaultPrepayPriceTypes: readonly string[] = ['prepay', 'nonce'];

export function isPrepayPriceType(
  priceType: string | null | undefined,
  brandPrepayPricingTypes?: readonly string[] | null,
): boolean {
  if (!priceType) return false;
  const list =
    brandPrepayPricingTypes && brandPrepayPricingTypes.length > 0
      ? brandPrepayPricingTypes
      : defaultPrepayPriceTypes;
  return list.includes(priceType);
}

/** The price the session carries (structural: the session schema's price fields). */
export interface PriceLike {
  readonly price?: number | null | undefined;
  readonly priceType?: string | null | undefined;
  readonly priceObj?: { readonly price?: number | null; readonly nonce?: string | null } | null;
}

/** The current amount: the session's price, else the price object's. */
export function currentPriceCents(p: PriceLike): number | undefined {
  return p.price ?? p.priceObj?.price ?? undefined;
}

/** A price is free when its amount is 0 or its type says free. */
export function isFreePrice(p: PriceLike): boolean {
  return p.priceType === 'free' || currentPriceCents(p) === 0;
}

/** The price came from a one-time code: the price object has a nonce or the type is nonce. */
export function isNoncePrice(p: PriceLike): boolean {
  return p.priceType === 'nonce' || Boolean(p.priceObj?.nonce);
}

/**
 * Appointment booking is blocked for nonce, free (price 0) and prepay prices (spec sections 4
 * and 6). The route guard and the booking check share this rule.
 */
export function blocksAppointmentBooking(p: PriceLike): boolean {
  return isNoncePrice(p) || isFreePrice(p) || p.priceType === 'prepay';
}

/** The subscription as the session carries it, prices in cents. */
export interface SubscriptionPricing {
  readonly active: boolean;
  readonly family: boolean;
  readonly memberPricing: { readonly price: number };
  readonly nonmemberPricing: { readonly price: number };
}

/**
 * Spec section 5: a pharmacy-subscription or family user is priced via member pricing if the
 * subscription is active and either it is a family plan or the user is the main user (index 0
 * of the family list).
 */
export function usesMemberPricing(
  subscription: Pick<SubscriptionPricing, 'active' | 'family'> | null | undefined,
  userIndex: number,
): boolean {
  if (!subscription?.active) return false;
  return subscription.family || userIndex === 0;
}

/** The visit price for the user at `userIndex`: member or non-member pricing, in cents. */
export function subscriptionPriceCents(
  subscription: SubscriptionPricing,
  userIndex: number,
): number {
  return usesMemberPricing(subscription, userIndex)
    ? subscription.memberPricing.price
    : subscription.nonmemberPricing.price;
}

/** Dollars (as an API may send them) to integer cents, rounding to the nearest cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** '$12.50' style text for an amount in cents (negative amounts get a leading '-'). */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${whole}.${(abs % 100).toString().padStart(2, '0')}`;
}
