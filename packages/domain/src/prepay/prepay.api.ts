/**
 * Prepay programs and access tokens (spec sections 3 "Prepay program", 4 "Access token",
 * 5 "Prepay purchase", 6, 7 and 9): one contract for server and web.
 *
 * Units (decision, docs/rules.md): a program's balance, its limits and its low-balance limit
 * count VISITS. Money is integer cents and appears only where a card is charged (a purchase or
 * added funds: visits x the per-visit price) and in the informational amounts (programAmt,
 * patientAmt, rewardAmt). 0 means "no limit" / "off" everywhere, as the spec says.
 *
 * Codes never travel in a URL the server logs: the patient's checks and redemptions are POSTs.
 * The redemption link (`/#/redeem/{code}`) keeps the code after the '#', which browsers never
 * send to a server.
 */
import { z } from 'zod';
import { centsSchema, emailSchema, idSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { phoneSchema } from '../validation/contact.rules';
import { accessTokenStates, tokenSchema } from './access-token.rules';

/** A whole number where 0 means "none" / "off". */
const zeroMeansNone = (max: number) => z.number().int().min(0).max(max);

export const maxProgramVisits = 10_000;
export const maxVisitsPerPurchase = 1000;
export const maxAuthorizedUsers = 500;
export const maxBulkTokens = 200;

// ===========================================================================================
// Programs
// ===========================================================================================

/** The kinds of visit a program pays for. Only asynchronous Rx visits redeem today. */
export const prepayVisitTypes = ['rx'] as const;
export const prepayVisitTypeSchema = z.enum(prepayVisitTypes);

/** Which channels carry one notification to the program's holder. */
export const notifyChannelsSchema = z.object({ email: z.boolean(), sms: z.boolean() });
export type NotifyChannels = z.infer<typeof notifyChannelsSchema>;

/** What the holder is told (spec section 4): low balance, claimed, prescribed, denied. */
export const prepayNotificationSettingsSchema = z.object({
  email: emailSchema.nullable(),
  phone: phoneSchema.nullable(),
  lowBalance: notifyChannelsSchema,
  prepayClaimed: notifyChannelsSchema,
  prepayRx: notifyChannelsSchema,
  prepayRxDenied: notifyChannelsSchema,
});
export type PrepayNotificationSettings = z.infer<typeof prepayNotificationSettingsSchema>;
export const prepayNotificationKinds = [
  'lowBalance',
  'prepayClaimed',
  'prepayRx',
  'prepayRxDenied',
] as const;
export type PrepayNotificationKind = (typeof prepayNotificationKinds)[number];

/** The settings the holder edits on /prepay-edit/{id} (POST /prepay-program/{id}). */
export const prepayProgramSettingsSchema = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(2000),
  /** Cents the holder may credit per referred visit (informational). */
  rewardAmt: centsSchema.max(1_000_000),
  /** Cents the patient pays the pharmacy for one visit (shown on the redeem screen). */
  patientAmt: centsSchema.max(1_000_000),
  /** A price message shown to the patient beside the price. */
  priceMsg: z.string().trim().max(500),
  visitType: prepayVisitTypeSchema,
  /** Visits one account may take from the program; 0 = none. */
  perAccountLimit: zeroMeansNone(maxProgramVisits),
  /** Days after a denial before that patient may use a token of the program again; 0 = none. */
  reuseIntervalDays: zeroMeansNone(3650),
  /** Visits: the holder is told when the balance falls to this or below; 0 = off. */
  lowBalanceLimit: zeroMeansNone(maxProgramVisits),
  /** Rx product ids the program pays for; empty = any treatment. */
  reasonRestriction: z.array(z.string().trim().min(1).max(60)).max(50),
  /** Pharmacy (organisation) ids the prescription must go to; empty = any pharmacy. */
  pharmacyRestriction: z.array(z.string().trim().min(1).max(100)).max(20),
  /** Shown to the patient at checkout. */
  checkoutMessage: z.string().trim().max(1000),
  notifications: prepayNotificationSettingsSchema,
});
export type PrepayProgramSettings = z.infer<typeof prepayProgramSettingsSchema>;

export const prepayProgramViewSchema = prepayProgramSettingsSchema.extend({
  id: idSchema,
  /** The program code an authorized user enters at checkout (12 characters). */
  code: z.string(),
  /** The caller holds (bought and manages) the program. */
  owner: z.boolean(),
  /** The caller is one of its authorized users (and may only use it). */
  authorized: z.boolean(),
  /** Visits left. */
  balance: z.number().int().nonnegative(),
  /** Visits bought in all (purchase and added funds). */
  visitCount: z.number().int().nonnegative(),
  /** Visits taken and not credited back. */
  visitsUsed: z.number().int().nonnegative(),
  /** Cents per visit charged when visits are bought. */
  programAmt: centsSchema,
  /** The holder's pharmacy, when a pharmacy's staff bought it. */
  pharmacy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The pharmacies of the restriction, by name (for display). */
  pharmacies: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
});
export type PrepayProgramView = z.infer<typeof prepayProgramViewSchema>;

export const prepayProgramResponseSchema = z.object({
  error: z.literal(false),
  program: prepayProgramViewSchema,
});
/** GET /prepay-list/: programs the caller holds or is authorized to use. */
export const prepayListResponseSchema = z.object({
  error: z.literal(false),
  programs: z.array(prepayProgramViewSchema),
});

/** GET /prepay-pricing/{id} (`new`, or a program's id): what one visit costs to buy. */
export const prepayPricingResponseSchema = z.object({
  error: z.literal(false),
  visitPrice: centsSchema,
  minVisits: z.number().int().positive(),
  maxVisits: z.number().int().positive(),
});

/** POST /prepay-purchase/: visits to buy, a name, authorized e-mails; paid by card. */
export const prepayPurchaseRequestSchema = z.object({
  visitCount: z.number().int().min(1).max(maxVisitsPerPurchase),
  name: z.string().trim().min(1).max(100),
  authorizedUsers: z.array(emailSchema).max(maxAuthorizedUsers).default([]),
  /** Visits: 0 = off. Set at purchase so the first visit already counts. */
  lowBalanceLimit: zeroMeansNone(maxProgramVisits).default(0),
  payProfileID: z.string().max(64).nullable(),
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type PrepayPurchaseRequest = z.input<typeof prepayPurchaseRequestSchema>;
export type PrepayPurchaseInput = z.output<typeof prepayPurchaseRequestSchema>;

/** POST /prepay-add-funds/: more visits for a program, paid by card. */
export const prepayAddFundsRequestSchema = z.object({
  programId: idSchema,
  visits: z.number().int().min(1).max(maxVisitsPerPurchase),
  payProfileID: z.string().max(64).nullable(),
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type PrepayAddFundsRequest = z.input<typeof prepayAddFundsRequestSchema>;

// ===========================================================================================
// Authorized users
// ===========================================================================================

export const authorizedUserSchema = z.object({
  email: emailSchema,
  /** Visits this user may take; 0 = none. */
  visitLimit: zeroMeansNone(maxProgramVisits).default(0),
});
export type AuthorizedUserInput = z.input<typeof authorizedUserSchema>;

export const authorizedUserViewSchema = z.object({
  email: z.string(),
  visitLimit: z.number().int().nonnegative(),
  visitsUsed: z.number().int().nonnegative(),
});
export type AuthorizedUserView = z.infer<typeof authorizedUserViewSchema>;

/** GET /prepay-authorized/{id}. */
export const prepayAuthorizedResponseSchema = z.object({
  error: z.literal(false),
  allowedUsers: z.array(authorizedUserViewSchema),
});
/** POST /prepay-authorized/{id}: the whole list replaces the old one (e-mails unique). */
export const prepayAuthorizedUpdateSchema = z.object({
  allowedUsers: z.array(authorizedUserSchema).max(maxAuthorizedUsers),
});
export type PrepayAuthorizedUpdate = z.input<typeof prepayAuthorizedUpdateSchema>;

// ===========================================================================================
// Transactions
// ===========================================================================================

export const prepayEntryKinds = ['purchase', 'addFunds', 'visit', 'creditBack', 'release'] as const;
export const prepayTransactionSchema = z.object({
  id: idSchema,
  date: z.string(),
  kind: z.enum(prepayEntryKinds),
  /** Visits added (+) or taken (-). */
  visits: z.number().int(),
  /** Cents charged to the holder's card (purchases and added funds), else 0. */
  amount: centsSchema,
  /** The card charge's id (purchases and added funds), else null. */
  transId: z.string().nullable(),
});
export type PrepayTransaction = z.infer<typeof prepayTransactionSchema>;
/** GET /prepay-transaction-list/{id}. */
export const prepayTransactionsResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(prepayTransactionSchema),
});

/** The redemption states: the token's life as one visit saw it, or 'released' (cancelled). */
export const redemptionStates = ['claimed', 'claimedWithRx', 'denied', 'released'] as const;
export type RedemptionState = (typeof redemptionStates)[number];
/** A visit paid by the program (the "referred" transactions). No patient names: ids only. */
export const prepayReferredTransactionSchema = z.object({
  id: idSchema,
  date: z.string(),
  /** The access token used, or null for the program code. */
  token: z.string().nullable(),
  state: z.enum(redemptionStates),
  /** The treatment (Rx product id). */
  productId: z.string(),
  settledAt: z.string().nullable(),
});
export type PrepayReferredTransaction = z.infer<typeof prepayReferredTransactionSchema>;
/** GET /prepay-referred-transaction-list/{id}. */
export const prepayReferredResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(prepayReferredTransactionSchema),
});

// ===========================================================================================
// One-time codes (nOnce) = access tokens
// ===========================================================================================

export const tokenDeliveryChannels = ['email', 'sms'] as const;
export const tokenDeliverySchema = z.object({
  channel: z.enum(tokenDeliveryChannels),
  /** The e-mail address or phone number (checked by channel). */
  to: z.string().trim().min(1).max(254),
});
export type TokenDeliveryInput = z.infer<typeof tokenDeliverySchema>;

export const accessTokenViewSchema = z.object({
  /** nOnce: the 12-character code. */
  code: z.string(),
  /** The redemption link (the code after '#'). */
  url: z.string(),
  /** What the code unlocks: the program and, when set, a note of the holder's. */
  object: z.object({ programId: idSchema, note: z.string() }),
  state: z.enum(accessTokenStates),
  use: z.enum(['single', 'multiple']),
  /** Multiple-use interval in days (0 = no limit); single-use tokens ignore it. */
  multipleUseIntervalDays: z.number().int().nonnegative(),
  claimCount: z.number().int().nonnegative(),
  delivery: z
    .object({
      channel: z.enum(tokenDeliveryChannels),
      to: z.string(),
      sentAt: z.string(),
    })
    .nullable(),
  deniedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessTokenView = z.infer<typeof accessTokenViewSchema>;

/** GET /prepay-nonce-list/{id}. */
export const prepayTokensResponseSchema = z.object({
  error: z.literal(false),
  tokens: z.array(accessTokenViewSchema),
});
export const prepayTokenResponseSchema = z.object({
  error: z.literal(false),
  token: accessTokenViewSchema,
});

const tokenUseFields = {
  use: z.enum(['single', 'multiple']).default('single'),
  multipleUseIntervalDays: zeroMeansNone(3650).default(0),
  note: z.string().trim().max(200).default(''),
};

/** POST /prepay-nonce/add: a new token; sent at once when `delivery` is given. */
export const prepayTokenAddRequestSchema = z.object({
  programId: idSchema,
  ...tokenUseFields,
  delivery: tokenDeliverySchema.nullable().default(null),
});
export type PrepayTokenAddRequest = z.input<typeof prepayTokenAddRequestSchema>;

/** POST /prepay-nonce/edit: how an unused token may be used, and its note. */
export const prepayTokenEditRequestSchema = z.object({
  programId: idSchema,
  code: tokenSchema,
  ...tokenUseFields,
});
export type PrepayTokenEditRequest = z.input<typeof prepayTokenEditRequestSchema>;

/** POST /prepay-nonce/send: send (or send again) a token by e-mail or SMS. */
export const prepayTokenSendRequestSchema = z.object({
  programId: idSchema,
  code: tokenSchema,
  delivery: tokenDeliverySchema,
});
export type PrepayTokenSendRequest = z.input<typeof prepayTokenSendRequestSchema>;

/** POST /prepay-nonce/delete: only a token nobody claimed. */
export const prepayTokenDeleteRequestSchema = z.object({ programId: idSchema, code: tokenSchema });

/**
 * POST /prepay-nonce/bulk: one token per line of a pasted list of e-mail addresses and phone
 * numbers, each sent to its line (blank lines skipped; at most `maxBulkTokens`).
 */
export const prepayTokenBulkRequestSchema = z.object({
  programId: idSchema,
  list: z.string().max(20_000),
  ...tokenUseFields,
});
export type PrepayTokenBulkRequest = z.input<typeof prepayTokenBulkRequestSchema>;
export const prepayTokenBulkResponseSchema = z.object({
  error: z.literal(false),
  tokens: z.array(accessTokenViewSchema),
  /** Lines that made no token, with why (in the caller's language). */
  refused: z.array(z.object({ line: z.number().int().positive(), reason: z.string() })),
});

// ===========================================================================================
// The patient's side: a code at checkout
// ===========================================================================================

/** POST /prepay-redeem/check: what a code offers (logged in or not). */
export const prepayCodeCheckRequestSchema = z.object({ code: tokenSchema });
export const prepayOfferSchema = z.object({
  programName: z.string(),
  /** 'token' (a one-time code) or 'program' (an authorized user's program code). */
  kind: z.enum(['token', 'program']),
  checkoutMessage: z.string(),
  priceMsg: z.string(),
  /** What the patient pays the pharmacy (informational; the visit itself is 0). */
  patientAmt: centsSchema,
  /** Treatments it pays for (Rx product ids); empty = any. */
  productIds: z.array(z.string()),
  /** Pharmacies the prescription must go to; empty = any. */
  pharmacies: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PrepayOffer = z.infer<typeof prepayOfferSchema>;
export const prepayCodeCheckResponseSchema = z.object({
  error: z.literal(false),
  offer: prepayOfferSchema,
});

/** POST /rx/visits/:id/prepay-price: the visit priced by a code (0, priceType prepay). */
export const rxPrepayPriceRequestSchema = z.object({ code: tokenSchema });
export const rxPrepayPriceResponseSchema = z.object({
  error: z.literal(false),
  price: z.literal(0),
  priceType: z.literal('prepay'),
  offer: prepayOfferSchema,
});

/** How a visit was paid from a program, as its patient sees it (on the Rx visit). */
export const visitPrepaySchema = z.object({
  programName: z.string(),
  /** The access token, or null when the program code paid. */
  token: z.string().nullable(),
  state: z.enum(redemptionStates),
});
export type VisitPrepay = z.infer<typeof visitPrepaySchema>;

/** Error texts the prepay calls answer with (spec section 8), one per verb. */
export const prepayFailureKeys = {
  tokenAdd: 'prepay.tokenNotAdded',
  tokenDelete: 'prepay.tokenNotDeleted',
  tokenSend: 'prepay.tokenNotSent',
  users: 'prepay.authorizedUsersNotUpdated',
  program: 'prepay.programNotUpdated',
} as const satisfies Record<string, MessageKey>;
