import {
  type AddCardRequest,
  type PaymentProfilesResponse,
  paymentProfilesResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';

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
