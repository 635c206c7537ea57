import { apiDownload } from '../../../lib/api-client';

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
