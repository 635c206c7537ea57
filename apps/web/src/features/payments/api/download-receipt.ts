import type { ResponseErrorCode } from '@apothecall/domain/errors/error-codes';
import { ApiError, apiHeaders } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { apiUrl } from '../../../lib/server-origin';
import { clearSession } from '../../../lib/session-store';

/**
 * GET /transactions/{id}/receipt.pdf with the usual headers (the token travels in the
 * Authorization header, never in a URL). Errors follow apiCall: the server's message in an
 * ApiError, and a 401 forgets the session.
 */
export async function downloadReceipt(id: string, offlineMessage: string): Promise<Blob> {
  const headers: Record<string, string> = { ...apiHeaders(), accept: 'application/pdf' };
  let response: Response;
  try {
    response = await fetch(apiUrl(`/transactions/${encodeURIComponent(id)}/receipt.pdf`), {
      headers,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', offlineMessage);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const envelope = payload as { errorMsg?: unknown; errorCode?: unknown } | null;
    if (response.status === 401 && headers.authorization) clearSession();
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

/** Downloads a receipt (`offlineMessage` said when the network fails); nothing to refresh. */
export function useDownloadReceipt(
  options?: MutationCallbacks<Blob, { id: string; offlineMessage: string }>,
) {
  return useCallMutation(
    ({ id, offlineMessage }: { id: string; offlineMessage: string }) =>
      downloadReceipt(id, offlineMessage),
    () => [],
    options,
  );
}
