import { type ConsentStatus, consentStatusSchema } from '@apothecall/domain/accounts/accounts.api';
import { apiCall } from '../../../lib/api-client';

export function getConsents(): Promise<ConsentStatus> {
  return apiCall('/consents', { schema: consentStatusSchema });
}
