import {
  type DeleteCardRequest,
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useKeepPaymentProfiles } from './get-payment-profiles';

/** POST /account/payments/delete-profiles; the answer is the updated list of stored cards. */
export function deleteCard(body: DeleteCardRequest): Promise<PaymentProfilesResponse> {
  return apiCall('/account/payments/delete-profiles', {
    method: 'POST',
    body,
    schema: paymentProfilesResponseSchema,
  });
}

/**
 * Deletes a card; the cache keeps the cards answered. Given an error instead of a request (no
 * stored profile to delete from), it fails with it as the call would.
 */
export function useDeleteCard(
  options?: MutationCallbacks<PaymentProfilesResponse, DeleteCardRequest | Error>,
) {
  const keep = useKeepPaymentProfiles();
  return useMutation({
    ...options,
    mutationFn: (request: DeleteCardRequest | Error) => {
      if (request instanceof Error) throw request;
      return deleteCard(request);
    },
    onSuccess: (list, variables, onMutateResult, context) => {
      keep(list);
      return options?.onSuccess?.(list, variables, onMutateResult, context);
    },
  });
}
