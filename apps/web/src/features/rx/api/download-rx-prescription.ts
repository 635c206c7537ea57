import { apiDownload } from '../../../lib/api-client';

/** GET /rx/visits/:id/prescription.pdf: the written prescription (rxed visits). */
export function downloadRxPrescription(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/rx/visits/${encodeURIComponent(visitId)}/prescription.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}
