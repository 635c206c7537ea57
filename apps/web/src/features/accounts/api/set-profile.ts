import {
  personResponseSchema,
  type setProfileRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { Person } from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

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
