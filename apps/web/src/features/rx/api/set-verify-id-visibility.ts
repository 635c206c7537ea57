import {
  okResponseSchema,
  setVerifyIdVisibilityRequestSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import { apiCall } from '../../../lib/api-client';

/** POST /set-verifyId-Visibility { verifyId, hide }: hides a photo ID from pharmacies or shows it. */
export async function setVerifyIdVisibility(verifyId: string, hide: boolean): Promise<void> {
  await apiCall('/set-verifyId-Visibility', {
    method: 'POST',
    body: setVerifyIdVisibilityRequestSchema.parse({ verifyId, hide }),
    schema: okResponseSchema,
  });
}
