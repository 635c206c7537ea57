import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/accounts';
import { referrals } from '../../db/schema/brands';
import {
  appSecrets,
  couponRedemptions,
  coupons,
  creditEntries,
  gatewayCustomers,
  ledger,
  paymentProfiles,
} from '../../db/schema/payments';

export interface ProfileRecord {
  id: string;
  paymentProfileId: string;
  brand: string;
  last4: string;
  expiration: string;
  holderName: string;
  valid: boolean;
}

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

export interface CouponRecord {
  code: string;
  brandId: string;
  kind: string;
  value: number;
  title: string;
  message: string;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  redemptions: number;
  active: boolean;
}

export interface PaymentsRepo {
  customerOf(accountId: string, gateway: string): Promise<string | undefined>;
  saveCustomer(accountId: string, gateway: string, customerProfileId: string): Promise<void>;
  listProfiles(accountId: string, gateway: string): Promise<ProfileRecord[]>;
  findProfile(accountId: string, id: string): Promise<ProfileRecord | undefined>;
  insertProfile(
    accountId: string,
    gateway: string,
    profile: Omit<ProfileRecord, 'id' | 'valid'>,
  ): Promise<void>;
  deleteProfile(id: string, at: Date): Promise<void>;
  /** The gateway refused the card: it stays listed, marked invalid, until replaced. */
  markProfileInvalid(id: string): Promise<void>;
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
  /** Gives a failed charge's coupon redemption back. */
  releaseCoupon(ledgerId: string): Promise<void>;
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
  /** Succeeded charges of accounts that registered with one of this account's referral codes. */
  referredCharges(
    ownerAccountId: string,
  ): Promise<{ id: string; code: string; amountCents: number; createdAt: Date }[]>;
  creditBalance(accountId: string): Promise<number>;
  addCredit(
    accountId: string,
    amountCents: number,
    reason: string,
    ledgerId: string | null,
  ): Promise<void>;
  coupon(code: string): Promise<CouponRecord | undefined>;
  redeemCoupon(accountId: string, code: string): Promise<boolean>;
  redemptions(
    accountId: string,
  ): Promise<{ code: string; title: string; message: string; redeemedAt: Date }[]>;
  referralPrice(
    code: string,
  ): Promise<{ title: string; message: string; priceCents: number | null } | undefined>;
  /** A named secret, created with `make()` the first time (race-safe). */
  secret(name: string, make: () => string): Promise<string>;
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

const profileColumns = {
  id: paymentProfiles.id,
  paymentProfileId: paymentProfiles.paymentProfileId,
  brand: paymentProfiles.brand,
  last4: paymentProfiles.last4,
  expiration: paymentProfiles.expiration,
  holderName: paymentProfiles.holderName,
  valid: paymentProfiles.valid,
};

export function createPaymentsRepo(db: Db): PaymentsRepo {
  return {
    async customerOf(accountId, gateway) {
      const [row] = await db
        .select({ id: gatewayCustomers.customerProfileId })
        .from(gatewayCustomers)
        .where(
          and(eq(gatewayCustomers.accountId, accountId), eq(gatewayCustomers.gateway, gateway)),
        )
        .limit(1);
      return row?.id;
    },
    async saveCustomer(accountId, gateway, customerProfileId) {
      await db
        .insert(gatewayCustomers)
        .values({ accountId, gateway, customerProfileId })
        .onConflictDoNothing();
    },
    async listProfiles(accountId, gateway) {
      return db
        .select(profileColumns)
        .from(paymentProfiles)
        .where(
          and(
            eq(paymentProfiles.accountId, accountId),
            eq(paymentProfiles.gateway, gateway),
            isNull(paymentProfiles.deletedAt),
          ),
        )
        .orderBy(paymentProfiles.createdAt);
    },
    async findProfile(accountId, id) {
      const [row] = await db
        .select(profileColumns)
        .from(paymentProfiles)
        .where(
          and(
            eq(paymentProfiles.accountId, accountId),
            eq(paymentProfiles.paymentProfileId, id),
            isNull(paymentProfiles.deletedAt),
          ),
        )
        .limit(1);
      return row;
    },
    async insertProfile(accountId, gateway, profile) {
      await db.insert(paymentProfiles).values({ accountId, gateway, ...profile });
    },
    async markProfileInvalid(id) {
      await db.update(paymentProfiles).set({ valid: false }).where(eq(paymentProfiles.id, id));
    },
    async deleteProfile(id, at) {
      await db.update(paymentProfiles).set({ deletedAt: at }).where(eq(paymentProfiles.id, id));
    },
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
    async releaseCoupon(ledgerId) {
      await db
        .update(couponRedemptions)
        .set({ ledgerId: null })
        .where(eq(couponRedemptions.ledgerId, ledgerId));
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
      const rows = await db
        .select(ledgerColumns)
        .from(ledger)
        .where(and(eq(ledger.accountId, accountId), eq(ledger.state, 'succeeded')))
        .orderBy(desc(ledger.createdAt));
      return rows.map(asLedger);
    },
    async referredCharges(ownerAccountId) {
      return db
        .select({
          id: ledger.id,
          code: referrals.code,
          amountCents: ledger.amountCents,
          createdAt: ledger.createdAt,
        })
        .from(ledger)
        .innerJoin(accounts, eq(accounts.id, ledger.accountId))
        .innerJoin(referrals, eq(referrals.code, accounts.referredBy))
        .where(
          and(
            eq(referrals.ownerAccountId, ownerAccountId),
            eq(ledger.kind, 'charge'),
            eq(ledger.state, 'succeeded'),
          ),
        )
        .orderBy(desc(ledger.createdAt));
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
    async coupon(code) {
      const [row] = await db.select().from(coupons).where(eq(coupons.code, code)).limit(1);
      return row;
    },
    async redeemCoupon(accountId, code) {
      return db
        .transaction(async (tx) => {
          const inserted = await tx
            .insert(couponRedemptions)
            .values({ accountId, code })
            .onConflictDoNothing()
            .returning({ id: couponRedemptions.id });
          if (inserted.length === 0) return true; // already redeemed by this account: still theirs
          const updated = await tx
            .update(coupons)
            .set({ redemptions: sql`${coupons.redemptions} + 1` })
            .where(
              and(
                eq(coupons.code, code),
                sql`(${coupons.maxRedemptions} is null or ${coupons.redemptions} < ${coupons.maxRedemptions})`,
              ),
            )
            .returning({ code: coupons.code });
          if (updated.length === 0) {
            tx.rollback();
          }
          return true;
        })
        .catch(() => false);
    },
    async redemptions(accountId) {
      return db
        .select({
          code: coupons.code,
          title: coupons.title,
          message: coupons.message,
          redeemedAt: couponRedemptions.redeemedAt,
        })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.code, couponRedemptions.code))
        .where(eq(couponRedemptions.accountId, accountId))
        .orderBy(desc(couponRedemptions.redeemedAt));
    },
    async referralPrice(code) {
      const [row] = await db
        .select({
          title: referrals.title,
          message: referrals.message,
          priceCents: referrals.priceCents,
        })
        .from(referrals)
        .where(eq(referrals.code, code))
        .limit(1);
      return row;
    },
    async secret(name, make) {
      await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
      const [row] = await db
        .select({ value: appSecrets.value })
        .from(appSecrets)
        .where(eq(appSecrets.name, name))
        .limit(1);
      if (!row) throw new Error(`secret ${name} missing`);
      return row.value;
    },
  };
}
