import {
  type AccessTokenView,
  prepayTokensResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

export const prepayTokensQueryKey = (id: string) => ['prepay', 'tokens', id] as const;

/** GET /prepay-nonce-list/{id}: the program's access tokens. */
export async function getPrepayTokens(id: string): Promise<AccessTokenView[]> {
  const { tokens } = await apiCall(`/prepay-nonce-list/${encodeURIComponent(id)}`, {
    schema: prepayTokensResponseSchema,
  });
  return tokens;
}
