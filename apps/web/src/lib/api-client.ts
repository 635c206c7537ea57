import type { ResponseErrorCode } from '@apothecall/domain/errors/error-codes';
import type { z } from 'zod';
import { currentBrandId } from './brand-store';
import { currentLanguage, type Translate } from './i18n';
import { apiUrl } from './server-origin';
import { clearSessionIfToken, getSession } from './session-store';

/**
 * The one HTTP client: adds the spec's headers (token, time zone, parameters), parses
 * responses with the domain's schemas, and turns the error envelope into ApiError. A 401 on a
 * call made with a token means the server ended the session: it is forgotten here, and the
 * route guard sends the user to the login screen.
 */
/** The server's codes (domain errors/error-codes.ts), and the two this client makes up. */
export type ClientErrorCode = ResponseErrorCode | 'NETWORK' | 'HTTP_ERROR';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly errorCode: ClientErrorCode,
    message: string,
    /** The envelope's other fields (e.g. the spec's defaultPrice and defaultPriceToken). */
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * The spec's headers. `token` is the session's unless given: a logout sends the token it just
 * forgot here (useEndSession).
 */
export function apiHeaders(token = getSession()?.token): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-time-zone': timeZone(),
    'x-app-params': new URLSearchParams({
      lang: currentLanguage(),
      brand: currentBrandId(),
    }).toString(),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

interface CallOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: z.ZodType<T>;
  /** Network failure message (already translated). */
  offlineMessage?: string;
  /** The token to send instead of the session's (a logout's, once forgotten here). */
  token?: string;
}

async function send(
  path: string,
  init: { method: string; headers: Record<string, string>; body: BodyInit | null },
  offlineMessage: string | undefined,
  sentToken = getSession()?.token,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), init);
  } catch {
    throw new ApiError(0, 'NETWORK', offlineMessage ?? 'Network error');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const envelope = payload as { errorMsg?: unknown; errorCode?: unknown } | null;
    if (response.status === 401 && sentToken) clearSessionIfToken(sentToken);
    const {
      error: _error,
      errorMsg: _errorMsg,
      errorCode: _errorCode,
      ...details
    } = (envelope ?? {}) as Record<string, unknown>;
    throw new ApiError(
      response.status,
      typeof envelope?.errorCode === 'string'
        ? (envelope.errorCode as ResponseErrorCode)
        : 'HTTP_ERROR',
      typeof envelope?.errorMsg === 'string' ? envelope.errorMsg : `HTTP ${response.status}`,
      details,
    );
  }
  return response;
}

export async function apiCall<T>(path: string, options: CallOptions<T>): Promise<T> {
  const token = options.token ?? getSession()?.token;
  const headers = apiHeaders(token);
  const response = await send(
    path,
    {
      method: options.method ?? 'GET',
      headers:
        options.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: options.body === undefined ? null : JSON.stringify(options.body),
    },
    options.offlineMessage,
    token,
  );
  const payload: unknown = await response.json().catch(() => null);
  return options.schema.parse(payload);
}

/**
 * A multipart upload (POST, FormData body; the browser sets the boundary), answered with JSON
 * that the domain's schema parses, like apiCall.
 */
export async function apiUpload<T>(
  path: string,
  options: { body: FormData; schema: z.ZodType<T>; offlineMessage?: string },
): Promise<T> {
  const response = await send(
    path,
    { method: 'POST', headers: apiHeaders(), body: options.body },
    options.offlineMessage,
  );
  const payload: unknown = await response.json().catch(() => null);
  return options.schema.parse(payload);
}

/**
 * An authenticated download (a PDF, a photo): the token travels in the Authorization header,
 * never in a URL. Errors as apiCall's.
 */
export async function apiDownload(
  path: string,
  options: { accept: string; offlineMessage?: string; body?: object },
): Promise<Blob> {
  // A POST with a JSON body when what to download is asked in the body (never in a URL).
  const response = await send(
    path,
    options.body === undefined
      ? { method: 'GET', headers: { ...apiHeaders(), accept: options.accept }, body: null }
      : {
          method: 'POST',
          headers: {
            ...apiHeaders(),
            accept: options.accept,
            'content-type': 'application/json',
          },
          body: JSON.stringify(options.body),
        },
    options.offlineMessage,
  );
  return response.blob();
}

/** The server's translated message, or the network message when it could not be reached. */
export function errorText(t: Translate, error: unknown): string {
  return error instanceof ApiError && error.status !== 0 ? error.message : t('errors.network');
}
