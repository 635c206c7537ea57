import {
  type ProfileResponse,
  profileResponseSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

export const profileQueryKey = ['account', 'profile'] as const;

export function getProfile(): Promise<ProfileResponse> {
  return apiCall('/account/profile', { schema: profileResponseSchema });
}
