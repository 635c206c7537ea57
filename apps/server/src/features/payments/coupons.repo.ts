import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/payments';

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

/** Coupons and who redeemed them. */
export interface CouponsRepo {
  coupon(code: string): Promise<CouponRecord | undefined>;
  /** Records the account's redemption, within the coupon's limit; false when none is left. */
  redeemCoupon(accountId: string, code: string): Promise<boolean>;
  redemptions(
    accountId: string,
  ): Promise<{ code: string; title: string; message: string; redeemedAt: Date }[]>;
  /** The coupon the account applied most recently and has not paid with yet. */
  appliedCoupon(accountId: string): Promise<CouponRecord | undefined>;
  /**
   * Sets the account's applied, unused coupons aside (back to the default price): their
   * redemptions are removed and each coupon's count goes back down, so it may be applied again.
   */
  setAsideCoupons(accountId: string): Promise<void>;
  /** Gives a failed charge's coupon redemption back. */
  releaseCoupon(ledgerId: string): Promise<void>;
}

export function createCouponsRepo(db: Db): CouponsRepo {
  return {
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
    async appliedCoupon(accountId) {
      const [row] = await db
        .select({ coupon: coupons })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.code, couponRedemptions.code))
        .where(and(eq(couponRedemptions.accountId, accountId), isNull(couponRedemptions.ledgerId)))
        .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
        .limit(1);
      return row?.coupon;
    },
    async setAsideCoupons(accountId) {
      await db.transaction(async (tx) => {
        const removed = await tx
          .delete(couponRedemptions)
          .where(
            and(eq(couponRedemptions.accountId, accountId), isNull(couponRedemptions.ledgerId)),
          )
          .returning({ code: couponRedemptions.code });
        for (const { code } of removed) {
          await tx
            .update(coupons)
            .set({ redemptions: sql`greatest(${coupons.redemptions} - 1, 0)` })
            .where(eq(coupons.code, code));
        }
      });
    },
    async releaseCoupon(ledgerId) {
      await db
        .update(couponRedemptions)
        .set({ ledgerId: null })
        .where(eq(couponRedemptions.ledgerId, ledgerId));
    },
  };
}
