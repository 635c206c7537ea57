import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issuePaths } from '../validation/schema-issues';
import {
  apiResult,
  centsSchema,
  emailSchema,
  errorEnvelopeSchema,
  idSchema,
  isoDateTimeSchema,
  jsonValueSchema,
  okEnvelope,
  paged,
  pageRequestSchema,
  usStateSchema,
} from './common.schemas';

const ID = '3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c';

describe('common building blocks', () => {
  it('ids are UUID strings; numbers and free text are refused', () => {
    expect(idSchema.parse(ID)).toBe(ID);
    expect(idSchema.safeParse(42).success).toBe(false);
    expect(idSchema.safeParse('42').success).toBe(false);
  });

  it('money is non-negative integer cents', () => {
    expect(centsSchema.parse(0)).toBe(0);
    expect(centsSchema.parse(2500)).toBe(2500);
    expect(centsSchema.safeParse(25.5).success).toBe(false);
    expect(centsSchema.safeParse(-1).success).toBe(false);
    expect(centsSchema.safeParse('2500').success).toBe(false);
  });

  it('date-times are ISO 8601 with Z or an offset', () => {
    expect(isoDateTimeSchema.safeParse('2024-05-01T14:00:00Z').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('2024-05-01T14:00:00-05:00').success).toBe(true);
    expect(isoDateTimeSchema.safeParse('05-01-2024 14:00').success).toBe(false);
  });

  it('state codes are two upper-case letters', () => {
    expect(usStateSchema.parse('FL')).toBe('FL');
    for (const bad of ['fl', 'F', 'FLA', 'F1'])
      expect(usStateSchema.safeParse(bad).success).toBe(false);
  });

  it('e-mail is a basic trimmed shape', () => {
    expect(emailSchema.parse('  ann@example.com ')).toBe('ann@example.com');
    for (const bad of ['ann', 'ann@', '@example.com', 'a b@example.com', 'a@b@c']) {
      expect(emailSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe('API envelopes', () => {
  const result = apiResult(z.object({ id: idSchema }));

  it('the error envelope needs error true, errorMsg and errorCode', () => {
    expect(
      errorEnvelopeSchema.parse({ error: true, errorMsg: 'Nope', errorCode: 'NOT_FOUND' }),
    ).toEqual({ error: true, errorMsg: 'Nope', errorCode: 'NOT_FOUND' });
    expect(issuePaths(errorEnvelopeSchema, { error: true, errorMsg: 'Nope' })).toEqual([
      'errorCode',
    ]);
    expect(issuePaths(errorEnvelopeSchema, { error: false, errorMsg: '', errorCode: '' })).toEqual([
      'error',
    ]);
  });

  it('the ok envelope wraps data with error false', () => {
    expect(okEnvelope(z.number()).parse({ error: false, data: 3 })).toEqual({
      error: false,
      data: 3,
    });
    expect(issuePaths(okEnvelope(z.number()), { error: false, data: 'x' })).toEqual(['data']);
  });

  it('apiResult tells the two answers apart by the error flag', () => {
    const ok = result.parse({ error: false, data: { id: ID } });
    expect(ok.error ? null : ok.data.id).toBe(ID);
    const err = result.parse({ error: true, errorMsg: 'Bad', errorCode: 'X' });
    expect(err.error && err.errorCode).toBe('X');
    expect(result.safeParse({ error: false, errorMsg: 'Bad' }).success).toBe(false);
  });
});

describe('paging', () => {
  it('a page request defaults to page 1 of 20 and caps the page size at 100', () => {
    expect(pageRequestSchema.parse({})).toEqual({ page: 1, pageSize: 20 });
    expect(issuePaths(pageRequestSchema, { page: 0 })).toEqual(['page']);
    expect(issuePaths(pageRequestSchema, { pageSize: 101 })).toEqual(['pageSize']);
  });

  it('paged(item) validates every item and reports its index', () => {
    const page = paged(centsSchema);
    expect(page.parse({ items: [1, 2], page: 1, pageSize: 20, total: 2 }).items).toEqual([1, 2]);
    expect(issuePaths(page, { items: [1, -2], page: 1, pageSize: 20, total: 2 })).toEqual([
      'items.1',
    ]);
  });
});

describe('jsonValueSchema', () => {
  it('takes any JSON value, null included, as z.json() does', () => {
    for (const value of ['a', 1.5, true, null, [1, 'two', null], { a: { b: [false] } }]) {
      expect(jsonValueSchema.parse(value)).toEqual(value);
    }
    expect(jsonValueSchema.safeParse(undefined).success).toBe(false);
  });

  it('is named JsonValue, so the OpenAPI document can refer to it (issue 34)', () => {
    expect(z.globalRegistry.get(jsonValueSchema)).toMatchObject({ id: 'JsonValue' });
  });
});
