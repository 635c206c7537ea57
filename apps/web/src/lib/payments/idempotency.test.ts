import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { attemptMayHaveRun, newIdempotencyKey } from './idempotency';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('an attempt to pay', () => {
  it('keeps its key when the server may have taken it, and gets a new one otherwise', () => {
    expect(attemptMayHaveRun(new ApiError(0, 'NETWORK', 'offline'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(502, 'HTTP_ERROR', 'bad gateway'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(409, 'IN_PROGRESS', 'busy'))).toBe(true);
    expect(attemptMayHaveRun(new Error('parse'))).toBe(true);
    expect(attemptMayHaveRun(new ApiError(402, 'CARD_DECLINED', 'declined'))).toBe(false);
    expect(attemptMayHaveRun(new ApiError(400, 'APPOINTMENT_EXPIRED', 'expired'))).toBe(false);
    // Verified at the gateway: nothing was charged, so the next try is a new attempt.
    expect(attemptMayHaveRun(new ApiError(409, 'PAYMENT_NOT_CHARGED', 'not charged'))).toBe(false);
  });

  it('has a fresh v4 UUID key each time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('has v4 UUID keys also without crypto.randomUUID (plain http)', () => {
    const crypto = globalThis.crypto;
    const withoutRandomUuid = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    Object.defineProperty(globalThis, 'crypto', { value: withoutRandomUuid, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
      expect(keys.size).toBe(20);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: crypto, configurable: true });
    }
  });
});
