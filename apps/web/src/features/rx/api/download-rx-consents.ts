import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** GET /rx/visits/:id/consents.pdf: the consent documents the patient accepted for the visit. */
export function downloadRxConsents(visitId: string, offlineMessage: string): Promise<Blob> {
  return apiDownload(`/rx/visits/${encodeURIComponent(visitId)}/consents.pdf`, {
    accept: 'application/pdf',
    offlineMessage,
  });
}

/** The consents PDF, as a download (nothing cached changes). */
export function useDownloadRxConsents(
  options?: MutationCallbacks<Blob, { visitId: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ visitId, offlineMessage }: { visitId: string; offlineMessage: string }) =>
      downloadRxConsents(visitId, offlineMessage),
    () => [],
    options,
  );
}
