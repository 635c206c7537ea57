import type {
  BrandCoupon,
  BrandReferral,
  BrandSubscriptions,
  BrandSubscriptionsRequest,
  CreateCouponRequest,
  CreateReferralRequest,
  UpdateCouponRequest,
  UpdateReferralRequest,
} from '@apothecall/domain/brands/brand-offers.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type MutationCallbacks, useCallMutation, useCallQuery } from '../../../lib/call-hooks';
// The calls are asked through the module's exports (index.ts), the one a test replaces.
import {
  brandCouponsKey,
  brandReferralsKey,
  brandSubscriptionsKey,
  createBrandCoupon,
  createBrandReferral,
  getBrandCoupons,
  getBrandReferrals,
  getBrandSubscriptions,
  setBrandSubscriptions,
  updateBrandCoupon,
  updateBrandReferral,
} from './index';

/** A brand's coupons. */
export function useBrandCoupons(brandId: string) {
  return useCallQuery(brandCouponsKey(brandId), () => getBrandCoupons(brandId));
}

/** Turns a coupon on or off and marks the brand's coupons stale. */
export function useToggleBrandCoupon(brandId: string) {
  return useCallMutation(
    (c: BrandCoupon) => updateBrandCoupon(brandId, c.code, { active: !c.active }),
    () => [brandCouponsKey(brandId)],
  );
}

/** A new coupon, or a known one's changes; or the error building it met. */
export type CouponSave =
  | { create: CreateCouponRequest }
  | { code: string; update: UpdateCouponRequest }
  | Error;

/** Creates or changes a coupon and marks the brand's coupons stale. */
export function useSaveBrandCoupon(
  brandId: string,
  options?: MutationCallbacks<BrandCoupon, CouponSave>,
) {
  return useCallMutation(
    (save: CouponSave) => {
      if (save instanceof Error) throw save;
      return 'create' in save
        ? createBrandCoupon(brandId, save.create)
        : updateBrandCoupon(brandId, save.code, save.update);
    },
    () => [brandCouponsKey(brandId)],
    options,
  );
}

/** A brand's referral codes. */
export function useBrandReferrals(brandId: string) {
  return useCallQuery(brandReferralsKey(brandId), () => getBrandReferrals(brandId));
}

/** Turns a referral code on or off and marks the brand's codes stale. */
export function useToggleBrandReferral(brandId: string) {
  return useCallMutation(
    (r: BrandReferral) => updateBrandReferral(brandId, r.code, { active: !r.active }),
    () => [brandReferralsKey(brandId)],
  );
}

/** A new referral code, or a known one's changes. */
export type ReferralSave =
  | { create: CreateReferralRequest }
  | { code: string; update: UpdateReferralRequest };

/** Creates or changes a referral code and marks the brand's codes stale. */
export function useSaveBrandReferral(
  brandId: string,
  options?: MutationCallbacks<BrandReferral, ReferralSave>,
) {
  return useCallMutation(
    (save: ReferralSave) =>
      'create' in save
        ? createBrandReferral(brandId, save.create)
        : updateBrandReferral(brandId, save.code, save.update),
    () => [brandReferralsKey(brandId)],
    options,
  );
}

/** A brand's subscriptions catalogue. */
export function useBrandSubscriptions(brandId: string) {
  return useCallQuery(brandSubscriptionsKey(brandId), () => getBrandSubscriptions(brandId));
}

/** Saves the brand's catalogue; the cache keeps the one answered. */
export function useSetBrandSubscriptions(
  brandId: string,
  options?: MutationCallbacks<BrandSubscriptions, BrandSubscriptionsRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (body: BrandSubscriptionsRequest) => setBrandSubscriptions(brandId, body),
    onSuccess: (saved, variables, onMutateResult, context) => {
      queryClient.setQueryData(brandSubscriptionsKey(brandId), saved);
      return options?.onSuccess?.(saved, variables, onMutateResult, context);
    },
  });
}
