import type {
  BrandCoupon,
  createCouponRequestSchema,
  UpdateCouponRequest,
} from '@apothecall/domain/brands/brand-offers.api';
import {
  type CouponKind,
  changesCouponPrice,
  couponKinds,
  couponValueProblem,
  fieldChanges,
  normalizeOfferCode,
} from '@apothecall/domain/brands/brand-offers.rules';
import { formatUsd } from '@apothecall/domain/pricing/pricing.rules';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { backOfficeGate } from '../../platform/back-office';
import { AppError } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { AdminCouponRecord, CouponChange, CouponsAdminRepo } from './coupons-admin.repo';

export interface CouponsAdminService {
  list(actor: Actor, brandId: string): Promise<{ feeCents: number; coupons: BrandCoupon[] }>;
  create(
    actor: Actor,
    brandId: string,
    input: z.output<typeof createCouponRequestSchema>,
  ): Promise<BrandCoupon>;
  update(
    actor: Actor,
    brandId: string,
    code: string,
    change: UpdateCouponRequest,
  ): Promise<BrandCoupon>;
}

const couponFields = [
  'kind',
  'value',
  'title',
  'message',
  'expiresAt',
  'maxRedemptions',
  'active',
] as const;

const asKind = (kind: string): CouponKind =>
  (couponKinds as readonly string[]).includes(kind) ? (kind as CouponKind) : 'amount';

/**
 * A brand's coupons in the back office (the brands area): list them with how often they
 * were applied, create one (its code unique on the whole platform: the checkout finds a coupon
 * by its code alone), change it, stop it. Admin changes, support reads (backoffice.rules
 * 'brands'); anyone else is refused and the refusal audited. Every change is audited with each
 * changed field before and after. The checkout reads the coupon from the database on every
 * call, so a change applies at once.
 *
 * A coupon a patient has applied keeps its kind and value (409 COUPON_REDEEMED): the checkout
 * prices an applied coupon from the stored row, so changing it would change the price a patient
 * was shown. Its texts, expiry, limit (not below the times applied) and `active` may change.
 */
export function createCouponsAdminService(deps: {
  repo: CouponsAdminRepo;
  accounts: Pick<AccountsPort, 'membership'>;
  brands: Pick<BrandsPort, 'byId'>;
  audit: AuditService;
  feeCents: number;
  now?: () => Date;
}): CouponsAdminService {
  const now = deps.now ?? (() => new Date());

  const gate = backOfficeGate({ membership: deps.accounts.membership, audit: deps.audit });
  const allow = (actor: Actor, need: 'read' | 'write') =>
    gate(actor, 'brands', need, `backoffice.brands.coupons.${need}`);

  /** An unknown brand id resolves to the main brand: that is how an unknown one shows. */
  async function brand(brandId: string): Promise<void> {
    if ((await deps.brands.byId(brandId)).id !== brandId) {
      throw new AppError(404, 'NOT_FOUND', 'brandOffers.notFound');
    }
  }

  function view(c: Omit<AdminCouponRecord, 'redeemedRows'>, redeemedRows: number): BrandCoupon {
    const expired = c.expiresAt !== null && c.expiresAt.getTime() <= now().getTime();
    const spent = c.maxRedemptions !== null && c.redemptions >= c.maxRedemptions;
    return {
      code: c.code,
      kind: asKind(c.kind),
      value: c.value,
      title: c.title,
      message: c.message,
      expiresAt: c.expiresAt ? c.expiresAt.toISOString() : null,
      maxRedemptions: c.maxRedemptions,
      redemptions: c.redemptions,
      redeemed: c.redemptions > 0 || redeemedRows > 0,
      active: c.active,
      usable: c.active && !expired && !spent,
    };
  }

  function checkValue(kind: CouponKind, value: number): void {
    const problem = couponValueProblem(kind, value, deps.feeCents);
    if (problem) {
      throw new AppError(400, 'VALIDATION', problem, { fee: formatUsd(deps.feeCents) });
    }
  }

  function checkExpiry(expiresAt: string | null | undefined): void {
    if (expiresAt && new Date(expiresAt).getTime() <= now().getTime()) {
      throw new AppError(400, 'VALIDATION', 'brandOffers.coupon.expiresPast');
    }
  }

  const audited = (c: BrandCoupon) => ({
    kind: c.kind,
    value: c.value,
    title: c.title,
    message: c.message,
    expiresAt: c.expiresAt,
    maxRedemptions: c.maxRedemptions,
    active: c.active,
  });

  return {
    async list(actor, brandId) {
      await allow(actor, 'read');
      await brand(brandId);
      const rows = await deps.repo.couponsOf(brandId);
      return { feeCents: deps.feeCents, coupons: rows.map((c) => view(c, c.redeemedRows)) };
    },

    async create(actor, brandId, input) {
      await allow(actor, 'write');
      await brand(brandId);
      checkValue(input.kind, input.value);
      checkExpiry(input.expiresAt);
      const created = await deps.repo.create({
        code: input.code,
        brandId,
        kind: input.kind,
        value: input.value,
        title: input.title,
        message: input.message,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        maxRedemptions: input.maxRedemptions,
      });
      if (!created) {
        throw new AppError(409, 'OFFER_CODE_TAKEN', 'brandOffers.coupon.exists', {
          code: input.code,
        });
      }
      const after = view(created, 0);
      await deps.audit.record(actor, 'backoffice.brands.coupon.create', null, {
        brandId,
        code: created.code,
        changes: fieldChanges(undefined, audited(after), couponFields),
      });
      return after;
    },

    async update(actor, brandId, rawCode, change) {
      await allow(actor, 'write');
      await brand(brandId);
      const code = normalizeOfferCode(rawCode);
      const found = await deps.repo.couponOf(brandId, code);
      if (!found) throw new AppError(404, 'NOT_FOUND', 'brandOffers.coupon.notFound', { code });
      const before = view(found, found.redeemedRows);
      const priceChange = changesCouponPrice(before, change);
      const redeemed = () =>
        new AppError(409, 'COUPON_REDEEMED', 'brandOffers.coupon.redeemed', { code });
      if (priceChange) {
        if (before.redeemed) throw redeemed();
        checkValue(change.kind ?? before.kind, change.value ?? before.value);
      }
      checkExpiry(change.expiresAt);
      if (
        change.maxRedemptions !== undefined &&
        change.maxRedemptions !== null &&
        change.maxRedemptions < found.redemptions
      ) {
        throw new AppError(400, 'VALIDATION', 'brandOffers.coupon.limitBelow', {
          count: found.redemptions,
        });
      }
      const set: CouponChange = {
        ...(change.kind !== undefined ? { kind: change.kind } : {}),
        ...(change.value !== undefined ? { value: change.value } : {}),
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.message !== undefined ? { message: change.message } : {}),
        ...(change.expiresAt !== undefined
          ? { expiresAt: change.expiresAt ? new Date(change.expiresAt) : null }
          : {}),
        ...(change.maxRedemptions !== undefined ? { maxRedemptions: change.maxRedemptions } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
      };
      const updated = await deps.repo.update(brandId, code, set, { onlyUnredeemed: priceChange });
      // Applied by a patient between the read and the write: the kind and value stay.
      if (!updated)
        throw priceChange
          ? redeemed()
          : new AppError(404, 'NOT_FOUND', 'brandOffers.coupon.notFound', { code });
      const after = view(updated, found.redeemedRows);
      const changes = fieldChanges(audited(before), audited(after), couponFields);
      if (Object.keys(changes).length > 0) {
        await deps.audit.record(actor, 'backoffice.brands.coupon.update', null, {
          brandId,
          code,
          changes,
        });
      }
      return after;
    },
  };
}
