import { apiDownload } from '../../../lib/api-client';

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
