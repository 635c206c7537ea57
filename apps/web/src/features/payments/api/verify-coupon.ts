import {
  type CouponRequest,
  type CouponResponse,
  couponResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

/** POST /verify-coupon: the coupon's price and texts, without using it. */
export function verifyCoupon(body: CouponRequest): Promise<CouponResponse> {
  return apiCall('/verify-coupon', { method: 'POST', body, schema: couponResponseSchema });
}
