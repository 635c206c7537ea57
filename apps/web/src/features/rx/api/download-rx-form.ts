import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** GET /rx/visits/:id/forms/:formRequestId/signed.pdf: a form I signed, with the auth header. */
export function downloadRxForm(
  visitId: string,
  formRequestId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(
    `/rx/visits/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/signed.pdf`,
    { accept: 'application/pdf', offlineMessage },
  );
}

/** A signed form's PDF, as a download (nothing cached changes). */
export function useDownloadRxForm(
  options?: MutationCallbacks<
    Blob,
    { visitId: string; formRequestId: string; offlineMessage: string }
  >,
) {
  return useCallMutation(
    ({
      visitId,
      formRequestId,
      offlineMessage,
    }: {
      visitId: string;
      formRequestId: string;
      offlineMessage: string;
    }) => downloadRxForm(visitId, formRequestId, offlineMessage),
    () => [],
    options,
  );
}
