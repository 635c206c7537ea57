/**
 * The back office's money area, its read-only lists of recurring money: every
 * subscription across brands and every prepay program across pharmacies. Routes under
 * /api/admin/money (POST, filters in the body, never in the URL); admin only, like the rest of the
 * money area (support's money access is 'none'). The subscriptions and prepay areas answer them
 * (their data). One contract for server and web; every field's message names it.
 */
import { z } from 'zod';
import { centsSchema, idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

const key = (k: MessageKey) => ({ error: k });

/** Rows per page of both lists. */
export const moneyPlansPageSize = 50;

const brand = z
  .string(key('backoffice.money.field.brand'))
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, key('backoffice.money.field.brand'));
const page = z
  .number(key('backoffice.money.field.page'))
  .int(key('backoffice.money.field.page'))
  .min(1, key('backoffice.money.field.page'))
  .max(10000, key('backoffice.money.field.page'))
  .default(1);

/**
 * A subscription's status as the money console shows it: active (renewing), past due (active,
 * its last renewal declined: retried later), cancelled (runs to the end of its period, no more
 * renewals), inactive (ended).
 */
export const moneySubscriptionStatuses = ['active', 'pastDue', 'cancelled', 'inactive'] as const;
export type MoneySubscriptionStatus = (typeof moneySubscriptionStatuses)[number];

/** The console's status of a stored subscription (its status and its declined renewals). */
export function moneySubscriptionStatusOf(
  status: string,
  failedRenewals: number,
): MoneySubscriptionStatus {
  if (status === 'active') return failedRenewals > 0 ? 'pastDue' : 'active';
  if (status === 'cancelled') return 'cancelled';
  return 'inactive';
}

/** POST /admin/money/subscriptions. */
export const moneySubscriptionsRequestSchema = z.object({
  brand: brand.optional(),
  status: z
    .enum(moneySubscriptionStatuses, key('backoffice.money.field.subscriptionStatus'))
    .optional(),
  page,
});
export type MoneySubscriptionsRequest = z.input<typeof moneySubscriptionsRequestSchema>;
export type MoneySubscriptionsFilters = z.output<typeof moneySubscriptionsRequestSchema>;

export const moneySubscriptionSchema = z.object({
  id: idSchema,
  /** The account holder's name ('' when none is on file). */
  patientName: z.string(),
  accountId: idSchema,
  /** The brand that sold it. */
  brand: z.string(),
  /** A visit plan or an rx subscription (a medication supplied monthly). */
  kind: z.enum(['visits', 'rx']),
  /** The plan (individual, family) or the rx service. */
  plan: z.string().nullable(),
  /** The billing period's name (quarterly, semiannual, annual) and its months. */
  period: z.string().nullable(),
  months: z.number().int(),
  /** What each renewal bills. */
  price: centsSchema,
  status: z.enum(moneySubscriptionStatuses),
  /** The next renewal (null once cancelled or ended). */
  nextRenewal: isoDateTimeSchema.nullable(),
  startedAt: isoDateTimeSchema,
});
export type MoneySubscription = z.infer<typeof moneySubscriptionSchema>;

export const moneySubscriptionsResponseSchema = z.object({
  error: z.literal(false),
  subscriptions: z.array(moneySubscriptionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** POST /admin/money/prepay-programs. */
export const moneyPrepayRequestSchema = z.object({
  brand: brand.optional(),
  /** A pharmacy's id (its key). */
  pharmacy: z
    .string(key('backoffice.money.field.pharmacy'))
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, key('backoffice.money.field.pharmacy'))
    .optional(),
  page,
});
export type MoneyPrepayRequest = z.input<typeof moneyPrepayRequestSchema>;
export type MoneyPrepayFilters = z.output<typeof moneyPrepayRequestSchema>;

export const moneyPrepayProgramSchema = z.object({
  id: idSchema,
  name: z.string(),
  brand: z.string(),
  /** The pharmacy whose staff bought it (null: bought by someone else). */
  pharmacyId: z.string().nullable(),
  pharmacy: z.string().nullable(),
  /** The holder who bought it ('' when no name is on file). */
  owner: z.string(),
  /** Visits bought (purchase and added funds), taken by visits, left (the balance). */
  visitsBought: z.number().int(),
  visitsUsed: z.number().int(),
  balance: z.number().int(),
  /** Access tokens issued (not deleted), used at least once, still unused. */
  tokensIssued: z.number().int(),
  tokensUsed: z.number().int(),
  tokensLeft: z.number().int(),
  /** Money paid for the program so far (purchase and added funds). */
  sold: centsSchema,
  /** The last purchase or added funds. */
  lastSale: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
});
export type MoneyPrepayProgram = z.infer<typeof moneyPrepayProgramSchema>;

export const moneyPrepayResponseSchema = z.object({
  error: z.literal(false),
  programs: z.array(moneyPrepayProgramSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
