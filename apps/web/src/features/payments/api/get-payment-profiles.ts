import {
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export const paymentProfilesQueryKey = ['payments', 'profiles'] as const;

/** GET /account/payments/profiles: the stored cards (brand, last four, expiry) and the ids. */
export function getPaymentProfiles(): Promise<PaymentProfilesResponse> {
  return apiCall('/account/payments/profiles', { schema: paymentProfilesResponseSchema });
}

/** Marks the stored cards stale (a refused card: the gateway may have marked it invalid). */
export function useRefreshPaymentProfiles() {
  return useRefresh(paymentProfilesQueryKey);
}

/** The stored cards. */
export function usePaymentProfiles(options?: QueryOptions<PaymentProfilesResponse>) {
  return useCallQuery(paymentProfilesQueryKey, getPaymentProfiles, options);
}

/** Puts the stored cards the server answered (after an added or deleted card) in the cache. */
export function useKeepPaymentProfiles() {
  const queryClient = useQueryClient();
  return (list: PaymentProfilesResponse) => queryClient.setQueryData(paymentProfilesQueryKey, list);
}
