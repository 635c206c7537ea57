/**
 * Subscriptions (spec sections 3 "User session", 4 "Subscription", 5 "Pricing", 7 and 9):
 * one contract for server and web.
 *
 * - Visit plans: individual or family, billed for a period (quarterly, every 6 months, annually;
 *   one month free on annual billing), from the brand's catalog. A member pays the member price
 *   per visit; a family member of an individual plan pays the non-member price.
 * - Rx subscriptions: a medication the brand's pharmacy supplies monthly, billed every `months`.
 * - Renewals charge the stored card on the renew date (a job); a declined renewal is retried,
 *   then the plan turns inactive and the member is e-mailed.
 * - The rx-subscription administrator (`rxSubscriptionAdmin:{company}`) sees the company's
 *   subscribers, cancels and refunds, and the revenue by month.
 */
import { z } from 'zod';
import { centsSchema, idSchema, isoDateTimeSchema } from '../common/common.schemas';
import { sessionSubscriptionSchema } from '../session/session.schemas';
import {
  billingPeriods,
  subscriptionKinds,
  subscriptionPlans,
  subscriptionStatuses,
} from './subscriptions.rules';

export const maxCancelReason = 500;

/**
 * A brand's catalog as its settings store it (`settings.subscriptionCatalog`); a brand without
 * one sells from the deployment's configured defaults.
 */
export const subscriptionCatalogSchema = z.object({
  plans: z
    .array(
      z.object({
        plan: z.enum(subscriptionPlans),
        period: z.enum(billingPeriods),
        monthlyCents: centsSchema,
        freeMonths: z.number().int().min(0).max(11).default(0),
      }),
    )
    .min(1),
  memberVisitCents: centsSchema,
  nonmemberVisitCents: centsSchema,
  rxServices: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(64),
        name: z.object({ en: z.string().min(1).max(200), es: z.string().min(1).max(200) }),
        monthlyCents: centsSchema,
        months: z.array(z.number().int().min(1).max(12)).min(1),
      }),
    )
    .default([]),
});
export type SubscriptionCatalogInput = z.input<typeof subscriptionCatalogSchema>;

const cardSchema = z.object({ brand: z.string().max(20), last4: z.string().max(4) });

/** One plan and period the brand sells, with what one period bills. */
export const planOfferSchema = z.object({
  plan: z.enum(subscriptionPlans),
  period: z.enum(billingPeriods),
  months: z.number().int().positive(),
  monthlyCents: centsSchema,
  freeMonths: z.number().int().nonnegative(),
  billedCents: centsSchema,
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

/** A subscription as its member sees it. */
export const subscriptionViewSchema = z.object({
  id: idSchema,
  kind: z.enum(subscriptionKinds),
  /** Visit plans only. */
  plan: z.enum(subscriptionPlans).nullable(),
  period: z.enum(billingPeriods).nullable(),
  /** Rx subscriptions only: the service and its name in the caller's language. */
  serviceId: z.string().nullable(),
  serviceName: z.string().nullable(),
  months: z.number().int().positive(),
  status: z.enum(subscriptionStatuses),
  /** The next renewal (active) or the end of the paid period (cancelled); null when inactive. */
  renewDate: isoDateTimeSchema.nullable(),
  startedAt: isoDateTimeSchema,
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelReason: z.string().nullable(),
  /** What each renewal bills. */
  billedCents: centsSchema,
  /** The card renewals charge, when it is still on file. */
  card: cardSchema.nullable(),
  /** Declined renewal attempts of the current period (0 when the last renewal was paid). */
  failedRenewals: z.number().int().nonnegative(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** GET /subscription-pricing: what the brand sells, and the account's plan. */
export const subscriptionPricingResponseSchema = z.object({
  error: z.literal(false),
  /** The brand sells plans (appSettings.subscriptionPurchaseActive). */
  available: z.boolean(),
  plans: z.array(planOfferSchema),
  memberVisitCents: centsSchema,
  nonmemberVisitCents: centsSchema,
  /** The account's visit plan (in force or not), newest; null when it never had one. */
  subscription: subscriptionViewSchema.nullable(),
  /** The session's subscription fields (spec section 3); null without a plan in force. */
  session: sessionSubscriptionSchema.nullable(),
});
export type SubscriptionPricingResponse = z.infer<typeof subscriptionPricingResponseSchema>;

/** POST /subscription-purchase/. */
export const subscriptionPurchaseRequestSchema = z.object({
  plan: z.enum(subscriptionPlans),
  period: z.enum(billingPeriods),
  paymentProfileId: z.string().trim().min(1).max(64),
  idempotencyKey: z.string().trim().min(8).max(100),
  /** The subscription terms were shown and accepted. */
  acceptTerms: z.literal(true),
});
export type SubscriptionPurchaseRequest = z.input<typeof subscriptionPurchaseRequestSchema>;

export const subscriptionResponseSchema = z.object({
  error: z.literal(false),
  subscription: subscriptionViewSchema,
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** POST /subscription-cancel/: the reason is required. `id`: an rx subscription (default the plan). */
export const subscriptionCancelRequestSchema = z.object({
  id: idSchema.optional(),
  reason: z.string().trim().min(1).max(maxCancelReason),
});
export type SubscriptionCancelRequest = z.input<typeof subscriptionCancelRequestSchema>;

/** POST /subscription-unCancel/. */
export const subscriptionUncancelRequestSchema = z.object({ id: idSchema.optional() });
export type SubscriptionUncancelRequest = z.input<typeof subscriptionUncancelRequestSchema>;

/** POST /subscription-price/: the visit price of one family member under the account's plan. */
export const subscriptionPriceRequestSchema = z.object({ patientID: idSchema });
export type SubscriptionPriceRequest = z.input<typeof subscriptionPriceRequestSchema>;

export const subscriptionPriceResponseSchema = z.object({
  error: z.literal(false),
  price: centsSchema,
  /** Sent as `subscriptionToken` when the visit starts; prices this family member only. */
  subscriptionToken: z.string().min(1).max(4096),
  pricingChoice: z.enum(['member', 'nonmember']),
});
export type SubscriptionPriceResponse = z.infer<typeof subscriptionPriceResponseSchema>;

// ===========================================================================================
// Rx subscriptions
// ===========================================================================================

export const rxServiceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  monthlyCents: centsSchema,
  months: z.array(z.number().int().positive()),
});
export type RxServiceView = z.infer<typeof rxServiceViewSchema>;

/** GET /rx-services: what the brand's pharmacy supplies monthly, and the account's subscriptions. */
export const rxServicesResponseSchema = z.object({
  error: z.literal(false),
  services: z.array(rxServiceViewSchema),
  subscriptions: z.array(subscriptionViewSchema),
});
export type RxServicesResponse = z.infer<typeof rxServicesResponseSchema>;

/** POST /purchase-services: service and months (spec section 7). */
export const purchaseServicesRequestSchema = z.object({
  service: z.string().trim().min(1).max(64),
  months: z.number().int().min(1).max(12),
  paymentProfileId: z.string().trim().min(1).max(64),
  idempotencyKey: z.string().trim().min(8).max(100),
  acceptTerms: z.literal(true),
});
export type PurchaseServicesRequest = z.input<typeof purchaseServicesRequestSchema>;

// ===========================================================================================
// The rx-subscription administrator (/rxadmin)
// ===========================================================================================

export const subscriberViewSchema = z.object({
  id: idSchema,
  kind: z.enum(subscriptionKinds),
  plan: z.enum(subscriptionPlans).nullable(),
  serviceName: z.string().nullable(),
  /** The account holder's name (the admin's own subscribers; every read is audited). */
  memberName: z.string(),
  status: z.enum(subscriptionStatuses),
  renewDate: isoDateTimeSchema.nullable(),
  startedAt: isoDateTimeSchema,
  months: z.number().int().positive(),
  billedCents: centsSchema,
  /** The last paid charge, which a refund gives back; null when none is refundable. */
  lastCharge: z.object({ amount: centsSchema, date: isoDateTimeSchema }).nullable(),
  refunded: z.boolean(),
});
export type SubscriberView = z.infer<typeof subscriberViewSchema>;

export const revenueMonthSchema = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  chargedCents: centsSchema,
  refundedCents: centsSchema,
  netCents: z.number().int(),
});
export type RevenueMonth = z.infer<typeof revenueMonthSchema>;

/** GET /rxadmin/subscriptions. */
export const rxAdminResponseSchema = z.object({
  error: z.literal(false),
  company: z.string(),
  subscribers: z.array(subscriberViewSchema),
  /** Oldest first, the last 12 months with any movement. */
  revenueByMonth: z.array(revenueMonthSchema),
});
export type RxAdminResponse = z.infer<typeof rxAdminResponseSchema>;

/** Subscribers per page of /rxadmin. */
export const rxAdminSubscribersPageSize = 20;

/**
 * POST /rxadmin/subscriptions/search: the company's subscribers, newest first, `query` matching
 * the member's name (every word), `status` one status; `rxAdminSubscribersPageSize` a page.
 */
export const rxAdminSubscribersSearchSchema = z.object({
  query: z
    .string({ error: 'lists.field.query' })
    .trim()
    .max(100, { error: 'lists.field.query' })
    .default(''),
  status: z.enum(subscriptionStatuses, { error: 'lists.field.status' }).optional(),
  page: z
    .number({ error: 'lists.field.page' })
    .int({ error: 'lists.field.page' })
    .min(1, { error: 'lists.field.page' })
    .max(10_000, { error: 'lists.field.page' })
    .default(1),
});
export type RxAdminSubscribersSearch = z.input<typeof rxAdminSubscribersSearchSchema>;
export const rxAdminSubscribersSearchResponseSchema = z.object({
  error: z.literal(false),
  subscribers: z.array(subscriberViewSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Subscribers matching the search (every page). */
  total: z.number().int().nonnegative(),
});
export type RxAdminSubscribersSearchResponse = z.infer<
  typeof rxAdminSubscribersSearchResponseSchema
>;

/** POST /rxadmin/subscriptions/{id}/cancel: stop renewals; with refund, give the last charge back and end it now. */
export const rxAdminCancelRequestSchema = z.object({
  refund: z.boolean(),
  reason: z.string().trim().min(1).max(maxCancelReason),
});
export type RxAdminCancelRequest = z.input<typeof rxAdminCancelRequestSchema>;

export const rxAdminCancelResponseSchema = z.object({
  error: z.literal(false),
  subscriber: subscriberViewSchema,
});
