import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/** GET /pharmacy/rx/:id/forms/:formRequestId/signed.pdf: the signed form, with the auth header. */
export function downloadPharmacyRxForm(
  visitId: string,
  formRequestId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(
    `/pharmacy/rx/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/signed.pdf`,
    { accept: 'application/pdf', offlineMessage },
  );
}

/** A signed form's PDF, as a download (nothing cached changes). */
export function useDownloadPharmacyRxForm(
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
    }) => downloadPharmacyRxForm(visitId, formRequestId, offlineMessage),
    () => [],
    options,
  );
}
