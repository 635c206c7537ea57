import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes';
import {
  cardEntrySchema,
  couponAnswerSchema,
  creditBalanceSchema,
  gatewayIdSchema,
  priceTokenSchema,
  pricingAnswerSchema,
  transactionSchema,
  userPaymentProfilesSchema,
} from './payments.schemas';

/**
 * The payment calls (spec section 7): each endpoint's request and response. The entities they
 * carry (cards, transactions, prices) are in payments.schemas.ts. Path parameters come from
 * common/common.api.ts (idParamsSchema for a receipt, keyParamsSchema for a price or coupon).
 */

// ===========================================================================================
// Requests
// ===========================================================================================

/**
 * POST /account/payments/profiles: add a card to the user's customer profile. profileID and
 * signature are the customer profile and its signature from the last answer (null before the
 * first card); the card goes to the gateway and is never stored or logged.
 */
export const addCardRequestSchema = z.object({
  profileID: z.string().max(64).nullable(),
  signature: z.string().max(200).nullable(),
  card: cardEntrySchema,
});
export type AddCardRequest = z.input<typeof addCardRequestSchema>;
export type AddCardInput = z.output<typeof addCardRequestSchema>;

/** POST /account/payments/delete-profiles. */
export const deleteCardRequestSchema = z.object({
  profileID: gatewayIdSchema,
  signature: z.string().min(1),
  paymentID: gatewayIdSchema,
});
export type DeleteCardRequest = z.input<typeof deleteCardRequestSchema>;
export type DeleteCardInput = z.output<typeof deleteCardRequestSchema>;

/**
 * POST /payments/charge: pay a priced amount (credit first, then the card). The idempotency key
 * makes a retry the same charge with the same answer.
 */
export const chargeRequestSchema = z.object({
  priceToken: priceTokenSchema,
  paymentProfileId: z.string().max(64).nullable(),
  idempotencyKey: z.string().trim().min(8).max(100),
  description: z.string().trim().max(200).default(''),
});
export type ChargeRequest = z.input<typeof chargeRequestSchema>;
export type ChargeInput = z.output<typeof chargeRequestSchema>;

/** POST /verify-coupon and /redeem-coupon. */
export const couponRequestSchema = z.object({
  coupon: z.string().trim().min(1).max(64),
});
export type CouponRequest = z.input<typeof couponRequestSchema>;

// ===========================================================================================
// Responses
// ===========================================================================================

export const paymentProfilesResponseSchema = userPaymentProfilesSchema.extend({
  error: z.literal(false),
});
export type PaymentProfilesResponse = z.infer<typeof paymentProfilesResponseSchema>;

export const rewardBalanceResponseSchema = z.object({
  error: z.literal(false),
  data: creditBalanceSchema,
});

/** A ledger entry as the transactions list shows it. */
export const transactionEntrySchema = transactionSchema.extend({
  id: z.string(),
  kind: z.enum(['charge', 'refund']),
  description: z.string(),
  /** Credit applied before the card, in cents (the card was charged amount - credit). */
  creditCents: z.number().int().nonnegative(),
});
export type TransactionEntry = z.infer<typeof transactionEntrySchema>;

/** POST /payments/charge. */
export const chargeResponseSchema = z.object({
  error: z.literal(false),
  transaction: transactionEntrySchema,
});

export const transactionsResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(transactionEntrySchema),
});

export const pricingResponseSchema = pricingAnswerSchema.extend({ error: z.literal(false) });
/** GET /account/price, POST /account/price/restore-default: the price the account pays next. */
export const accountPriceResponseSchema = pricingAnswerSchema.extend({
  error: z.literal(false),
  source: z.enum(['default', 'coupon']),
  /** The applied coupon's code (source 'coupon'). */
  code: z.string().nullable(),
});
export type AccountPriceResponse = z.infer<typeof accountPriceResponseSchema>;
export const couponResponseSchema = couponAnswerSchema.extend({ error: z.literal(false) });
export type CouponResponse = z.infer<typeof couponResponseSchema>;

export const couponsListResponseSchema = z.object({
  error: z.literal(false),
  coupons: z.array(
    z.object({ code: z.string(), title: z.string(), msg: z.string(), redeemedAt: z.string() }),
  ),
});

/** Error codes of the payment calls (errorMsg is the spec's text in the user's language). */
export const paymentErrorCodes = {
  declined: 'CARD_DECLINED',
  avs: 'CARD_AVS_MISMATCH',
  invalid: 'CARD_INVALID',
  unavailable: 'PAYMENT_UNAVAILABLE',
  notCharged: 'PAYMENT_NOT_CHARGED',
  couponInvalid: 'COUPON_INVALID',
  idempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  priceTokenStale: 'PRICE_TOKEN_STALE',
} as const satisfies Record<string, ErrorCode>;

/**
 * POST /referred-transactions: charges made by people who registered with the user's referral
 * code. Date, code and amount only: who they are is not the referrer's to know.
 */
export const referredTransactionsResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(
    z.object({ id: z.string(), date: z.string(), code: z.string(), amount: z.number().int() }),
  ),
});
export type ReferredTransaction = z.infer<
  typeof referredTransactionsResponseSchema
>['transactions'][number];
