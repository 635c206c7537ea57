/** Bodies go as typed: the server checks them and answers 400 in the reader's language. */
import {
  type BrandCoupon,
  type BrandReferral,
  type BrandSubscriptions,
  type BrandSubscriptionsRequest,
  brandCouponResponseSchema,
  brandCouponsResponseSchema,
  brandReferralResponseSchema,
  brandReferralsResponseSchema,
  brandSubscriptionsResponseSchema,
  type CreateCouponRequest,
  type CreateReferralRequest,
  type UpdateCouponRequest,
  type UpdateReferralRequest,
} from '@apothecall/domain/brands/brand-offers.api';
import { apiCall } from '../../../lib/api-client';

/**
 * A brand's offers in the back office, /api/admin/brands/:id/{coupons, referrals,
 * subscriptions}: reads for admin and support, changes for admin (the server answers anyone else
 * 403).
 */
export const brandCouponsKey = (id: string) => ['admin', 'brands', id, 'coupons'] as const;
export const brandReferralsKey = (id: string) => ['admin', 'brands', id, 'referrals'] as const;
export const brandSubscriptionsKey = (id: string) =>
  ['admin', 'brands', id, 'subscriptions'] as const;

const path = (id: string, tail: string) => `/admin/brands/${encodeURIComponent(id)}${tail}`;

export async function getBrandCoupons(
  id: string,
): Promise<{ feeCents: number; coupons: BrandCoupon[] }> {
  const { feeCents, coupons } = await apiCall(path(id, '/coupons'), {
    schema: brandCouponsResponseSchema,
  });
  return { feeCents, coupons };
}

export async function createBrandCoupon(
  id: string,
  body: CreateCouponRequest,
): Promise<BrandCoupon> {
  return (
    await apiCall(path(id, '/coupons'), {
      method: 'POST',
      body,
      schema: brandCouponResponseSchema,
    })
  ).coupon;
}

export async function updateBrandCoupon(
  id: string,
  code: string,
  body: UpdateCouponRequest,
): Promise<BrandCoupon> {
  return (
    await apiCall(path(id, `/coupons/${encodeURIComponent(code)}`), {
      method: 'PATCH',
      body,
      schema: brandCouponResponseSchema,
    })
  ).coupon;
}

export async function getBrandReferrals(
  id: string,
): Promise<{ feeCents: number; referrals: BrandReferral[] }> {
  const { feeCents, referrals } = await apiCall(path(id, '/referrals'), {
    schema: brandReferralsResponseSchema,
  });
  return { feeCents, referrals };
}

export async function createBrandReferral(
  id: string,
  body: CreateReferralRequest,
): Promise<BrandReferral> {
  return (
    await apiCall(path(id, '/referrals'), {
      method: 'POST',
      body,
      schema: brandReferralResponseSchema,
    })
  ).referral;
}

export async function updateBrandReferral(
  id: string,
  code: string,
  body: UpdateReferralRequest,
): Promise<BrandReferral> {
  return (
    await apiCall(path(id, `/referrals/${encodeURIComponent(code)}`), {
      method: 'PATCH',
      body,
      schema: brandReferralResponseSchema,
    })
  ).referral;
}

export async function getBrandSubscriptions(id: string): Promise<BrandSubscriptions> {
  return apiCall(path(id, '/subscriptions'), { schema: brandSubscriptionsResponseSchema });
}

export async function setBrandSubscriptions(
  id: string,
  body: BrandSubscriptionsRequest,
): Promise<BrandSubscriptions> {
  return apiCall(path(id, '/subscriptions'), {
    method: 'PUT',
    body,
    schema: brandSubscriptionsResponseSchema,
  });
}
