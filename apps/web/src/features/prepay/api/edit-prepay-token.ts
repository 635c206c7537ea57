import {
  type AccessTokenView,
  type PrepayTokenEditRequest,
  prepayTokenEditRequestSchema,
  prepayTokenResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useTokenMutation } from './get-prepay-tokens';

/** POST /prepay-nonce/edit: how an unused token may be used, and its note. */
export async function editPrepayToken(body: PrepayTokenEditRequest): Promise<AccessTokenView> {
  const { token } = await apiCall('/prepay-nonce/edit', {
    method: 'POST',
    body: prepayTokenEditRequestSchema.parse(body),
    schema: prepayTokenResponseSchema,
  });
  return token;
}

/** Changes a token and shows it in the program's list. */
export function useEditPrepayToken(
  options?: MutationCallbacks<AccessTokenView, PrepayTokenEditRequest>,
) {
  return useTokenMutation(editPrepayToken, options);
}
