import { describe, expect, it } from 'vitest';
import type { RegistryPharmacy } from '../pharmacy/ncpdp.rules';
import {
  compareWithRegistry,
  isNcpdpQuery,
  matchesRegistry,
  pharmacyKeyOf,
} from './pharmacies.rules';

const entry: RegistryPharmacy = {
  ncpdpId: '1023456',
  npi: '1437250017',
  name: 'SUNRISE PHARMACY LLC',
  address1: '1200 BISCAYNE BLVD',
  address2: 'SUITE 104',
  city: 'MIAMI',
  state: 'FL',
  zip: '33132',
  phone: '3055550180',
  fax: '3055550181',
};

const own = {
  address1: '1200 Biscayne Boulevard',
  address2: 'Suite 104',
  city: 'Miami',
  state: 'FL',
  zip: '33132',
  phone: '(305) 555-0180',
  fax: '305-555-0181',
};

describe('compareWithRegistry', () => {
  it('finds every field the same when they match once normalised', () => {
    const comparison = compareWithRegistry(own, entry);
    expect(comparison.map((c) => [c.field, c.result])).toEqual([
      ['address', 'same'],
      ['phone', 'same'],
      ['fax', 'same'],
    ]);
    expect(comparison[0]?.registry).toBe('1200 BISCAYNE BLVD, SUITE 104, MIAMI, FL 33132');
    expect(matchesRegistry(comparison)).toBe(true);
  });

  it('tells a field that differs from one the registry does not have', () => {
    const comparison = compareWithRegistry(
      { ...own, fax: '305-555-0199' },
      { ...entry, phone: '' },
    );
    expect(comparison.map((c) => c.result)).toEqual(['same', 'missing', 'differs']);
    expect(matchesRegistry(comparison)).toBe(false);
  });

  it('finds every field missing when the pharmacy is not listed', () => {
    expect(compareWithRegistry(own, undefined).map((c) => c.result)).toEqual([
      'missing',
      'missing',
      'missing',
    ]);
  });
});

describe('pharmacyKeyOf', () => {
  it('joins the name words and the NCPDP ID', () => {
    expect(pharmacyKeyOf('CORNER DRUG, INC.', '7654321')).toBe('corner-drug-inc-7654321');
    expect(pharmacyKeyOf('***', '7654321')).toBe('pharmacy-7654321');
  });
});

describe('isNcpdpQuery', () => {
  it('reads digits as an NCPDP ID and anything else as a name', () => {
    expect(isNcpdpQuery('10234')).toBe(true);
    expect(isNcpdpQuery('sunrise')).toBe(false);
  });
});
