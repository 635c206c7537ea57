import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** GET /rx/visits/:id/prescription.pdf: the written prescription (rxed visits). */
export function downloadRxPrescription(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/rx/visits/${encodeURIComponent(visitId)}/prescription.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}

/** The prescription PDF, as a download (nothing cached changes). */
export function useDownloadRxPrescription(
  options?: MutationCallbacks<Blob, { visitId: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ visitId, offlineMessage }: { visitId: string; offlineMessage: string }) =>
      downloadRxPrescription(visitId, offlineMessage),
    () => [],
    options,
  );
}
