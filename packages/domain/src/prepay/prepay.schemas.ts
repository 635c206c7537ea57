/**
 * Prepay programs, their one-time codes and access tokens (spec sections 3, 4 "Access token",
 * 5 "Prepay purchase" and 9). Limits use 0 for "no limit" / "off", as the spec says.
 */
import { z } from 'zod';
import {
  centsSchema,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  labelSchema,
} from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { accessTokenStates } from './access-token.rules';

/** A non-negative whole number where 0 means "none" / "off". */
const zeroMeansNone = z.number().int().nonnegative().default(0);

/**
 * Access-token and one-time code value: length 12 (spec sections 5 and 9). The forbidden
 * character pattern (/ \ ? # :) is a token rule: validated by validation rules.
 */
export const tokenCodeSchema = z
  .string()
  .length(12, 'validation.token.length' satisfies MessageKey);

/** One notification choice: which channels carry it. */
const channelsSchema = z
  .object({ email: z.boolean().default(false), sms: z.boolean().default(false) })
  .prefault({});

/**
 * What a pharmacy is told about its program (spec section 4): low balance (under
 * lowBalanceLimit), a token claimed, a prescription written, a prescription denied.
 */
export const prepayNotificationSettingsSchema = z.object({
  email: emailSchema.nullable().default(null),
  // validated by validation rules (phone, spec section 5)
  phone: z.string().trim().max(32).nullable().default(null),
  lowBalance: channelsSchema,
  prepayClaimed: channelsSchema,
  prepayRx: channelsSchema,
  prepayRxDenied: channelsSchema,
});
export type PrepayNotificationSettings = z.infer<typeof prepayNotificationSettingsSchema>;

/** An authorized user of a program, with an optional per-user visit limit (0 = none). */
export const authorizedUserSchema = z.object({
  email: emailSchema,
  visitLimit: zeroMeansNone,
  visitsUsed: z.number().int().nonnegative().default(0),
});
export type AuthorizedUser = z.infer<typeof authorizedUserSchema>;

/** A prepay program. Amounts are integer cents. */
export const prepayProgramSchema = z.object({
  id: idSchema,
  /** The account (user) that bought and manages the program. */
  owner: idSchema,
  balance: centsSchema,
  /** Reward credited per referred visit. */
  rewardAmt: centsSchema.default(0),
  /** Price of one visit charged to the program. */
  programAmt: centsSchema,
  /** What the patient pays the pharmacy for one visit. */
  patientAmt: centsSchema.default(0),
  allowedUsers: z.array(emailSchema).default([]),
  priceMsg: z.string().max(500).default(''),
  visitType: z.string().trim().min(1).max(50),
  name: labelSchema,
  description: z.string().max(2000).default(''),
  visitCount: z.number().int().nonnegative().default(0),
  authorized: z.boolean().default(false),
  perAccountLimit: zeroMeansNone,
  reuseIntervalDays: zeroMeansNone,
  /** Cents; 0 = no low-balance notification. */
  lowBalanceLimit: zeroMeansNone,
  /** Care reason the program is limited to; null = any reason. */
  reasonRestriction: z.string().trim().min(1).max(100).nullable().default(null),
  /** Pharmacy (NCPDP id or pharmacy key) the program is limited to; null = any pharmacy. */
  pharmacyRestriction: z.string().trim().min(1).max(100).nullable().default(null),
  checkoutMessage: z.string().max(2000).default(''),
  notifications: prepayNotificationSettingsSchema.prefault({}),
});
export type PrepayProgram = z.infer<typeof prepayProgramSchema>;

/** How a one-time code reached its holder. */
export const codeDeliverySchema = z.object({
  channel: z.enum(['email', 'sms', 'link']),
  /** E-mail address or phone the code was sent to; null for a copied link. */
  to: z.string().trim().max(254).nullable().default(null),
  sentAt: isoDateTimeSchema.nullable().default(null),
});
export type CodeDelivery = z.infer<typeof codeDeliverySchema>;

/**
 * A one-time code (nOnce) of a program: `object` is what the code unlocks (program-specific,
 * JSON), `url` the redemption link, `delivery` how it was sent.
 */
export const oneTimeCodeSchema = z.object({
  nOnce: tokenCodeSchema,
  object: z.record(z.string(), z.json()).default({}),
  url: z.url(),
  delivery: codeDeliverySchema,
});
export type OneTimeCode = z.infer<typeof oneTimeCodeSchema>;

/**
 * Access token states (spec section 4): unclaimed -> claimed -> claimedWithRx | denied. The
 * list and the transitions are prepay/access-token.rules.ts; this schema reuses its list.
 */
export const accessTokenStateSchema = z.enum(accessTokenStates);

/**
 * An access token as stored and sent. Field names follow prepay/access-token.rules.ts
 * (`AccessToken`); instants travel as ISO strings here and become epoch ms for the rules.
 * single-use by default; 'multiple' is the pharmacy version, usable while
 * `multipleUseIntervalDays` lasts (0 = no limit). After a denial the token cannot be reused
 * until the program's reuse interval has passed.
 */
export const accessTokenSchema = z.object({
  code: tokenCodeSchema,
  programId: idSchema,
  state: accessTokenStateSchema.default('unclaimed'),
  use: z.enum(['single', 'multiple']).default('single'),
  multipleUseIntervalDays: zeroMeansNone,
  /** The patient who claimed it last; null while unclaimed. */
  claimedBy: idSchema.nullable().default(null),
  firstClaimedAt: isoDateTimeSchema.nullable().default(null),
  deniedAt: isoDateTimeSchema.nullable().default(null),
  claimCount: z.number().int().nonnegative().default(0),
});
export type AccessTokenRecord = z.infer<typeof accessTokenSchema>;

/** The prepay purchase form (spec section 5): visits to buy, a name, authorized e-mails. */
export const prepayPurchaseFormSchema = z.object({
  visitCount: z.number().int().min(1).max(10_000),
  name: labelSchema,
  authorizedUsers: z.array(emailSchema).max(1000).default([]),
});
export type PrepayPurchaseForm = z.infer<typeof prepayPurchaseFormSchema>;

/** POST /prepay-authorized/{id}: replace the program's authorized users. */
export const prepayAuthorizedUpdateSchema = z.object({
  allowedUsers: z.array(emailSchema).max(1000),
});
export type PrepayAuthorizedUpdate = z.infer<typeof prepayAuthorizedUpdateSchema>;
