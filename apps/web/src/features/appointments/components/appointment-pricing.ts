import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { SubscriptionPriceResponse } from '@apothecall/domain/subscriptions/subscriptions.api';
import { ApiError } from '../../../lib/api-client';
import type { StoredPrice } from '../../../lib/payments/price-store';

/**
 * The price an appointment is started with, as Get Care's payment step prices a visit (issue
 * 17): the normal price (the price store's coupon or referral, else the account's), or, when
 * the account's visit plan prices the appointment's patient, the member or non-member price
 * with the plan's token. The normal price's token is sent either way.
 */
export interface AppointmentPricing {
  readonly price: StoredPrice;
  /** Sent as subscriptionToken; null without a plan price. */
  readonly subscriptionToken: string | null;
  /** Sent as pricingChoice: 'member', 'nonmember', or the normal price's source. */
  readonly pricingChoice: string;
  readonly planPricing: SubscriptionPriceResponse['pricingChoice'] | null;
}

export function appointmentPricing(
  normal: StoredPrice | null,
  plan: SubscriptionPriceResponse | null | undefined,
): AppointmentPricing | null {
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

/** The source line of a plan price: 'Member price' or the family member's. */
export const planPriceLabelKeys: Readonly<
  Record<SubscriptionPriceResponse['pricingChoice'], MessageKey>
> = {
  member: 'subscriptionUi.care.memberPrice',
  nonmember: 'subscriptionUi.care.nonmemberPrice',
};

/**
 * Whether the plan price is still being found out: the account's pricing is loading, or a plan
 * is in force and its price for this person is loading. A failure of either is no plan price.
 */
export function planPriceLoading(
  pricing: { readonly isPending: boolean; readonly planInForce: boolean },
  price: { readonly isPending: boolean },
): boolean {
  if (pricing.isPending) return true;
  return pricing.planInForce && price.isPending;
}

/**
 * Errors after which the same attempt may be sent again with the same key: the server may have
 * taken it (network, 5xx, still processing). Any other answer ended the attempt: the next try
 * is a new attempt with a new key.
 */
export function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}

/** A fresh idempotency key (a v4 UUID). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
