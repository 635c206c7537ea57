import {
  type CouponRequest,
  type CouponResponse,
  couponResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

/** POST /redeem-coupon: the coupon's price, recorded as used by this account. */
export function redeemCoupon(body: CouponRequest): Promise<CouponResponse> {
  return apiCall('/redeem-coupon', { method: 'POST', body, schema: couponResponseSchema });
}
