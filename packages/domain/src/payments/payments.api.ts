import { z } from 'zod';
import {
  couponAnswerSchema,
  creditBalanceSchema,
  pricingAnswerSchema,
  transactionSchema,
  userPaymentProfilesSchema,
} from './payments.schemas';

/**
 * Response envelopes of the payment calls (spec section 7). Request shapes are in
 * payments.schemas.ts (addCardRequestSchema, deleteCardRequestSchema, couponRequestSchema).
 */
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

export const transactionsResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(transactionEntrySchema),
});

export const pricingResponseSchema = pricingAnswerSchema.extend({ error: z.literal(false) });
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
  couponInvalid: 'COUPON_INVALID',
  idempotencyMismatch: 'IDEMPOTENCY_MISMATCH',
  priceTokenStale: 'PRICE_TOKEN_STALE',
} as const;

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
