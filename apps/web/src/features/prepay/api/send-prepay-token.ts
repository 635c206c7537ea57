import {
  type AccessTokenView,
  type PrepayTokenSendRequest,
  prepayTokenResponseSchema,
  prepayTokenSendRequestSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useTokenMutation } from './get-prepay-tokens';

/** POST /prepay-nonce/send: sends (or sends again) a token by e-mail or SMS. */
export async function sendPrepayToken(body: PrepayTokenSendRequest): Promise<AccessTokenView> {
  const { token } = await apiCall('/prepay-nonce/send', {
    method: 'POST',
    body: prepayTokenSendRequestSchema.parse(body),
    schema: prepayTokenResponseSchema,
  });
  return token;
}

/** Sends a token and shows it in the program's list. */
export function useSendPrepayToken(
  options?: MutationCallbacks<AccessTokenView, PrepayTokenSendRequest>,
) {
  return useTokenMutation(sendPrepayToken, options);
}
