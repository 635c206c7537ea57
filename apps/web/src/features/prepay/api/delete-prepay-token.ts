import {
  type AccessTokenView,
  prepayTokenDeleteRequestSchema,
  prepayTokensResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** POST /prepay-nonce/delete: a token nobody claimed; answers the program's tokens left. */
export async function deletePrepayToken(
  body: z.input<typeof prepayTokenDeleteRequestSchema>,
): Promise<AccessTokenView[]> {
  const { tokens } = await apiCall('/prepay-nonce/delete', {
    method: 'POST',
    body: prepayTokenDeleteRequestSchema.parse(body),
    schema: prepayTokensResponseSchema,
  });
  return tokens;
}
