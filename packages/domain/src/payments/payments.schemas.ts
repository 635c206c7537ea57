/**
 * Money entities of spec section 3 ("Other money entities") and the pricing / coupon answers of
 * section 7.
 *
 * Card data is split in two on purpose:
 * - `cardEntrySchema` is INPUT ONLY: what the card form sends to the server, which forwards it
 *   to the payment gateway and never stores or logs it.
 * - `storedCardSchema` is what is kept and shown afterwards: gateway profile id, brand, last
 *   four digits, expiry and the validity flag. It is a strict object, so a card number or CVV
 *   handed to it by mistake fails parsing instead of travelling on.
 */
import { z } from 'zod';
import { centsSchema, idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

/** Luhn (mod 10) check over a string of digits. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/**
 * Card expiry as typed on the form and as kept: MM/YY (spec section 5, Card). Whether it has
 * passed is validated by validation rules (validation.rules.ts isCardExpired / validateCardExpiry).
 */
export const cardExpirationSchema = z
  .string()
  .trim()
  .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'validation.card.expirationInvalid' satisfies MessageKey);

/** Card brands as the app names them; the gateway adapter maps its own names onto these. */
export const cardBrandSchema = z.enum([
  'visa',
  'mastercard',
  'amex',
  'discover',
  'diners',
  'jcb',
  'unionpay',
  'unknown',
]);
export type CardBrand = z.infer<typeof cardBrandSchema>;

const last4Schema = z.string().regex(/^\d{4}$/, 'Expected the last four digits');

/** A card as shown on a transaction or receipt: brand and last four digits only. */
export const maskedCardSchema = z.object({
  brand: cardBrandSchema,
  last4: last4Schema,
});
export type MaskedCard = z.infer<typeof maskedCardSchema>;

/** Payment-gateway ids (customer profile, payment profile, transaction) are opaque strings. */
export const gatewayIdSchema = z.string().trim().min(1).max(64);

/** 'Payment information is not valid.' (number and CVV problems). */
const cardInvalid: MessageKey = 'validation.card.invalid';

/**
 * The card-ENTRY form (input only, never stored). The card number may be typed with spaces or
 * dashes; they are removed, then it must be 12-19 digits and pass the Luhn check.
 */
export const cardEntrySchema = z.object({
  cardHolderName: z
    .string()
    .trim()
    .min(1, 'validation.card.holderMissing' satisfies MessageKey)
    .max(100),
  ccNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, { message: cardInvalid, abort: true })
        .refine(passesLuhn, cardInvalid),
    ),
  cvv: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, cardInvalid),
  expiration: cardExpirationSchema,
  // validated by validation rules (zip, spec section 5); basic shape here.
  cardZip: z.string().trim().min(1).max(10),
});
export type CardEntryInput = z.input<typeof cardEntrySchema>;
export type CardEntry = z.infer<typeof cardEntrySchema>;

/** A stored card (payment profile): no number, no CVV. Strict: unknown keys are rejected. */
export const storedCardSchema = z.strictObject({
  profileID: gatewayIdSchema,
  cardType: cardBrandSchema,
  last4: last4Schema,
  expiration: cardExpirationSchema,
  paymentProfileValid: z.boolean(),
});
export type StoredCard = z.infer<typeof storedCardSchema>;

/** One entry of the user's payProfiles: `{ card }` (spec section 3, User session). */
export const payProfileSchema = z.object({ card: storedCardSchema });
export type PayProfile = z.infer<typeof payProfileSchema>;

/**
 * The user's payment-profile identifiers. A user who has never added a card has no gateway
 * customer profile yet, so the id and signature are null.
 */
export const userPaymentProfilesSchema = z.object({
  payProfileID: gatewayIdSchema.nullable(),
  payProfileSignature: z.string().min(1).nullable(),
  payProfiles: z.array(payProfileSchema).default([]),
});
export type UserPaymentProfiles = z.infer<typeof userPaymentProfilesSchema>;

/** Credit balance (GET /account/reward-balance answer data). */
export const creditBalanceSchema = z.object({
  id: idSchema,
  balance: centsSchema,
});
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

/** A card transaction as listed on /transactions and the receipt. */
export const transactionSchema = z.object({
  date: isoDateTimeSchema,
  transId: gatewayIdSchema,
  /** The gateway's status text, e.g. settledSuccessfully, declined, refundSettledSuccessfully. */
  transactionStatus: z.string().trim().min(1).max(64),
  /** Authorize.Net allows at most 20 characters. */
  invoiceNumber: z.string().trim().max(20),
  cardHolder: z.string().trim().max(100),
  card: maskedCardSchema,
  amount: centsSchema,
});
export type Transaction = z.infer<typeof transactionSchema>;

/** A signed, short-lived price token (platform/payments/price-tokens on the server). */
export const priceTokenSchema = z.string().min(1).max(4096);
const titleMsgShape = {
  title: z.string().max(200),
  msg: z.string().max(2000),
};

/** Pricing by referral code (GET /account/pricing/{id}). */
export const pricingAnswerSchema = z.object({
  price: centsSchema,
  priceToken: priceTokenSchema,
  data: z.object(titleMsgShape),
});
export type PricingAnswer = z.infer<typeof pricingAnswerSchema>;

/** Coupon by code (GET /account/coupon/{id}, verify/redeem coupon). */
export const couponAnswerSchema = z.object({
  price: centsSchema,
  priceToken: priceTokenSchema,
  data: z.object({ ...titleMsgShape, clearReferralCode: z.boolean().default(false) }),
});
export type CouponAnswer = z.infer<typeof couponAnswerSchema>;
