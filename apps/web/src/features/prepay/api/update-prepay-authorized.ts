import {
  type AuthorizedUserView,
  type PrepayAuthorizedUpdate,
  prepayAuthorizedResponseSchema,
  prepayAuthorizedUpdateSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

/** POST /prepay-authorized/{id}: the whole list replaces the old one; answers the new list. */
export async function updatePrepayAuthorized(
  id: string,
  body: PrepayAuthorizedUpdate,
): Promise<AuthorizedUserView[]> {
  const { allowedUsers } = await apiCall(`/prepay-authorized/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: prepayAuthorizedUpdateSchema.parse(body),
    schema: prepayAuthorizedResponseSchema,
  });
  return allowedUsers;
}
