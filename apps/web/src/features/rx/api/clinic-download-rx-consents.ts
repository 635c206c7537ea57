import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** GET /clinic/rx/:id/consents.pdf: the consent record of a visit under review. */
export function downloadClinicRxConsents(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/clinic/rx/${encodeURIComponent(visitId)}/consents.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}

/** The consent record PDF, as a download (nothing cached changes). */
export function useDownloadClinicRxConsents(
  options?: MutationCallbacks<Blob, { visitId: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ visitId, offlineMessage }: { visitId: string; offlineMessage: string }) =>
      downloadClinicRxConsents(visitId, offlineMessage),
    () => [],
    options,
  );
}
