import {
  personResponseSchema,
  type setProfileRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

export type SetProfileRequest = z.input<typeof setProfileRequestSchema>;

/** POST /account/profile { profile: { id, ...changed } }: answers the updated profile. */
export async function setProfile(body: SetProfileRequest): Promise<Person> {
  const { data } = await apiCall('/account/profile', {
    method: 'POST',
    body,
    schema: personResponseSchema,
  });
  return data;
}

/**
 * Saves a person's changed fields; `null` when nothing changed (nothing is sent, the answer is
 * null). The family is refreshed by the screen, which waits for it.
 */
export function useSetProfile(
  options?: MutationCallbacks<Person | null, SetProfileRequest | null>,
) {
  return useCallMutation(
    (request: SetProfileRequest | null) => (request ? setProfile(request) : Promise.resolve(null)),
    () => [],
    options,
  );
}
