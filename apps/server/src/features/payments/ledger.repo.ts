import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PapersQuery, paperColumns, papersOfAccountIn } from '../../db/document-papers';
import { couponRedemptions, creditEntries, ledger } from '../../db/schema/payments';

export type LedgerState = 'pending' | 'succeeded' | 'failed';

export interface LedgerRecord {
  id: string;
  accountId: string;
  kind: 'charge' | 'refund';
  state: LedgerState;
  idempotencyKey: string;
  fingerprint: string;
  invoiceNumber: string;
  amountCents: number;
  creditCents: number;
  cardCents: number;
  paymentProfileId: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardHolder: string | null;
  gatewayTransactionId: string | null;
  relatedId: string | null;
  description: string;
  errorCode: string | null;
  createdAt: Date;
}

/**
 * The money ledger (charges and refunds, each once per idempotency key) and the credit balance
 * it draws on. Opening a charge also takes the account's coupon redemption, in the same
 * transaction under the account's lock, so two charges cannot spend one coupon or one credit.
 */
export interface LedgerRepo {
  /** Inserts a pending entry; undefined when the idempotency key is already used (the existing row wins). */
  insertPending(
    entry: Omit<LedgerRecord, 'id' | 'state' | 'gatewayTransactionId' | 'errorCode' | 'createdAt'>,
  ): Promise<LedgerRecord | undefined>;
  /**
   * Opens a charge atomically, under a per-account lock: uses the coupon redemption (when the
   * price came from a coupon), reserves the credit the balance allows, and writes the pending
   * row. Concurrent charges therefore cannot spend the same credit or the same coupon twice.
   */
  openCharge(
    entry: Omit<
      LedgerRecord,
      | 'id'
      | 'state'
      | 'gatewayTransactionId'
      | 'errorCode'
      | 'createdAt'
      | 'creditCents'
      | 'cardCents'
    >,
    couponCode: string | null,
  ): Promise<
    { kind: 'opened'; entry: LedgerRecord } | { kind: 'exists' } | { kind: 'coupon-unavailable' }
  >;
  /** The refund of a charge that did not fail, if any. */
  refundOf(chargeId: string): Promise<LedgerRecord | undefined>;
  findByKey(accountId: string, idempotencyKey: string): Promise<LedgerRecord | undefined>;
  findEntry(accountId: string, id: string): Promise<LedgerRecord | undefined>;
  settle(
    id: string,
    state: LedgerState,
    detail: { gatewayTransactionId?: string; errorCode?: string },
    at: Date,
  ): Promise<boolean>;
  pendingBefore(at: Date): Promise<LedgerRecord[]>;
  listEntries(accountId: string): Promise<LedgerRecord[]>;
  /** Succeeded charges of these accounts, newest first. */
  succeededChargesOf(
    accountIds: readonly string[],
  ): Promise<{ id: string; accountId: string; amountCents: number; createdAt: Date }[]>;
  /** These charges, succeeded, with what succeeded refunds gave back of each. */
  chargesWithRefunds(
    chargeIds: readonly string[],
  ): Promise<{ id: string; amountCents: number; refundedCents: number }[]>;
  creditBalance(accountId: string): Promise<number>;
  addCredit(
    accountId: string,
    amountCents: number,
    reason: string,
    ledgerId: string | null,
  ): Promise<void>;
}

const ledgerColumns = {
  id: ledger.id,
  accountId: ledger.accountId,
  kind: ledger.kind,
  state: ledger.state,
  idempotencyKey: ledger.idempotencyKey,
  fingerprint: ledger.fingerprint,
  invoiceNumber: ledger.invoiceNumber,
  amountCents: ledger.amountCents,
  creditCents: ledger.creditCents,
  cardCents: ledger.cardCents,
  paymentProfileId: ledger.paymentProfileId,
  cardBrand: ledger.cardBrand,
  cardLast4: ledger.cardLast4,
  cardHolder: ledger.cardHolder,
  gatewayTransactionId: ledger.gatewayTransactionId,
  relatedId: ledger.relatedId,
  description: ledger.description,
  errorCode: ledger.errorCode,
  createdAt: ledger.createdAt,
};

type LedgerRow = { [K in keyof typeof ledgerColumns]: unknown };
const asLedger = (row: LedgerRow) => row as unknown as LedgerRecord;

export function createLedgerRepo(db: Db): LedgerRepo {
  // An account's transactions (its receipts, and the month's documents): prepared once (named).
  const entriesOf = db
    .select(ledgerColumns)
    .from(ledger)
    .where(and(eq(ledger.accountId, sql.placeholder('accountId')), eq(ledger.state, 'succeeded')))
    .orderBy(desc(ledger.createdAt))
    .prepare('ledger_entries_of_account');
  return {
    async insertPending(entry) {
      const rows = await db
        .insert(ledger)
        .values({ ...entry, state: 'pending' })
        .onConflictDoNothing({ target: [ledger.accountId, ledger.idempotencyKey] })
        .returning(ledgerColumns);
      return rows[0] ? asLedger(rows[0]) : undefined;
    },
    async openCharge(entry, couponCode) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${entry.accountId}))`);
        const [existing] = await tx
          .select({ id: ledger.id })
          .from(ledger)
          .where(
            and(
              eq(ledger.accountId, entry.accountId),
              eq(ledger.idempotencyKey, entry.idempotencyKey),
            ),
          )
          .limit(1);
        if (existing) return { kind: 'exists' as const };
        const id = crypto.randomUUID();
        if (couponCode) {
          const used = await tx
            .update(couponRedemptions)
            .set({ ledgerId: id })
            .where(
              and(
                eq(couponRedemptions.accountId, entry.accountId),
                eq(couponRedemptions.code, couponCode),
                isNull(couponRedemptions.ledgerId),
              ),
            )
            .returning({ id: couponRedemptions.id });
          if (used.length === 0) return { kind: 'coupon-unavailable' as const };
        }
        const [row] = await tx
          .select({
            total: sql<string | number | null>`coalesce(sum(${creditEntries.amountCents}), 0)`,
          })
          .from(creditEntries)
          .where(eq(creditEntries.accountId, entry.accountId));
        const balance = Math.max(0, Number(row?.total ?? 0));
        const creditCents = Math.min(balance, entry.amountCents);
        const [inserted] = await tx
          .insert(ledger)
          .values({
            ...entry,
            id,
            state: 'pending',
            creditCents,
            cardCents: entry.amountCents - creditCents,
          })
          .returning(ledgerColumns);
        if (!inserted) throw new Error('ledger insert returned nothing');
        if (creditCents > 0) {
          await tx.insert(creditEntries).values({
            accountId: entry.accountId,
            amountCents: -creditCents,
            reason: 'charge',
            ledgerId: id,
          });
        }
        return { kind: 'opened' as const, entry: asLedger(inserted) };
      });
    },
    async refundOf(chargeId) {
      const [row] = await db
        .select(ledgerColumns)
        .from(ledger)
        .where(
          and(
            eq(ledger.relatedId, chargeId),
            eq(ledger.kind, 'refund'),
            sql`${ledger.state} <> 'failed'`,
          ),
        )
        .limit(1);
      return row ? asLedger(row) : undefined;
    },
    async findByKey(accountId, idempotencyKey) {
      const [row] = await db
        .select(ledgerColumns)
        .from(ledger)
        .where(and(eq(ledger.accountId, accountId), eq(ledger.idempotencyKey, idempotencyKey)))
        .limit(1);
      return row ? asLedger(row) : undefined;
    },
    async findEntry(accountId, id) {
      const [row] = await db
        .select(ledgerColumns)
        .from(ledger)
        .where(and(eq(ledger.accountId, accountId), eq(ledger.id, id)))
        .limit(1);
      return row ? asLedger(row) : undefined;
    },
    async settle(id, state, detail, at) {
      const rows = await db
        .update(ledger)
        .set({
          state,
          gatewayTransactionId: detail.gatewayTransactionId ?? null,
          errorCode: detail.errorCode ?? null,
          updatedAt: at,
        })
        .where(and(eq(ledger.id, id), eq(ledger.state, 'pending')))
        .returning({ id: ledger.id });
      return rows.length === 1;
    },
    async pendingBefore(at) {
      const rows = await db
        .select(ledgerColumns)
        .from(ledger)
        .where(and(eq(ledger.state, 'pending'), lt(ledger.createdAt, at)));
      return rows.map(asLedger);
    },
    async listEntries(accountId) {
      const rows = await entriesOf.execute({ accountId });
      return rows.map(asLedger);
    },
    async succeededChargesOf(accountIds) {
      if (accountIds.length === 0) return [];
      return db
        .select({
          id: ledger.id,
          accountId: ledger.accountId,
          amountCents: ledger.amountCents,
          createdAt: ledger.createdAt,
        })
        .from(ledger)
        .where(
          and(
            inArray(ledger.accountId, [...accountIds]),
            eq(ledger.kind, 'charge'),
            eq(ledger.state, 'succeeded'),
          ),
        )
        .orderBy(desc(ledger.createdAt));
    },
    async chargesWithRefunds(chargeIds) {
      if (chargeIds.length === 0) return [];
      const [charges, refunds] = await Promise.all([
        db
          .select({ id: ledger.id, amountCents: ledger.amountCents })
          .from(ledger)
          .where(
            and(
              inArray(ledger.id, [...chargeIds]),
              eq(ledger.kind, 'charge'),
              eq(ledger.state, 'succeeded'),
            ),
          ),
        db
          .select({ chargeId: ledger.relatedId, amountCents: ledger.amountCents })
          .from(ledger)
          .where(
            and(
              inArray(ledger.relatedId, [...chargeIds]),
              eq(ledger.kind, 'refund'),
              eq(ledger.state, 'succeeded'),
            ),
          ),
      ]);
      const refunded = new Map<string, number>();
      for (const r of refunds) {
        if (r.chargeId) refunded.set(r.chargeId, (refunded.get(r.chargeId) ?? 0) + r.amountCents);
      }
      return charges.map((c) => ({
        id: c.id,
        amountCents: c.amountCents,
        refundedCents: refunded.get(c.id) ?? 0,
      }));
    },
    async creditBalance(accountId) {
      const [row] = await db
        .select({
          total: sql<string | number | null>`coalesce(sum(${creditEntries.amountCents}), 0)`,
        })
        .from(creditEntries)
        .where(eq(creditEntries.accountId, accountId));
      return Number(row?.total ?? 0);
    },
    async addCredit(accountId, amountCents, reason, ledgerId) {
      await db
        .insert(creditEntries)
        .values({ accountId, amountCents, reason, ledgerId })
        .onConflictDoNothing();
    },
  };
}

/** The account's receipts and refunds made in [from, to), for its documents (`PapersQuery`). */
export function receiptPapers(db: Db): PapersQuery {
  return db
    .select(
      paperColumns('receipt', {
        id: ledger.id,
        personId: null,
        at: ledger.createdAt,
        data: sql`jsonb_build_object('kind', ${ledger.kind}, 'description', ${ledger.description}, 'invoiceNumber', ${ledger.invoiceNumber})`,
      }),
    )
    .from(ledger)
    .where(
      and(papersOfAccountIn(ledger.accountId, ledger.createdAt), eq(ledger.state, 'succeeded')),
    )
    .$dynamic();
}
