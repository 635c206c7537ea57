import { type ConsentStatus, consentStatusSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

/** The consents' status, shared by the gate, the consents screen and Get Care. */
export const consentsQueryKey = ['accounts', 'consents'] as const;

export function getConsents(): Promise<ConsentStatus> {
  return apiCall('/consents', { schema: consentStatusSchema });
}
