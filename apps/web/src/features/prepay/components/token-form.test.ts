import type { AccessTokenView } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  bulkLineCount,
  bulkListError,
  checkDelivery,
  checkTokenUse,
  deliveryFieldMessage,
  emptyTokenUse,
  tokenUseDraftOf,
  withToken,
} from './token-form';

const token = (code: string, note = ''): AccessTokenView => ({
  code,
  url: `https://app.test/#/redeem/${code}`,
  object: { programId: '6a1f7f0e-4a5b-4c3d-9e8f-0a1b2c3d4e5f', note },
  state: 'unclaimed',
  use: 'multiple',
  multipleUseIntervalDays: 30,
  claimCount: 0,
  delivery: null,
  deniedAt: null,
  createdAt: '2025-05-01T12:00:00Z',
});

describe('how a token may be used', () => {
  it('sends single use with 0 days whatever the days box holds', () => {
    expect(checkTokenUse({ use: 'single', intervalDays: '12', note: ' flu ' })).toEqual({
      ok: true,
      value: { use: 'single', multipleUseIntervalDays: 0, note: 'flu' },
    });
  });

  it('sends multiple use with its days (empty = no limit)', () => {
    expect(checkTokenUse({ use: 'multiple', intervalDays: 30, note: '' })).toMatchObject({
      ok: true,
      value: { use: 'multiple', multipleUseIntervalDays: 30 },
    });
    expect(checkTokenUse({ use: 'multiple', intervalDays: '', note: '' })).toMatchObject({
      ok: true,
      value: { multipleUseIntervalDays: 0 },
    });
  });

  it('refuses days that are not a whole number up to 3650, and a note too long', () => {
    const result = checkTokenUse({ use: 'multiple', intervalDays: '3651', note: 'x'.repeat(201) });
    expect(result).toEqual({
      ok: false,
      errors: {
        intervalDays: { key: 'prepayUi.form.wholeNumber', params: { max: 3650 } },
        note: { key: 'prepayUi.form.tooLong', params: { max: 200 } },
      },
    });
  });

  it("starts the edit form from the token's own use and note", () => {
    expect(tokenUseDraftOf(token('ABCDEFGHJKMN', 'Ana'))).toEqual({
      use: 'multiple',
      intervalDays: 30,
      note: 'Ana',
    });
    expect(emptyTokenUse.use).toBe('single');
  });
});

describe('where a token is sent', () => {
  it('sends nothing when not now', () => {
    expect(checkDelivery({ channel: 'none', to: 'ignored' })).toEqual({ ok: true, delivery: null });
  });

  it('checks the address by its channel with the spec texts', () => {
    expect(checkDelivery({ channel: 'email', to: ' ana@sunrise.test ' })).toEqual({
      ok: true,
      delivery: { channel: 'email', to: 'ana@sunrise.test' },
    });
    expect(checkDelivery({ channel: 'sms', to: '305-555-1234' })).toEqual({
      ok: true,
      delivery: { channel: 'sms', to: '305-555-1234' },
    });
    expect(checkDelivery({ channel: 'email', to: '305-555-1234' })).toEqual({
      ok: false,
      error: { key: 'prepay.delivery.invalidEmail' },
    });
    expect(checkDelivery({ channel: 'sms', to: 'ana@sunrise.test' })).toEqual({
      ok: false,
      error: { key: 'prepay.delivery.invalidPhone' },
    });
    expect(checkDelivery({ channel: 'sms', to: '' }).ok).toBe(false);
  });

  it("shows the server's refusal of the number under the field, and no other failure there", () => {
    const refused = 'Enter a valid phone number to send the access token to.';
    expect(
      deliveryFieldMessage(new ApiError(400, 'VALIDATION', refused, { field: 'delivery.to' })),
    ).toBe(refused);
    expect(
      deliveryFieldMessage(new ApiError(429, 'RATE_LIMITED', 'Try again tomorrow.')),
    ).toBeUndefined();
    expect(
      deliveryFieldMessage(new ApiError(400, 'VALIDATION', 'Note too long.', { field: 'note' })),
    ).toBeUndefined();
    expect(deliveryFieldMessage(new Error('fetch failed'))).toBeUndefined();
    expect(deliveryFieldMessage(null)).toBeUndefined();
  });
});

describe('bulk lists', () => {
  it('counts the non-blank lines and refuses an empty or too long list', () => {
    expect(bulkLineCount('a@x.io\n\n  \r\n305-555-1234\n')).toBe(2);
    expect(bulkListError('a@x.io')).toBeNull();
    expect(bulkListError(' \n ')).toEqual({ key: 'prepayUi.bulk.empty' });
    expect(bulkListError(Array.from({ length: 201 }, (_, i) => `p${i}@x.io`).join('\n'))).toEqual({
      key: 'prepay.bulk.tooMany',
      params: { max: 200 },
    });
  });
});

describe('the token list in the cache', () => {
  it('puts a new token first and replaces a changed one in place', () => {
    const a = token('AAAAAAAAAAAA');
    const b = token('BBBBBBBBBBBB');
    expect(withToken([a], b).map((x) => x.code)).toEqual([b.code, a.code]);
    const changed = { ...a, claimCount: 1 };
    expect(withToken([b, a], changed)).toEqual([b, changed]);
    expect(withToken(undefined, a)).toEqual([a]);
  });
});
