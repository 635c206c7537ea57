import { describe, expect, it } from 'vitest';
import {
  checkAgainstRegistry,
  createCsvReader,
  isPharmacyTaxonomy,
  normalizeAddress,
  normalizeUsPhone,
  parseCsv,
  pharmaciesFromNppes,
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

describe('NPPES dissemination file', () => {
  it('parses quoted CSV: doubled quotes, commas and line breaks inside fields', () => {
    const rows = parseCsv('"a","b"\r\n"1, one","say ""hi"""\n"x\ny",""\n');
    expect(rows).toEqual([
      { a: '1, one', b: 'say "hi"' },
      { a: 'x\ny', b: '' },
    ]);
  });

  it('reads a file a chunk at a time, whatever the chunks cut (quotes, line ends)', () => {
    const text = '"a","b"\r\n"1, one","say ""hi"""\r\n"x\ny","z"\r\n';
    const whole = parseCsv(text);
    expect(whole).toHaveLength(2);
    for (let size = 1; size <= text.length; size++) {
      const reader = createCsvReader();
      const rows: Record<string, string>[] = [];
      for (let i = 0; i < text.length; i += size)
        rows.push(...reader.push(text.slice(i, i + size)));
      rows.push(...reader.end());
      expect(rows, `chunks of ${size}`).toEqual(whole);
    }
  });

  it('keeps organisations with a pharmacy taxonomy and an NCPDP ID among their identifiers', () => {
    expect(isPharmacyTaxonomy('333600000X')).toBe(true);
    expect(isPharmacyTaxonomy('3336C0003X')).toBe(true);
    expect(isPharmacyTaxonomy('261QP2300X')).toBe(false);
    const header = [
      'NPI',
      'Entity Type Code',
      'Provider Organization Name (Legal Business Name)',
      'Provider Business Practice Location Address Telephone Number',
      'Healthcare Provider Taxonomy Code_1',
      'Healthcare Provider Taxonomy Code_2',
      'Other Provider Identifier_1',
      'Other Provider Identifier Issuer_1',
      'Other Provider Identifier_2',
      'Other Provider Identifier Issuer_2',
    ];
    const line = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
    const csv = [
      line(header),
      line([
        '1',
        '2',
        'A PHARMACY',
        '3055550100',
        '261QP2300X',
        '3336C0003X',
        '12',
        'MEDICAID',
        '1234567',
        'NCPDP',
      ]),
      line(['2', '2', 'NO NCPDP', '3055550101', '333600000X', '', '', '', '', '']),
      line(['3', '2', 'A CLINIC', '3055550102', '261QP2300X', '', '7654321', 'NCPDP', '', '']),
      line(['4', '1', 'A PERSON', '3055550103', '3336C0003X', '', '7777777', 'NCPDP', '', '']),
    ].join('\r\n');
    expect(pharmaciesFromNppes(csv)).toEqual([
      expect.objectContaining({
        ncpdpId: '1234567',
        npi: '1',
        name: 'A PHARMACY',
        phone: '3055550100',
      }),
    ]);
  });
});
