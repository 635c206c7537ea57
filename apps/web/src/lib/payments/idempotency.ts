import { ApiError } from '../api-client';

/**
 * A random UUID (v4): one payment attempt's idempotency key. crypto.randomUUID needs a secure
 * context; the app may be opened over plain http on a local network, so getRandomValues is the
 * fallback.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Errors after which the same attempt may be sent again with the same key: the server may
 * have taken it (network, 5xx, still processing). Any other answer ended the attempt, so the
 * next try is a new attempt with a new key (a declined card's key stays declined).
 */
export function attemptMayHaveRun(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'IN_PROGRESS';
}
