import { describe, expect, it } from 'vitest';
import { isProfileComplete } from '../accounts/people.rules';
import { firstIssueKey } from '../validation/schema-issues';
import {
  usStateSchema,
  validateStreetAddress,
  validateUsAddress,
  validateZip,
  zipLength,
  zipSchema,
} from './address.rules';

describe('zip and address (spec 5)', () => {
  it('needs exactly 5 digits', () => {
    expect(validateZip('33101')).toEqual({ ok: true });
    expect(validateZip('3310')).toEqual({ ok: false, key: 'validation.zip.invalid' });
    expect(validateZip('33101-1234')).toEqual({ ok: false, key: 'validation.zip.invalid' });
    expect(firstIssueKey(zipSchema, '')).toBe('common.required');
  });

  it('requires a street address', () => {
    expect(validateStreetAddress('  ')).toEqual({ ok: false, key: 'common.required' });
    expect(validateStreetAddress('1 Main St')).toEqual({ ok: true });
  });

  it('makes international visitors enter a US address', () => {
    expect(validateUsAddress({ address: '1 Main St', state: 'fl', zipCode: '33101' })).toEqual({
      ok: true,
    });
    expect(
      validateUsAddress({ address: '1 Calle Mayor', state: 'Madrid', zipCode: '28013' }),
    ).toEqual({
      ok: false,
      key: 'validation.address.usOnly',
    });
    expect(validateUsAddress({ address: '', state: 'FL', zipCode: '33101' })).toEqual({
      ok: false,
      key: 'common.required',
    });
    expect(validateUsAddress({ address: '1 Main St', state: 'FL', zipCode: 'SW1A' })).toEqual({
      ok: false,
      key: 'validation.zip.invalid',
    });
    expect(usStateSchema.parse(' tx ')).toBe('TX');
    expect(firstIssueKey(usStateSchema, 'Ontario')).toBe('validation.address.stateInvalid');
  });

  it('counts the main profile complete only with non-empty address and zipCode', () => {
    expect(isProfileComplete({ address: '1 Main St', zipCode: '33101' })).toBe(true);
    expect(isProfileComplete({ address: '1 Main St', zipCode: ' ' })).toBe(false);
    expect(isProfileComplete({ address: '', zipCode: '33101' })).toBe(false);
    expect(isProfileComplete({})).toBe(false);
  });
});

describe('zip limits (spec 9)', () => {
  it('is 5 digits', () => {
    expect(zipLength).toBe(5);
  });
});
