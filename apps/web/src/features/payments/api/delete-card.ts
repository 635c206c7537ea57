import {
  type DeleteCardRequest,
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

/** POST /account/payments/delete-profiles; the answer is the updated list of stored cards. */
export function deleteCard(body: DeleteCardRequest): Promise<PaymentProfilesResponse> {
  return apiCall('/account/payments/delete-profiles', {
    method: 'POST',
    body,
    schema: paymentProfilesResponseSchema,
  });
}
