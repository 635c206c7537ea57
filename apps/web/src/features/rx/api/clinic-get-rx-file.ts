import { apiDownload } from '../../../lib/api-client';

/** GET /clinic/rx/:id/files/:fileId: a photo ID or attachment, with the auth header. */
export function getClinicRxFile(
  visitId: string,
  fileId: string,
  offlineMessage: string,
): Promise<Blob> {
  return apiDownload(
    `/clinic/rx/${encodeURIComponent(visitId)}/files/${encodeURIComponent(fileId)}`,
    { accept: '*/*', offlineMessage },
  );
}
