import { hash, verify } from '@node-rs/argon2';

/**
 * Argon2id with the OWASP Password Storage Cheat Sheet's first recommended setting:
 * m = 19 MiB, t = 2, p = 1. (`Algorithm.Argon2id` is a const enum, so its value is written out.)
 */
const ARGON2ID = 2;
export const argon2Options = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(stored: string, password: string): Promise<boolean>;
  /** Spends the same time as a real verification, for unknown login ids. */
  verifyDummy(password: string): Promise<void>;
}

export function createPasswordHasher(): PasswordHasher {
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, argon2Options),
    async verify(stored, password) {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('not-a-real-password-0', argon2Options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
