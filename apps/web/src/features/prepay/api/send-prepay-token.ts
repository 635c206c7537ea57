import {
  type AccessTokenView,
  type PrepayTokenSendRequest,
  prepayTokenResponseSchema,
  prepayTokenSendRequestSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

/** POST /prepay-nonce/send: sends (or sends again) a token by e-mail or SMS. */
export async function sendPrepayToken(body: PrepayTokenSendRequest): Promise<AccessTokenView> {
  const { token } = await apiCall('/prepay-nonce/send', {
    method: 'POST',
    body: prepayTokenSendRequestSchema.parse(body),
    schema: prepayTokenResponseSchema,
  });
  return token;
}
