import { apiDownload } from '../../../lib/api-client';

/** GET /rx/visits/:id/consents.pdf: the consent documents the patient accepted for the visit. */
export function downloadRxConsents(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/rx/visits/${encodeURIComponent(visitId)}/consents.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}
