import {
  type CouponRequest,
  type CouponResponse,
  couponResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { accountPriceQueryKey } from './get-account-price';
import { verifyCoupon } from './verify-coupon';

/** POST /redeem-coupon: the coupon's price, recorded as used by this account. */
export function redeemCoupon(body: CouponRequest): Promise<CouponResponse> {
  return apiCall('/redeem-coupon', { method: 'POST', body, schema: couponResponseSchema });
}

/** A coupon checked, then redeemed (the account's price is marked stale). */
export function useApplyCoupon(options?: MutationCallbacks<CouponResponse, string>) {
  return useCallMutation(
    async (coupon: string): Promise<CouponResponse> => {
      await verifyCoupon({ coupon });
      return redeemCoupon({ coupon });
    },
    () => [accountPriceQueryKey],
    options,
  );
}
