import type { CareSettings } from '@apothecall/domain/brands/brands.api';
import type { BrandRef } from '../../platform/actor';

/** A referral code's offer: the price it gives and who owns it. */
export interface ReferralOffer {
  code: string;
  title: string;
  message: string;
  /** The visit price with this code, in cents; null keeps the default fee. */
  priceCents: number | null;
  ownerAccountId: string | null;
}

/** What other areas may ask of brands. Other areas never read the brands tables. */
export interface BrandsPort {
  /** The brand of a request: its host name, or a company key (`brand` parameter). */
  resolve(where: { host: string; brandKey: string | undefined }): Promise<BrandRef>;
  byId(brandId: string): Promise<BrandRef>;
  careSettings(brandId: string): Promise<CareSettings>;
  /** Whether the brand sells subscriptions, and its stored catalog (the subscriptions area parses it). */
  subscriptionSettings(brandId: string): Promise<{ sells: boolean; catalog: unknown }>;
  /** A referral code (upper-cased, trimmed) and its offer, if it exists. */
  referral(code: string): Promise<ReferralOffer | undefined>;
  /** The codes an account owns (its own links to share). */
  referralCodesOwnedBy(accountId: string): Promise<string[]>;
  /**
   * The codes a brand hands out and those these accounts own (a pharmacy's white-label and its
   * staff), by code.
   */
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
