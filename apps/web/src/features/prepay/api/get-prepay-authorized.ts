import {
  type AuthorizedUserView,
  prepayAuthorizedResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

export const prepayAuthorizedQueryKey = (id: string) => ['prepay', 'authorized', id] as const;

/** GET /prepay-authorized/{id}: the program's authorized users, their limits and visits. */
export async function getPrepayAuthorized(id: string): Promise<AuthorizedUserView[]> {
  const { allowedUsers } = await apiCall(`/prepay-authorized/${encodeURIComponent(id)}`, {
    schema: prepayAuthorizedResponseSchema,
  });
  return allowedUsers;
}
