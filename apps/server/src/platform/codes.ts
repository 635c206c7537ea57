import { createHash, randomBytes, randomInt } from 'node:crypto';

/** Password-reset codes: 192 random bits, URL-safe. Only their SHA-256 is stored. */
export function newResetCode(): string {
  return randomBytes(24).toString('base64url');
}

/** Two-factor login codes: six digits. */
export function newNumericCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code, 'utf8').digest('hex');
}
