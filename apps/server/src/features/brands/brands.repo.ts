import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, referrals } from '../../db/schema/brands';

export interface BrandRow {
  id: string;
  name: string;
  logoUrl: string | null;
  colorPrimary: string;
  colorAccent: string;
  colorWarning: string;
  settings: Record<string, unknown>;
  hostKind: string | null;
  hosts: string[];
  aliases: string[];
  thirdParty: boolean;
  isMain: boolean;
  homePage: string;
  backgroundImage: string | null;
  registerEnabled: boolean;
  attribution: boolean;
}

export interface ReferralRow {
  code: string;
  title: string;
  message: string;
  linkMessage: string;
  priceCents: number | null;
  ownerAccountId: string | null;
}

export interface BrandsRepo {
  listAll(): Promise<BrandRow[]>;
  referral(code: string): Promise<ReferralRow | undefined>;
  /** The referral codes an account owns (its referral links). */
  referralCodesOwnedBy(accountId: string): Promise<string[]>;
  /** Codes a brand hands out, or that these accounts own (a pharmacy's codes, issue 20). */
  referralsOf(
    brandId: string,
    ownerAccountIds: readonly string[],
  ): Promise<
    {
      code: string;
      title: string;
      priceCents: number | null;
      brandId: string;
      ownerAccountId: string | null;
    }[]
  >;
}

export function createBrandsRepo(db: Db): BrandsRepo {
  return {
    async listAll() {
      return db
        .select({
          id: brands.id,
          name: brands.name,
          logoUrl: brands.logoUrl,
          colorPrimary: brands.colorPrimary,
          colorAccent: brands.colorAccent,
          colorWarning: brands.colorWarning,
          settings: brands.settings,
          hostKind: brands.hostKind,
          hosts: brands.hosts,
          aliases: brands.aliases,
          thirdParty: brands.thirdParty,
          isMain: brands.isMain,
          homePage: brands.homePage,
          backgroundImage: brands.backgroundImage,
          registerEnabled: brands.registerEnabled,
          attribution: brands.attribution,
        })
        .from(brands);
    },
    async referral(code) {
      const [row] = await db
        .select({
          code: referrals.code,
          title: referrals.title,
          message: referrals.message,
          linkMessage: referrals.linkMessage,
          priceCents: referrals.priceCents,
          ownerAccountId: referrals.ownerAccountId,
        })
        .from(referrals)
        // A retired code (the back office's brand offers) gives no price and no landing.
        .where(and(eq(referrals.code, code), eq(referrals.active, true)))
        .limit(1);
      return row;
    },
    async referralCodesOwnedBy(accountId) {
      const rows = await db
        .select({ code: referrals.code })
        .from(referrals)
        .where(eq(referrals.ownerAccountId, accountId));
      return rows.map((r) => r.code);
    },
    async referralsOf(brandId, ownerAccountIds) {
      return db
        .select({
          code: referrals.code,
          title: referrals.title,
          priceCents: referrals.priceCents,
          brandId: referrals.brandId,
          ownerAccountId: referrals.ownerAccountId,
        })
        .from(referrals)
        .where(
          ownerAccountIds.length > 0
            ? or(
                eq(referrals.brandId, brandId),
                inArray(referrals.ownerAccountId, [...ownerAccountIds]),
              )
            : eq(referrals.brandId, brandId),
        )
        .orderBy(asc(referrals.code));
    },
  };
}
