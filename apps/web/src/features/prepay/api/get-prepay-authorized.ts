import {
  type AuthorizedUserView,
  prepayAuthorizedResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const prepayAuthorizedQueryKey = (id: string) => ['prepay', 'authorized', id] as const;

/** GET /prepay-authorized/{id}: the program's authorized users, their limits and visits. */
export async function getPrepayAuthorized(id: string): Promise<AuthorizedUserView[]> {
  const { allowedUsers } = await apiCall(`/prepay-authorized/${encodeURIComponent(id)}`, {
    schema: prepayAuthorizedResponseSchema,
  });
  return allowedUsers;
}

/** A program's authorized users. */
export function usePrepayAuthorized(
  programId: string,
  options?: QueryOptions<AuthorizedUserView[]>,
) {
  return useCallQuery(
    prepayAuthorizedQueryKey(programId),
    () => getPrepayAuthorized(programId),
    options,
  );
}
