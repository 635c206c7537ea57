import { apiDownload } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

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

/** A visit's file as a blob, fetched once (a file does not change). */
export function useClinicRxFile(visitId: string, fileId: string, offlineMessage: string) {
  return useCallQuery(
    ['clinic', 'rx', 'file', visitId, fileId],
    () => getClinicRxFile(visitId, fileId, offlineMessage),
    { staleTime: Number.POSITIVE_INFINITY },
  );
}
