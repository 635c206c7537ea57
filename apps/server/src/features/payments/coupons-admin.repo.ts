import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons } from '../../db/schema/payments';
import type { CouponRecord } from './coupons.repo';

export interface AdminCouponRecord extends CouponRecord {
  /** Redemption rows ever kept (applied, used or not; set-aside ones are gone). */
  redeemedRows: number;
}

export type CouponChange = Partial<
  Pick<
    CouponRecord,
    'kind' | 'value' | 'title' | 'message' | 'expiresAt' | 'maxRedemptions' | 'active'
  >
>;

/** A brand's coupons as the back office reads and changes them. */
export interface CouponsAdminRepo {
  couponsOf(brandId: string): Promise<AdminCouponRecord[]>;
  couponOf(brandId: string, code: string): Promise<AdminCouponRecord | undefined>;
  /** Adds the coupon; undefined when the code exists already (any brand's). */
  create(row: Omit<CouponRecord, 'redemptions' | 'active'>): Promise<CouponRecord | undefined>;
  /**
   * Changes the coupon; with `onlyUnredeemed`, only while nobody has applied it (its kind and value
   * are then fixed): undefined when that no longer holds (or the coupon is not the brand's).
   */
  update(
    brandId: string,
    code: string,
    change: CouponChange,
    options: { onlyUnredeemed: boolean },
  ): Promise<CouponRecord | undefined>;
}

const redeemedRows = sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.code} = ${coupons.code})`;

export function createCouponsAdminRepo(db: Db): CouponsAdminRepo {
  const select = () =>
    db
      .select({
        code: coupons.code,
        brandId: coupons.brandId,
        kind: coupons.kind,
        value: coupons.value,
        title: coupons.title,
        message: coupons.message,
        expiresAt: coupons.expiresAt,
        maxRedemptions: coupons.maxRedemptions,
        redemptions: coupons.redemptions,
        active: coupons.active,
        redeemedRows,
      })
      .from(coupons);
  return {
    async couponsOf(brandId) {
      return select().where(eq(coupons.brandId, brandId)).orderBy(asc(coupons.code));
    },
    async couponOf(brandId, code) {
      const [row] = await select()
        .where(and(eq(coupons.brandId, brandId), eq(coupons.code, code)))
        .limit(1);
      return row;
    },
    async create(row) {
      const [created] = await db
        .insert(coupons)
        .values({ ...row, redemptions: 0, active: true })
        .onConflictDoNothing({ target: coupons.code })
        .returning();
      return created;
    },
    async update(brandId, code, change, options) {
      const [updated] = await db
        .update(coupons)
        .set(change)
        .where(
          and(
            eq(coupons.brandId, brandId),
            eq(coupons.code, code),
            options.onlyUnredeemed
              ? sql`${coupons.redemptions} = 0 and not exists (select 1 from ${couponRedemptions} where ${couponRedemptions.code} = ${coupons.code})`
              : undefined,
          ),
        )
        .returning();
      return updated;
    },
  };
}
