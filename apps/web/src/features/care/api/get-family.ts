import { familyResponseSchema, type Person } from '@apothecall/domain/accounts/accounts.schemas';
import { apiCall } from '../../../lib/api-client';

export const careFamilyQueryKey = ['care', 'family'] as const;

/** GET /account/dependents: every family member's profile, holder first (for the phone). */
export async function getFamily(): Promise<Person[]> {
  const { users } = await apiCall('/account/dependents', { schema: familyResponseSchema });
  return users;
}
