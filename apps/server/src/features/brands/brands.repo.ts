import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandLogos, brands, referrals } from '../../db/schema/brands';

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

/** What the back office writes of a brand (everything but its key and main flag). */
export type BrandWrite = Omit<BrandRow, 'id' | 'isMain'>;

/** The brands as they are inside a write (the table is locked against other writers). */
export interface BrandsWriter {
  all(): Promise<BrandRow[]>;
  insert(id: string, row: BrandWrite, at: Date): Promise<void>;
  update(id: string, row: BrandWrite, at: Date): Promise<void>;
}

export interface BrandsRepo {
  listAll(): Promise<BrandRow[]>;
  /**
   * Runs `work` in a transaction that holds the brands table against other writers (reads go
   * on), so two saves cannot claim the same host name or key at once.
   */
  write<T>(work: (writer: BrandsWriter) => Promise<T>): Promise<T>;
  /** Keeps a logo's PNG under its hash (the same bytes twice are kept once). */
  saveLogo(hash: string, brandId: string, png: Buffer): Promise<void>;
  logo(hash: string): Promise<Buffer | undefined>;
  referral(code: string): Promise<ReferralRow | undefined>;
  /** The referral codes an account owns (its referral links). */
  referralCodesOwnedBy(accountId: string): Promise<string[]>;
  /** Codes a brand hands out, or that these accounts own (a pharmacy's codes). */
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

const columns = {
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
};

export function createBrandsRepo(db: Db): BrandsRepo {
  return {
    async write(work) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`lock table brands in share row exclusive mode`);
        return work({
          all: () => tx.select(columns).from(brands).orderBy(asc(brands.name)),
          async insert(id, row, at) {
            await tx.insert(brands).values({ ...row, id, isMain: false, editedAt: at });
          },
          async update(id, row, at) {
            await tx
              .update(brands)
              .set({ ...row, editedAt: at })
              .where(eq(brands.id, id));
          },
        });
      });
    },
    async saveLogo(hash, brandId, png) {
      await db
        .insert(brandLogos)
        .values({ hash, brandId, pngBase64: png.toString('base64') })
        .onConflictDoNothing();
    },
    async logo(hash) {
      const [row] = await db
        .select({ png: brandLogos.pngBase64 })
        .from(brandLogos)
        .where(eq(brandLogos.hash, hash))
        .limit(1);
      return row ? Buffer.from(row.png, 'base64') : undefined;
    },
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
