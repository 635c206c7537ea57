import {
  type acceptConsentsRequestSchema,
  type ConsentStatus,
  consentStatusSchema,
} from '@apothecall/domain/accounts/accounts.api';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** Accepts the listed documents at their current versions; answers the new status. */
export function acceptConsents(
  body: z.infer<typeof acceptConsentsRequestSchema>,
): Promise<ConsentStatus> {
  return apiCall('/consents', { method: 'POST', body, schema: consentStatusSchema });
}
