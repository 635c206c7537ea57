import { createHash } from 'node:crypto';
import { type Db, fromPglite } from 'pg-boss';
import type { RawDatabase } from '../../db/client';

/** The jobs facade's small helpers: the PGlite adapter, job ids from keys, and failures as stored. */
/**
 * pg-boss's PGlite adapter over the app's instance. `exec` keeps a failing BEGIN ... COMMIT
 * block's rollback inside PGlite's transaction lock (see `RawDatabase` in db/client.ts).
 */
export function pgliteAdapter(raw: Extract<RawDatabase, { kind: 'pglite' }>): Db {
  return fromPglite({
    query: async <T>(text: string, params?: unknown[]) =>
      (await raw.query(text, params)) as { rows: T[] },
    exec: (text: string) => raw.exec(text),
    listen: (channel: string, callback: (payload: string) => void) => raw.listen(channel, callback),
  });
}

/** A stable job id (UUID-shaped) for a name and an idempotency key. */
export function idFromKey(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so it reads as a well-formed UUID.
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * What pg-boss stores as the failed run's output: the error's name and message only — no stack —
 * with anything shaped like an e-mail address or a phone number masked, since a provider's
 * refusal can quote the recipient.
 */
export function storedFailure(error: unknown): Error {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const stored = new Error(maskContacts(message).slice(0, 500));
  stored.name = name;
  stored.stack = undefined;
  return stored;
}

export function maskContacts(text: string): string {
  return text
    .replace(/[^\s<>()"',;:]+@[^\s<>()"',;:]+/g, '[address]')
    .replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]');
}

export function sourceOutputOf(row: object): unknown {
  return (row as { sourceOutput?: unknown }).sourceOutput;
}

export function errorText(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const { name, message } = output as { name?: unknown; message?: unknown };
  if (typeof message !== 'string') return null;
  return typeof name === 'string' && name !== 'Error' ? `${name}: ${message}` : message;
}
