import type { ResponseErrorCode } from '@apothecall/domain/errors/error-codes';
import { ApiError, apiHeaders } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { apiUrl } from '../../../lib/server-origin';
import { clearSessionIfToken } from '../../../lib/session-store';

/**
 * GET /notes/{id}/pdf with the usual headers (the token travels in the Authorization header,
 * never in a URL). Errors follow apiCall: the server's message in an ApiError, and a 401 forgets
 * the session.
 */
export async function downloadNotePdf(id: string, offlineMessage: string): Promise<Blob> {
  const headers: Record<string, string> = { ...apiHeaders(), accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(apiUrl(`/notes/${encodeURIComponent(id)}/pdf`), { headers });
  } catch {
    throw new ApiError(0, 'NETWORK', offlineMessage);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const envelope = payload as { errorMsg?: unknown; errorCode?: unknown } | null;
    const token = headers.authorization?.slice('Bearer '.length);
    if (response.status === 401 && token) clearSessionIfToken(token);
    throw new ApiError(
      response.status,
      typeof envelope?.errorCode === 'string'
        ? (envelope.errorCode as ResponseErrorCode)
        : 'HTTP_ERROR',
      typeof envelope?.errorMsg === 'string' ? envelope.errorMsg : `HTTP ${response.status}`,
    );
  }
  return response.blob();
}

/** A note's PDF, as a download (nothing cached changes). */
export function useDownloadNotePdf(
  options?: MutationCallbacks<Blob, { id: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ id, offlineMessage }: { id: string; offlineMessage: string }) =>
      downloadNotePdf(id, offlineMessage),
    () => [],
    options,
  );
}
