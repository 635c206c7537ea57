import {
  type AccessTokenView,
  type PrepayTokenAddRequest,
  prepayTokenAddRequestSchema,
  prepayTokenResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useTokenMutation } from './get-prepay-tokens';

/** POST /prepay-nonce/add: a new access token, sent at once when `delivery` is given. */
export async function addPrepayToken(body: PrepayTokenAddRequest): Promise<AccessTokenView> {
  const { token } = await apiCall('/prepay-nonce/add', {
    method: 'POST',
    body: prepayTokenAddRequestSchema.parse(body),
    schema: prepayTokenResponseSchema,
  });
  return token;
}

/** Adds a token and shows it in the program's list. */
export function useAddPrepayToken(
  options?: MutationCallbacks<AccessTokenView, PrepayTokenAddRequest>,
) {
  return useTokenMutation(addPrepayToken, options);
}
