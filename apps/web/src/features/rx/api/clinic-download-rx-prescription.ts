import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

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

/** The prescription PDF, as a download (nothing cached changes). */
export function useDownloadClinicRxPrescription(
  options?: MutationCallbacks<Blob, { visitId: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ visitId, offlineMessage }: { visitId: string; offlineMessage: string }) =>
      downloadClinicRxPrescription(visitId, offlineMessage),
    () => [],
    options,
  );
}
