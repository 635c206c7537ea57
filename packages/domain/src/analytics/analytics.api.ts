/**
 * The pharmacy's analytics (spec sections 2 and 6: "analytics, logins, attribution and
 * referrals"): one contract for server and web. Every call names the caller's own
 * pharmacy (`pharmacyId`, its organisation id); another pharmacy's id answers 404.
 *
 * A range is two calendar days (`from`, `to`, both included) in the caller's time zone
 * (X-Time-Zone); without them, the last 30 days up to today. Visit figures are about the
 * visits that STARTED in the range (the patient submitted the evaluation): their status now,
 * what their patients paid, the fees their claims took, how many were paid, how long the
 * pharmacy took to claim them. Logins and referral transactions are those that happened in the
 * range.
 */
import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { pharmacyStatuses } from '../pharmacy/pharmacy-status.rules';

const key = (k: MessageKey) => ({ error: k });

/** The path of every analytics call: the caller's pharmacy (organisation id). */
export const analyticsParamsSchema = z.object({ pharmacyId: z.string().min(1).max(64) });

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD` (both optional; calendar days in the caller's zone). */
export const analyticsRangeQuerySchema = z.object({
  from: z
    .string(key('analytics.range.from'))
    .regex(dayPattern, key('analytics.range.from'))
    .optional(),
  to: z.string(key('analytics.range.to')).regex(dayPattern, key('analytics.range.to')).optional(),
  /** The cache-busting timestamp a client may add to a GET. */
  ts: z.string().max(20).optional(),
});
export type AnalyticsRangeQuery = z.output<typeof analyticsRangeQuerySchema>;

/** The range an answer covers, as resolved (defaults filled in). */
export const analyticsRangeSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  timeZone: z.string(),
});
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

const count = z.number().int().nonnegative();
const cents = z.number().int();
/** A share in percent with one decimal; null when nothing started (no rate to speak of). */
const rate = z.number().nullable();

/** Where a visit is on the pharmacy side; `notAtPharmacy`: not prescribed yet (or never). */
export const analyticsStatuses = [...pharmacyStatuses, 'notAtPharmacy'] as const;
export type AnalyticsStatus = (typeof analyticsStatuses)[number];

/** How a visit came to the pharmacy (attribution). */
export const attributionSources = ['inStore', 'link', 'direct'] as const;
export type AttributionSource = (typeof attributionSources)[number];

// ===========================================================================================
// GET /pharmacy/analytics/{pharmacyId}: the overview
// ===========================================================================================

export const linkConversionSchema = z.object({
  linkId: z.string(),
  /** The treatment the link offers (a product id). */
  productId: z.string(),
  /** The link was withdrawn (its visits keep their attribution). */
  deleted: z.boolean(),
  started: count,
  paid: count,
  rate,
});
export type LinkConversion = z.infer<typeof linkConversionSchema>;

export const analyticsOverviewSchema = z.object({
  range: analyticsRangeSchema,
  /** Visits that started in the range. */
  visits: count,
  /** Every status of the spec's order, then notAtPharmacy; zeros included. */
  byStatus: z.array(z.object({ status: z.enum(analyticsStatuses), count })),
  /** Treatments with at least one visit, most visits first. */
  byTreatment: z.array(z.object({ productId: z.string(), count })),
  revenue: z.object({
    /** Visits paid (by card or with a prepay code). */
    paidVisits: count,
    cardVisits: count,
    prepayVisits: count,
    /** What patients' cards were charged for these visits, refunds, and the difference. */
    chargedCents: cents,
    refundedCents: cents,
    netCents: cents,
  }),
  fees: z.object({
    /** The fee a claim takes now. */
    claimFeeCents: cents,
    /** Claims of these visits and the fees they took. */
    claims: count,
    paidCents: cents,
    /** These visits waiting to be claimed (unclaimed, approved, denied), at today's fee. */
    awaitingClaim: count,
    owedCents: cents,
  }),
  conversion: z.object({
    overall: z.object({ started: count, paid: count, rate }),
    /** Every link of the pharmacy (and withdrawn ones that brought visits), oldest first. */
    links: z.array(linkConversionSchema),
  }),
  /** Minutes from the visit's arrival at the pharmacy (prescribed) to its claim. */
  timeToClaim: z.object({
    claims: count,
    medianMinutes: z.number().nullable(),
    p90Minutes: z.number().nullable(),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;
export const analyticsOverviewResponseSchema = analyticsOverviewSchema.extend({
  error: z.literal(false),
});

// ===========================================================================================
// GET /pharmacy/analytics/{pharmacyId}/logins
// ===========================================================================================

export const loginOutcomes = ['success', 'failure'] as const;
export type LoginOutcome = (typeof loginOutcomes)[number];

export const loginEventViewSchema = z.object({
  id: z.string(),
  at: isoDateTimeSchema,
  accountId: z.string(),
  name: z.string(),
  loginId: z.string(),
  outcome: z.enum(loginOutcomes),
  /** Why a login failed: bad-password, disabled, password-expired, bad-tfa-code, rate-limited… */
  reason: z.string().nullable(),
  /** The platform the app said it runs on (web, web-ios, cordova-ios…). */
  platform: z.string().nullable(),
  /** The address, truncated (IPv4 /24, IPv6 /48): never the whole address. */
  ipPrefix: z.string().nullable(),
});
export type LoginEventView = z.infer<typeof loginEventViewSchema>;

export const loginSummarySchema = z.object({
  accountId: z.string(),
  name: z.string(),
  loginId: z.string(),
  role: z.string(),
  successes: count,
  failures: count,
  lastSuccessAt: isoDateTimeSchema.nullable(),
});
export type LoginSummary = z.infer<typeof loginSummarySchema>;

export const maxLoginEvents = 500;

export const analyticsLoginsSchema = z.object({
  range: analyticsRangeSchema,
  /** The pharmacy's staff (and former staff with logins in the range), by name. */
  staff: z.array(loginSummarySchema),
  /** Newest first, at most `maxLoginEvents`. */
  events: z.array(loginEventViewSchema),
  /** More events happened in the range than are listed. */
  truncated: z.boolean(),
});
export type AnalyticsLogins = z.infer<typeof analyticsLoginsSchema>;
export const analyticsLoginsResponseSchema = analyticsLoginsSchema.extend({
  error: z.literal(false),
});

// ===========================================================================================
// GET /pharmacy/analytics/{pharmacyId}/attribution
// ===========================================================================================

export const analyticsAttributionSchema = z.object({
  range: analyticsRangeSchema,
  visits: count,
  /** In-store assessment, Rx link, or the pharmacy chosen in the Rx flow; zeros included. */
  bySource: z.array(z.object({ source: z.enum(attributionSources), visits: count, paid: count })),
  /** Links that brought visits, most visits first. */
  byLink: z.array(
    z.object({
      linkId: z.string(),
      productId: z.string().nullable(),
      deleted: z.boolean(),
      visits: count,
      paid: count,
    }),
  ),
  /** The white-label each visit was made under; null: not recorded (older visits). */
  byBrand: z.array(
    z.object({
      brandId: z.string().nullable(),
      name: z.string().nullable(),
      visits: count,
      paid: count,
    }),
  ),
});
export type AnalyticsAttribution = z.infer<typeof analyticsAttributionSchema>;
export const analyticsAttributionResponseSchema = analyticsAttributionSchema.extend({
  error: z.literal(false),
});

// ===========================================================================================
// GET /pharmacy/analytics/{pharmacyId}/referrals
// ===========================================================================================

export const maxReferralTransactions = 200;

export const referralCodeViewSchema = z.object({
  code: z.string(),
  title: z.string(),
  /** The visit price with this code; null keeps the default fee. */
  priceCents: z.number().int().nullable(),
  /** The pharmacy's white-label hands it out, or one of its staff shares it. */
  owner: z.enum(['pharmacy', 'staff']),
  /** People who registered with the code (ever). */
  signups: count,
  /** Transactions in the range (charges by people who joined with the code) and their sum. */
  uses: count,
  amountCents: cents,
  /** Newest first, at most `maxReferralTransactions`; never who paid. */
  transactions: z.array(z.object({ id: z.string(), date: isoDateTimeSchema, amountCents: cents })),
});
export type ReferralCodeView = z.infer<typeof referralCodeViewSchema>;

export const analyticsReferralsSchema = z.object({
  range: analyticsRangeSchema,
  codes: z.array(referralCodeViewSchema),
});
export type AnalyticsReferrals = z.infer<typeof analyticsReferralsSchema>;
export const analyticsReferralsResponseSchema = analyticsReferralsSchema.extend({
  error: z.literal(false),
});
