import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { SubscriptionPriceResponse } from '@apothecall/domain/subscriptions/subscriptions.api';
import type { StoredPrice } from './price-store';

/**
 * The visit price a payment step shows and starts the visit with (Get Care's payment
 * step and an appointment's start): the normal one (default, coupon or referral: the price
 * store's, else the account's), or, when the account's plan prices this family member (POST
 * /subscription-price/ answered), the member or non-member price with the plan's token. The
 * normal price's token is sent either way (priceToken); the server charges credit first, then
 * the card, for whichever amount applies.
 */
export interface VisitPricing {
  /** The amount due and the normal price's token and source. */
  readonly price: StoredPrice;
  /** Sent as subscriptionToken; null without a plan price. */
  readonly subscriptionToken: string | null;
  /** Sent as pricingChoice: 'member', 'nonmember', or the normal price's source. */
  readonly pricingChoice: string;
  /** The plan's pricing that applies, or null for the normal price. */
  readonly planPricing: SubscriptionPriceResponse['pricingChoice'] | null;
}

export function visitPricing(
  normal: StoredPrice | null,
  plan: SubscriptionPriceResponse | null | undefined,
): VisitPricing | null {
  if (!normal) return null;
  if (!plan) {
    return {
      price: normal,
      subscriptionToken: null,
      pricingChoice: normal.source,
      planPricing: null,
    };
  }
  return {
    price: { ...normal, price: plan.price },
    subscriptionToken: plan.subscriptionToken,
    pricingChoice: plan.pricingChoice,
    planPricing: plan.pricingChoice,
  };
}

/** The price's source line for a plan price: 'Member price' or the family member's. */
export const planPriceLabelKeys: Readonly<
  Record<SubscriptionPriceResponse['pricingChoice'], MessageKey>
> = {
  member: 'subscriptionUi.care.memberPrice',
  nonmember: 'subscriptionUi.care.nonmemberPrice',
};

/**
 * Whether the plan price is still being found out: the account's pricing is loading, or a plan
 * is in force and its price for this person is loading. A failure of either is no plan price
 * (the normal price applies, silently).
 */
export function planPriceLoading(
  pricing: { readonly isPending: boolean; readonly planInForce: boolean },
  price: { readonly isPending: boolean },
): boolean {
  if (pricing.isPending) return true;
  return pricing.planInForce && price.isPending;
}
