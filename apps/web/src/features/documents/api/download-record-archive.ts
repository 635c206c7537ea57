import { recordArchiveFileName } from '@apothecall/domain/documents/record-archive.api';
import { apiDownload } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';

/**
 * POST /account/record-archive: the signed-in patient's whole record as one ZIP (the session
 * says whose; the token travels in the Authorization header, never in a URL). Answers the file
 * and the name to save it under (the server's: the day in this device's zone).
 */
export async function downloadRecordArchive(
  now: Date = new Date(),
): Promise<{ blob: Blob; fileName: string }> {
  const blob = await apiDownload('/account/record-archive', {
    accept: 'application/zip',
    body: {},
  });
  const pad = (n: number) => String(n).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return { blob, fileName: recordArchiveFileName(day) };
}

/** The account's record archive, as a download (nothing cached changes). */
export function useDownloadRecordArchive(
  options?: MutationCallbacks<{ blob: Blob; fileName: string }, void>,
) {
  return useCallMutation(
    () => downloadRecordArchive(),
    () => [],
    options,
  );
}
