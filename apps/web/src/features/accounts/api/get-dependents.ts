import { familyResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const familyQueryKey = ['account', 'dependents'] as const;

/** GET /account/dependents: every member's full profile, holder first. */
export async function getDependents(): Promise<Person[]> {
  const { users } = await apiCall('/account/dependents', { schema: familyResponseSchema });
  return users;
}

/** The family: the holder and the dependents. */
export function useDependents(options?: QueryOptions<Person[]>) {
  return useCallQuery(familyQueryKey, getDependents, options);
}

/** Asks for the family again and waits for the answer (after a person was added or changed). */
export function useRefetchFamily(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: familyQueryKey });
}
