import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/**
 * GET /pharmacy/rx/:id/prescription.pdf: the legal prescription of a claimed visit (404 before
 * the claim), with the auth header; nothing about the patient goes in the URL.
 */
export function downloadPharmacyRxPrescription(
  visitId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(`/pharmacy/rx/${encodeURIComponent(visitId)}/prescription.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}

/** The prescription PDF, as a download (nothing cached changes). */
export function useDownloadPharmacyRxPrescription(
  options?: MutationCallbacks<Blob, { visitId: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ visitId, offlineMessage }: { visitId: string; offlineMessage: string }) =>
      downloadPharmacyRxPrescription(visitId, offlineMessage),
    () => [],
    options,
  );
}
