import {
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';
import { useRefresh } from '../../../lib/call-hooks';

export const paymentProfilesQueryKey = ['payments', 'profiles'] as const;

/** GET /account/payments/profiles: the stored cards (brand, last four, expiry) and the ids. */
export function getPaymentProfiles(): Promise<PaymentProfilesResponse> {
  return apiCall('/account/payments/profiles', { schema: paymentProfilesResponseSchema });
}

/** Marks the stored cards stale (a refused card: the gateway may have marked it invalid). */
export function useRefreshPaymentProfiles() {
  return useRefresh(paymentProfilesQueryKey);
}
