/**
 * The back office's money area: every ledger entry across brands (filtered, paged),
 * the full refund of a succeeded charge with a reason, and a day's reconciliation of the ledger
 * with the payment gateway. Routes under /api/admin/money; admin only (support's money access is
 * 'none'). Filters travel in a POST body (never in a URL, which the logs keep). Cards show only
 * their brand and last four. One contract for server and web; every field's message names it.
 */
import { z } from 'zod';
import { centsSchema, idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

const key = (k: MessageKey) => ({ error: k });

/** Ledger entries per page of the transactions list. */
export const moneyPageSize = 50;

const isoDay = (k: MessageKey) =>
  z
    .string(key(k))
    .regex(/^\d{4}-\d{2}-\d{2}$/, key(k))
    .refine((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
    }, key(k));

/** The 8-character reference of a ledger entry: the first 8 hex digits of its id, upper case. */
export function moneyReferenceOf(ledgerId: string): string {
  return ledgerId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** POST /admin/money/transactions: the filters and the page. */
export const moneyTransactionsRequestSchema = z
  .object({
    brand: z
      .string(key('backoffice.money.field.brand'))
      .trim()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, key('backoffice.money.field.brand'))
      .optional(),
    kind: z.enum(['charge', 'refund'], key('backoffice.money.field.kind')).optional(),
    status: z
      .enum(['pending', 'succeeded', 'failed'], key('backoffice.money.field.status'))
      .optional(),
    /** First day included (UTC). */
    from: isoDay('backoffice.money.field.from').optional(),
    /** Last day included (UTC). */
    to: isoDay('backoffice.money.field.to').optional(),
    /** An invoice number, or the 8-character reference. */
    query: z
      .string(key('backoffice.money.field.query'))
      .trim()
      .min(1, key('backoffice.money.field.query'))
      .max(40, key('backoffice.money.field.query'))
      .regex(/^[A-Za-z0-9-]+$/, key('backoffice.money.field.query'))
      .optional(),
    page: z
      .number(key('backoffice.money.field.page'))
      .int(key('backoffice.money.field.page'))
      .min(1, key('backoffice.money.field.page'))
      .max(10000, key('backoffice.money.field.page'))
      .default(1),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, {
    ...key('backoffice.money.field.range'),
    path: ['to'],
  });
export type MoneyTransactionsRequest = z.input<typeof moneyTransactionsRequestSchema>;
export type MoneyFilters = z.output<typeof moneyTransactionsRequestSchema>;

export const moneyTransactionSchema = z.object({
  id: idSchema,
  /** The 8-character reference (first 8 hex digits of the id). */
  reference: z.string(),
  date: isoDateTimeSchema,
  brand: z.string(),
  /** The account holder's name ('' when the account has none on file). */
  accountName: z.string(),
  accountId: idSchema,
  kind: z.enum(['charge', 'refund']),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount: centsSchema,
  card: z.object({ brand: z.string().nullable(), last4: z.string().nullable() }),
  invoiceNumber: z.string(),
  /** A refund: the charge it gives back. */
  relatedId: z.string().nullable(),
  /** A succeeded charge: whether a refund of it exists (pending or succeeded). */
  refunded: z.boolean(),
});
export type MoneyTransaction = z.infer<typeof moneyTransactionSchema>;

export const moneyTransactionsResponseSchema = z.object({
  error: z.literal(false),
  transactions: z.array(moneyTransactionSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

/** POST /admin/money/transactions/:id/refund. */
export const moneyRefundRequestSchema = z.object({
  reason: z
    .string(key('backoffice.money.field.reason'))
    .trim()
    .min(3, key('backoffice.money.field.reason'))
    .max(500, key('backoffice.money.field.reason')),
  idempotencyKey: z
    .string(key('backoffice.money.field.idempotencyKey'))
    .trim()
    .min(8, key('backoffice.money.field.idempotencyKey'))
    .max(100, key('backoffice.money.field.idempotencyKey'))
    .regex(/^[A-Za-z0-9_:-]+$/, key('backoffice.money.field.idempotencyKey')),
});
export type MoneyRefundRequest = z.infer<typeof moneyRefundRequestSchema>;

export const moneyRefundResponseSchema = z.object({
  error: z.literal(false),
  /** The refund's ledger entry. */
  refund: moneyTransactionSchema,
});

/** GET /admin/money/reconciliation?day=YYYY-MM-DD (UTC day). */
export const reconciliationQuerySchema = z.object({
  day: isoDay('backoffice.money.field.day'),
});

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(['ledgerOnly', 'gatewayOnly', 'amountDiffers']),
  ledgerId: idSchema,
  reference: z.string(),
  invoiceNumber: z.string(),
  entryKind: z.enum(['charge', 'refund']),
  ledgerStatus: z.enum(['pending', 'succeeded', 'failed']),
  ledgerAmount: centsSchema,
  /** What the gateway holds for the invoice (null: nothing). */
  gatewayAmount: centsSchema.nullable(),
  gatewayStatus: z.string().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

export const reconciliationResponseSchema = z.object({
  error: z.literal(false),
  day: z.string(),
  /** Ledger entries of the day that moved money on a card (charges and refunds). */
  checked: z.number().int(),
  matched: z.number().int(),
  differences: z.array(reconciliationDifferenceSchema),
});
