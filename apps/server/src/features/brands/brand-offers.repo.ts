import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, referrals } from '../../db/schema/brands';

export interface OfferReferralRow {
  code: string;
  brandId: string;
  title: string;
  message: string;
  linkMessage: string;
  priceCents: number | null;
  ownerAccountId: string | null;
  active: boolean;
}

export type ReferralChange = Partial<
  Pick<OfferReferralRow, 'title' | 'message' | 'linkMessage' | 'priceCents' | 'active'>
>;

/** What a brand sells by subscription, as its settings store it. */
export interface SubscriptionOffer {
  sells: boolean;
  /** `settings.subscriptionCatalog` as stored (unparsed), undefined when none. */
  catalog: unknown;
}

/**
 * The brand's offers the back office edits: its referral codes, and the subscription
 * part of its settings (`appSettings.subscriptionPurchaseActive`, `subscriptionCatalog`).
 * Coupons are the payments area's.
 */
export interface BrandOffersRepo {
  brandExists(brandId: string): Promise<boolean>;
  referralsOf(brandId: string): Promise<OfferReferralRow[]>;
  referral(brandId: string, code: string): Promise<OfferReferralRow | undefined>;
  /** Adds the code; undefined when the code exists already (any brand's, any owner's). */
  createReferral(
    row: Omit<OfferReferralRow, 'ownerAccountId' | 'active'>,
  ): Promise<OfferReferralRow | undefined>;
  /** Changes a code the brand hands out (never a patient's own code). */
  updateReferral(
    brandId: string,
    code: string,
    change: ReferralChange,
  ): Promise<OfferReferralRow | undefined>;
  subscriptionOffer(brandId: string): Promise<SubscriptionOffer | undefined>;
  /**
   * Sets whether the brand sells subscriptions and its catalog (null: none of its own), under
   * the brand row's lock so a concurrent change of other settings is kept; the offer before.
   */
  setSubscriptionOffer(
    brandId: string,
    offer: { sells: boolean; catalog: unknown | null },
  ): Promise<SubscriptionOffer | undefined>;
}

const offerOf = (settings: Record<string, unknown>): SubscriptionOffer => {
  const appSettings = (settings.appSettings ?? {}) as Record<string, unknown>;
  return {
    sells: appSettings.subscriptionPurchaseActive === true,
    catalog: settings.subscriptionCatalog,
  };
};

export function createBrandOffersRepo(db: Db): BrandOffersRepo {
  return {
    async brandExists(brandId) {
      const [row] = await db
        .select({ id: brands.id })
        .from(brands)
        .where(eq(brands.id, brandId))
        .limit(1);
      return row !== undefined;
    },
    async referralsOf(brandId) {
      return db
        .select()
        .from(referrals)
        .where(eq(referrals.brandId, brandId))
        .orderBy(asc(referrals.code));
    },
    async referral(brandId, code) {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.brandId, brandId), eq(referrals.code, code)))
        .limit(1);
      return row;
    },
    async createReferral(row) {
      const [created] = await db
        .insert(referrals)
        .values({ ...row, ownerAccountId: null, active: true })
        .onConflictDoNothing({ target: referrals.code })
        .returning();
      return created;
    },
    async updateReferral(brandId, code, change) {
      const [updated] = await db
        .update(referrals)
        .set(change)
        .where(and(eq(referrals.brandId, brandId), eq(referrals.code, code)))
        .returning();
      return updated;
    },
    async subscriptionOffer(brandId) {
      const [row] = await db
        .select({ settings: brands.settings })
        .from(brands)
        .where(eq(brands.id, brandId))
        .limit(1);
      return row ? offerOf(row.settings) : undefined;
    },
    async setSubscriptionOffer(brandId, offer) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ settings: brands.settings })
          .from(brands)
          .where(eq(brands.id, brandId))
          .for('update');
        if (!row) return undefined;
        const { subscriptionCatalog: _old, ...rest } = row.settings;
        const appSettings = (row.settings.appSettings ?? {}) as Record<string, unknown>;
        const settings: Record<string, unknown> = {
          ...rest,
          appSettings: { ...appSettings, subscriptionPurchaseActive: offer.sells },
          ...(offer.catalog === null ? {} : { subscriptionCatalog: offer.catalog }),
        };
        await tx.update(brands).set({ settings }).where(eq(brands.id, brandId));
        return offerOf(row.settings);
      });
    },
  };
}
