/**
 * The back office's offers of a brand (the brands area): its coupons, its referral codes
 * and its subscription plans and prices, under /api/admin/brands/:id/…. Admin reads and changes,
 * support reads (backoffice.rules 'brands'). One contract for server and web; every field's
 * message names it, in the reader's language.
 */
import { z } from 'zod';
import { centsSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { subscriptionCatalogSchema } from '../subscriptions/subscriptions.api';
import { billingPeriods, subscriptionPlans } from '../subscriptions/subscriptions.rules';
import {
  catalogProblem,
  couponKinds,
  normalizeOfferCode,
  offerCodePattern,
} from './brand-offers.rules';

const key = (k: MessageKey) => ({ error: k });

/** Path of one coupon or referral code of a brand. */
export const brandCodeParamsSchema = z.object({
  id: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1).max(64),
});

const codeSchema = (field: MessageKey) =>
  z
    .string(key(field))
    .transform(normalizeOfferCode)
    .pipe(z.string().regex(offerCodePattern, key(field)));

const textSchema = (field: MessageKey, max: number) =>
  z.string(key(field)).trim().max(max, key(field));

// ---- Coupons ----------------------------------------------------------------------------------

const couponKindSchema = z.enum(couponKinds, key('brandOffers.coupon.field.kind'));
const couponValueSchema = z
  .number(key('brandOffers.coupon.field.value'))
  .int(key('brandOffers.coupon.field.value'))
  .min(0, key('brandOffers.coupon.field.value'))
  .max(1_000_000, key('brandOffers.coupon.field.value'));
const expiresAtSchema = z.iso
  .datetime({ offset: true, ...key('brandOffers.coupon.field.expiresAt') })
  .nullable();
const maxRedemptionsSchema = z
  .number(key('brandOffers.coupon.field.maxRedemptions'))
  .int(key('brandOffers.coupon.field.maxRedemptions'))
  .min(1, key('brandOffers.coupon.field.maxRedemptions'))
  .max(1_000_000, key('brandOffers.coupon.field.maxRedemptions'))
  .nullable();

/** POST /admin/brands/:id/coupons. The value is checked against the kind and the fee on the server. */
export const createCouponRequestSchema = z.object({
  code: codeSchema('brandOffers.coupon.field.code'),
  kind: couponKindSchema,
  value: couponValueSchema,
  title: textSchema('brandOffers.field.title', 200).default(''),
  message: textSchema('brandOffers.field.message', 1000).default(''),
  expiresAt: expiresAtSchema.default(null),
  maxRedemptions: maxRedemptionsSchema.default(null),
});
export type CreateCouponRequest = z.input<typeof createCouponRequestSchema>;

/** PATCH /admin/brands/:id/coupons/:code: only the fields sent change; `active: false` stops it. */
export const updateCouponRequestSchema = z
  .object({
    kind: couponKindSchema.optional(),
    value: couponValueSchema.optional(),
    title: textSchema('brandOffers.field.title', 200).optional(),
    message: textSchema('brandOffers.field.message', 1000).optional(),
    expiresAt: expiresAtSchema.optional(),
    maxRedemptions: maxRedemptionsSchema.optional(),
    active: z.boolean(key('brandOffers.field.active')).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), key('brandOffers.field.nothing'));
export type UpdateCouponRequest = z.input<typeof updateCouponRequestSchema>;

export const brandCouponSchema = z.object({
  code: z.string(),
  kind: z.enum(couponKinds),
  value: z.number().int(),
  title: z.string(),
  message: z.string(),
  expiresAt: isoDateTimeSchema.nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Applied and not set aside (the limit counts these). */
  redemptions: z.number().int(),
  /** Whether anyone ever applied it (its kind and value are then fixed). */
  redeemed: z.boolean(),
  active: z.boolean(),
  /** Whether a patient may apply it now: active, not expired, limit not reached. */
  usable: z.boolean(),
});
export type BrandCoupon = z.infer<typeof brandCouponSchema>;

export const brandCouponsResponseSchema = z.object({
  error: z.literal(false),
  /** The consultation fee: an amount-off coupon takes at most this. */
  feeCents: centsSchema,
  coupons: z.array(brandCouponSchema),
});

export const brandCouponResponseSchema = z.object({
  error: z.literal(false),
  coupon: brandCouponSchema,
});

// ---- Referral codes ---------------------------------------------------------------------------

const referralPriceSchema = z
  .number(key('brandOffers.referral.field.price'))
  .int(key('brandOffers.referral.field.price'))
  .min(0, key('brandOffers.referral.field.price'))
  .max(1_000_000, key('brandOffers.referral.field.price'))
  .nullable();

/** POST /admin/brands/:id/referrals: a code the brand hands out; priceCents null keeps the fee. */
export const createReferralRequestSchema = z.object({
  code: codeSchema('brandOffers.referral.field.code'),
  title: textSchema('brandOffers.field.title', 200).default(''),
  message: textSchema('brandOffers.field.message', 1000).default(''),
  linkMessage: textSchema('brandOffers.referral.field.linkMessage', 1000).default(''),
  priceCents: referralPriceSchema.default(null),
});
export type CreateReferralRequest = z.input<typeof createReferralRequestSchema>;

/** PATCH /admin/brands/:id/referrals/:code: only the fields sent change; `active: false` retires it. */
export const updateReferralRequestSchema = z
  .object({
    title: textSchema('brandOffers.field.title', 200).optional(),
    message: textSchema('brandOffers.field.message', 1000).optional(),
    linkMessage: textSchema('brandOffers.referral.field.linkMessage', 1000).optional(),
    priceCents: referralPriceSchema.optional(),
    active: z.boolean(key('brandOffers.field.active')).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), key('brandOffers.field.nothing'));
export type UpdateReferralRequest = z.input<typeof updateReferralRequestSchema>;

export const brandReferralSchema = z.object({
  code: z.string(),
  title: z.string(),
  message: z.string(),
  linkMessage: z.string(),
  priceCents: z.number().int().nullable(),
  /** A patient's own code to share: listed, not editable by the operator. */
  patientOwned: z.boolean(),
  active: z.boolean(),
});
export type BrandReferral = z.infer<typeof brandReferralSchema>;

export const brandReferralsResponseSchema = z.object({
  error: z.literal(false),
  feeCents: centsSchema,
  referrals: z.array(brandReferralSchema),
});

export const brandReferralResponseSchema = z.object({
  error: z.literal(false),
  referral: brandReferralSchema,
});

// ---- Subscription plans and prices ------------------------------------------------------------

const cents = (field: MessageKey) =>
  z.number(key(field)).int(key(field)).min(0, key(field)).max(10_000_000, key(field));

/**
 * The catalog as the form sends it: the shape of the subscriptions area's
 * `subscriptionCatalogSchema` (which the server parses it with too), with a message per field.
 */
export const catalogFormSchema = z
  .object({
    plans: z
      .array(
        z.object({
          plan: z.enum(subscriptionPlans, key('brandOffers.catalog.field.plan')),
          period: z.enum(billingPeriods, key('brandOffers.catalog.field.period')),
          monthlyCents: cents('brandOffers.catalog.field.monthly'),
          freeMonths: z
            .number(key('brandOffers.catalog.field.freeMonths'))
            .int(key('brandOffers.catalog.field.freeMonths'))
            .min(0, key('brandOffers.catalog.field.freeMonths'))
            .max(11, key('brandOffers.catalog.field.freeMonths')),
        }),
        key('brandOffers.catalog.field.plans'),
      )
      .min(1, key('brandOffers.catalog.field.plans'))
      .max(6, key('brandOffers.catalog.field.plans')),
    memberVisitCents: cents('brandOffers.catalog.field.memberVisit'),
    nonmemberVisitCents: cents('brandOffers.catalog.field.nonmemberVisit'),
    rxServices: z
      .array(
        z.object({
          id: z
            .string(key('brandOffers.catalog.field.serviceId'))
            .trim()
            .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, key('brandOffers.catalog.field.serviceId')),
          name: z.object({
            en: z
              .string(key('brandOffers.catalog.field.serviceName'))
              .trim()
              .min(1, key('brandOffers.catalog.field.serviceName'))
              .max(200, key('brandOffers.catalog.field.serviceName')),
            es: z
              .string(key('brandOffers.catalog.field.serviceName'))
              .trim()
              .min(1, key('brandOffers.catalog.field.serviceName'))
              .max(200, key('brandOffers.catalog.field.serviceName')),
          }),
          monthlyCents: cents('brandOffers.catalog.field.serviceMonthly'),
          months: z
            .array(
              z
                .number(key('brandOffers.catalog.field.months'))
                .int(key('brandOffers.catalog.field.months'))
                .min(1, key('brandOffers.catalog.field.months'))
                .max(12, key('brandOffers.catalog.field.months')),
              key('brandOffers.catalog.field.months'),
            )
            .min(1, key('brandOffers.catalog.field.months'))
            .max(12, key('brandOffers.catalog.field.months')),
        }),
        key('brandOffers.catalog.field.services'),
      )
      .max(50, key('brandOffers.catalog.field.services')),
  })
  .superRefine((catalog, ctx) => {
    const problem = catalogProblem(catalog);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
    // What the subscriptions area parses the stored catalog with must accept it too.
    else if (!subscriptionCatalogSchema.safeParse(catalog).success)
      ctx.addIssue({ code: 'custom', message: 'brandOffers.catalog.field.plans' });
  });
export type CatalogForm = z.input<typeof catalogFormSchema>;

/**
 * PUT /admin/brands/:id/subscriptions: whether the brand sells subscriptions and its catalog
 * (null: sell from the deployment's defaults).
 */
export const brandSubscriptionsRequestSchema = z.object({
  sells: z.boolean(key('brandOffers.catalog.field.sells')),
  catalog: catalogFormSchema.nullable(),
});
export type BrandSubscriptionsRequest = z.input<typeof brandSubscriptionsRequestSchema>;

const storedCatalogSchema = subscriptionCatalogSchema;

export const brandSubscriptionsResponseSchema = z.object({
  error: z.literal(false),
  sells: z.boolean(),
  /** The brand's own catalog; null when it sells from the deployment's defaults. */
  catalog: storedCatalogSchema.nullable(),
  /** The deployment's defaults (what a brand without its own catalog sells). */
  defaults: storedCatalogSchema,
});
export type BrandSubscriptions = z.infer<typeof brandSubscriptionsResponseSchema>;
