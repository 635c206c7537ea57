import { apiDownload } from '../../../lib/api-client';

/** GET /clinic/rx/:id/consents.pdf: the consent record of a visit under review. */
export function downloadClinicRxConsents(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/clinic/rx/${encodeURIComponent(visitId)}/consents.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}
