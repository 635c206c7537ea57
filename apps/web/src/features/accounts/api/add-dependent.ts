import {
  type addDependentRequestSchema,
  personResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

export type AddDependentRequest = z.input<typeof addDependentRequestSchema>;

/** POST /account/dependents: answers the new member's profile. */
export async function addDependent(body: AddDependentRequest): Promise<Person> {
  const { data } = await apiCall('/account/dependents', {
    method: 'POST',
    body,
    schema: personResponseSchema,
  });
  return data;
}

/** Adds a dependent (the family is refreshed by the screen, which waits for it). */
export function useAddDependent(options?: MutationCallbacks<Person, AddDependentRequest>) {
  return useCallMutation(addDependent, () => [], options);
}
