import type {
  BrandReferral,
  BrandSubscriptions,
  createReferralRequestSchema,
  UpdateReferralRequest,
} from '@apothecall/domain/brands/brand-offers.api';
import {
  type CatalogDefaults,
  defaultSubscriptionCatalog,
  fieldChanges,
  normalizeOfferCode,
} from '@apothecall/domain/brands/brand-offers.rules';
import { subscriptionCatalogSchema } from '@apothecall/domain/subscriptions/subscriptions.api';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandOffersRepo, OfferReferralRow } from './brand-offers.repo';

export interface BrandOffersService {
  referrals(
    actor: Actor,
    brandId: string,
  ): Promise<{ feeCents: number; referrals: BrandReferral[] }>;
  createReferral(
    actor: Actor,
    brandId: string,
    input: z.output<typeof createReferralRequestSchema>,
  ): Promise<BrandReferral>;
  updateReferral(
    actor: Actor,
    brandId: string,
    code: string,
    change: UpdateReferralRequest,
  ): Promise<BrandReferral>;
  subscriptions(actor: Actor, brandId: string): Promise<Omit<BrandSubscriptions, 'error'>>;
  setSubscriptions(
    actor: Actor,
    brandId: string,
    input: { sells: boolean; catalog: StoredCatalog | null },
  ): Promise<Omit<BrandSubscriptions, 'error'>>;
}

const referralFields = ['title', 'message', 'linkMessage', 'priceCents', 'active'] as const;

function referralView(row: OfferReferralRow): BrandReferral {
  return {
    code: row.code,
    title: row.title,
    message: row.message,
    linkMessage: row.linkMessage,
    priceCents: row.priceCents,
    patientOwned: row.ownerAccountId !== null,
    active: row.active,
  };
}

type StoredCatalog = z.infer<typeof subscriptionCatalogSchema>;

const soldFields = [
  'sells',
  'ownCatalog',
  'plans',
  'memberVisitCents',
  'nonmemberVisitCents',
  'rxServices',
] as const;

/** What the brand sells, field by field (its own catalog, else the defaults), for the audit. */
function sold(sells: boolean, own: StoredCatalog | null, defaults: StoredCatalog) {
  const catalog = own ?? defaults;
  return {
    sells,
    ownCatalog: own !== null,
    plans: catalog.plans,
    memberVisitCents: catalog.memberVisitCents,
    nonmemberVisitCents: catalog.nonmemberVisitCents,
    rxServices: catalog.rxServices,
  };
}

/** The stored catalog when it is one the subscriptions area can sell from, else null. */
function storedCatalog(raw: unknown): StoredCatalog | null {
  const parsed = subscriptionCatalogSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * A brand's referral codes and subscription plans and prices in the back office (the
 * brands area; coupons are the payments area's). Admin reads and changes, support reads
 * (backoffice.rules 'brands'); anyone else is refused, and the refusal audited. Every change is
 * audited with each changed field's value before and after, and applies at once: the brands
 * registry's cache is forgotten (`invalidate`), so the next read (the catalog a patient sees, a
 * referral code's price) is the new one.
 *
 * - Referral codes are never deleted: transactions and the pharmacy's analytics name them. A
 *   retired code (`active: false`) gives no price and no landing; it may be used again.
 * - A patient's own code (it has an owner) is listed and left alone (409).
 * - Subscriptions: a subscriber's renewals bill the amount stored at purchase, so a new price
 *   applies to new purchases (and to visits priced from now on), never to a plan in force.
 */
export function createBrandOffersService(deps: {
  repo: BrandOffersRepo;
  accounts: Pick<AccountsPort, 'membership'>;
  audit: AuditService;
  /** Forgets the brands registry's cache here and in every other process (brands.changed). */
  invalidate: (brandId: string) => void;
  feeCents: number;
  defaults: CatalogDefaults;
}): BrandOffersService {
  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: 'read' | 'write') =>
    gate(actor, 'brands', need, `backoffice.brands.offers.${need}`);

  async function brand(brandId: string): Promise<void> {
    if (!(await deps.repo.brandExists(brandId))) {
      throw new AppError(404, 'NOT_FOUND', 'brandOffers.notFound');
    }
  }

  async function subscriptionsOf(brandId: string) {
    const offer = await deps.repo.subscriptionOffer(brandId);
    if (!offer) throw new AppError(404, 'NOT_FOUND', 'brandOffers.notFound');
    return {
      sells: offer.sells,
      catalog: storedCatalog(offer.catalog),
      defaults: subscriptionCatalogSchema.parse(defaultSubscriptionCatalog(deps.defaults)),
    };
  }

  return {
    async referrals(actor, brandId) {
      await allow(actor, 'read');
      await brand(brandId);
      const rows = await deps.repo.referralsOf(brandId);
      return { feeCents: deps.feeCents, referrals: rows.map(referralView) };
    },

    async createReferral(actor, brandId, input) {
      await allow(actor, 'write');
      await brand(brandId);
      const created = await deps.repo.createReferral({ ...input, brandId });
      if (!created) {
        throw new AppError(409, 'OFFER_CODE_TAKEN', 'brandOffers.referral.exists', {
          code: input.code,
        });
      }
      const after = referralView(created);
      await deps.audit.record(actor, 'backoffice.brands.referral.create', null, {
        brandId,
        code: created.code,
        changes: fieldChanges(undefined, after, referralFields),
      });
      return after;
    },

    async updateReferral(actor, brandId, rawCode, change) {
      await allow(actor, 'write');
      await brand(brandId);
      const code = normalizeOfferCode(rawCode);
      const before = await deps.repo.referral(brandId, code);
      if (!before) throw new AppError(404, 'NOT_FOUND', 'brandOffers.referral.notFound', { code });
      if (before.ownerAccountId !== null) {
        throw new AppError(409, 'REFERRAL_PATIENT_OWNED', 'brandOffers.referral.patientOwned', {
          code,
        });
      }
      const set: Record<string, unknown> = {};
      for (const field of referralFields) {
        if (change[field] !== undefined) set[field] = change[field];
      }
      const updated = await deps.repo.updateReferral(brandId, code, set);
      if (!updated) throw new AppError(404, 'NOT_FOUND', 'brandOffers.referral.notFound', { code });
      const after = referralView(updated);
      const changes = fieldChanges(referralView(before), after, referralFields);
      if (Object.keys(changes).length > 0) {
        await deps.audit.record(actor, 'backoffice.brands.referral.update', null, {
          brandId,
          code,
          changes,
        });
      }
      return after;
    },

    async subscriptions(actor, brandId) {
      await allow(actor, 'read');
      return subscriptionsOf(brandId);
    },

    async setSubscriptions(actor, brandId, input) {
      await allow(actor, 'write');
      await brand(brandId);
      const before = await deps.repo.setSubscriptionOffer(brandId, input);
      if (!before) throw new AppError(404, 'NOT_FOUND', 'brandOffers.notFound');
      deps.invalidate(brandId);
      const after = await subscriptionsOf(brandId);
      const changes = fieldChanges(
        sold(before.sells, storedCatalog(before.catalog), after.defaults),
        sold(after.sells, after.catalog, after.defaults),
        soldFields,
      );
      if (Object.keys(changes).length > 0) {
        await deps.audit.record(actor, 'backoffice.brands.subscriptions.update', null, {
          brandId,
          changes,
        });
      }
      return after;
    },
  };
}
