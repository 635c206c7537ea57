import { apiDownload } from '../../../lib/api-client';

/** GET /clinic/rx/:id/prescription.pdf: the prescription the prescriber wrote. */
export function downloadClinicRxPrescription(
  visitId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(`/clinic/rx/${encodeURIComponent(visitId)}/prescription.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}
