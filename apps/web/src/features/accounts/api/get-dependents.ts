import { familyResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

export const familyQueryKey = ['account', 'dependents'] as const;

/** GET /account/dependents: every member's full profile, holder first. */
export async function getDependents(): Promise<Person[]> {
  const { users } = await apiCall('/account/dependents', { schema: familyResponseSchema });
  return users;
}
