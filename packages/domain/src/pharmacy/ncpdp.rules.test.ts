import { describe, expect, it } from 'vitest';
import {
  checkAgainstRegistry,
  isPharmacyTaxonomy,
  normalizeAddress,
  normalizeUsPhone,
  pharmacyFromNppesRow,
  type RegistryPharmacy,
} from './ncpdp.rules';

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
const asTyped = {
  address1: '1200 Biscayne Boulevard',
  address2: 'Ste. 104',
  city: 'Miami',
  state: 'fl',
  zip: '33132-1411',
  phone: '(305) 555-0180',
  fax: '+1 305 555 0181',
};

describe('NCPDP registry matching', () => {
  it('normalises phones to ten digits and addresses the USPS way', () => {
    expect(normalizeUsPhone('+1 (305) 555-0180')).toBe('3055550180');
    expect(normalizeUsPhone('555-0180')).toBe('');
    expect(normalizeAddress(asTyped)).toBe(normalizeAddress(entry));
    expect(normalizeAddress({ ...asTyped, address1: '88 West Main Street' })).toContain(
      '88 W MAIN ST',
    );
  });

  it('verifies a pharmacy whose address, phone and fax match, written another way', () => {
    expect(checkAgainstRegistry(asTyped, entry)).toEqual({ verified: true, mismatches: [] });
  });

  it('names each mismatch: address, phone, fax, or no registry entry at all', () => {
    expect(checkAgainstRegistry({ ...asTyped, phone: '305-555-0199' }, entry).mismatches).toEqual([
      'phone',
    ]);
    expect(checkAgainstRegistry({ ...asTyped, fax: '' }, entry).mismatches).toEqual(['fax']);
    expect(checkAgainstRegistry({ ...asTyped, address2: 'Suite 105' }, entry).mismatches).toEqual([
      'address',
    ]);
    expect(checkAgainstRegistry(asTyped, undefined)).toEqual({
      verified: false,
      mismatches: ['notListed'],
    });
  });
});

describe('NPPES rows', () => {
  it('keeps organisations with a pharmacy taxonomy and an NCPDP ID among their identifiers', () => {
    expect(isPharmacyTaxonomy('333600000X')).toBe(true);
    expect(isPharmacyTaxonomy('3336C0003X')).toBe(true);
    expect(isPharmacyTaxonomy('261QP2300X')).toBe(false);
    const row = (cells: Record<string, string>) => ({
      NPI: '1',
      'Entity Type Code': '2',
      'Provider Organization Name (Legal Business Name)': 'A PHARMACY',
      'Provider Business Practice Location Address Telephone Number': '305-555-0100',
      'Healthcare Provider Taxonomy Code_1': '261QP2300X',
      'Healthcare Provider Taxonomy Code_2': '3336C0003X',
      'Other Provider Identifier_1': '12',
      'Other Provider Identifier Issuer_1': 'MEDICAID',
      'Other Provider Identifier_2': '1234567',
      'Other Provider Identifier Issuer_2': 'NCPDP',
      ...cells,
    });
    expect(pharmacyFromNppesRow(row({}))).toEqual(
      expect.objectContaining({
        ncpdpId: '1234567',
        npi: '1',
        name: 'A PHARMACY',
        phone: '3055550100',
        address1: '',
        fax: '',
      }),
    );
    // No NCPDP ID; a clinic's taxonomy only; a person (entity type 1).
    expect(pharmacyFromNppesRow(row({ 'Other Provider Identifier Issuer_2': '' }))).toBeUndefined();
    expect(
      pharmacyFromNppesRow(row({ 'Healthcare Provider Taxonomy Code_2': '' })),
    ).toBeUndefined();
    expect(pharmacyFromNppesRow(row({ 'Entity Type Code': '1' }))).toBeUndefined();
  });
});
