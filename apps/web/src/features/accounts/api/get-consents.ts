import { type ConsentStatus, consentStatusSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

/** The consents' status, shared by the gate, the consents screen and Get Care. */
export const consentsQueryKey = ['accounts', 'consents'] as const;

export function getConsents(): Promise<ConsentStatus> {
  return apiCall('/consents', { schema: consentStatusSchema });
}

/** The account's consents and whether they are at their current versions. */
export function useConsents(options?: QueryOptions<ConsentStatus>) {
  return useCallQuery(consentsQueryKey, getConsents, options);
}
