import { paymentErrorCodes } from '@apothecall/domain/payments/payments.api';
import {
  type RxVisitView,
  rxVisitResponseSchema,
  type SubmitRxPaymentRequest,
} from '@apothecall/domain/rx/rx-visits.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { paymentProfilesQueryKey } from '../../payments/api/get-payment-profiles';
import { rxPrepayPriceQueryKey } from './get-rx-prepay-price';

/** POST /submit-rx-payment: pays the visit; it then waits for medical review (waiting). */
export async function submitRxPayment(body: SubmitRxPaymentRequest): Promise<RxVisitView> {
  const { visit } = await apiCall('/submit-rx-payment', {
    method: 'POST',
    body,
    schema: rxVisitResponseSchema,
  });
  return visit;
}

/** The server refused the prepay code for this visit (its errorMsg says why). */
export function refusesPrepay(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.errorCode.startsWith('PREPAY_') || error.errorCode === 'NOT_FOUND')
  );
}

/**
 * Pays a visit. Refused for its prepay code, the visit's price by that code is forgotten;
 * refused for the card (declined, address check, invalid), the cards are asked again (the
 * server marked it invalid). Then the screen's own callbacks run.
 */
export function useSubmitRxPayment(
  options?: MutationCallbacks<RxVisitView, SubmitRxPaymentRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: submitRxPayment,
    onError: (error, body, onMutateResult, context) => {
      if (body.prepayCode && refusesPrepay(error)) {
        queryClient.removeQueries({
          queryKey: rxPrepayPriceQueryKey(body.visitId, body.prepayCode),
        });
      } else if (
        error instanceof ApiError &&
        (error.errorCode === paymentErrorCodes.declined ||
          error.errorCode === paymentErrorCodes.avs ||
          error.errorCode === paymentErrorCodes.invalid)
      ) {
        void queryClient.invalidateQueries({ queryKey: paymentProfilesQueryKey });
      }
      return options?.onError?.(error, body, onMutateResult, context);
    },
  });
}
