import {
  type AddCardRequest,
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useKeepPaymentProfiles } from './get-payment-profiles';

/**
 * POST /account/payments/profiles: the card goes to the gateway through the server and is
 * not kept here; the answer is the updated list of stored cards.
 */
export function addCard(body: AddCardRequest): Promise<PaymentProfilesResponse> {
  return apiCall('/account/payments/profiles', {
    method: 'POST',
    body,
    schema: paymentProfilesResponseSchema,
  });
}

/** Adds a card; the cache keeps the cards answered. */
export function useAddCard(options?: MutationCallbacks<PaymentProfilesResponse, AddCardRequest>) {
  const keep = useKeepPaymentProfiles();
  return useMutation({
    ...options,
    mutationFn: addCard,
    // The card is this mutation's variable: drop it from the cache as soon as it settles.
    gcTime: 0,
    onSuccess: (list, variables, onMutateResult, context) => {
      keep(list);
      return options?.onSuccess?.(list, variables, onMutateResult, context);
    },
  });
}
