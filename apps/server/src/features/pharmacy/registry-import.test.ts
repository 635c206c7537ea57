import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { describe, expect, it } from 'vitest';
import { pharmaciesInNppes, pharmaciesInNppesFile } from './registry-import';

/**
 * The NPPES file through csv-parse: quoted
 * fields with commas, doubled quotes and line breaks, a byte-order mark, CRLF and LF, non-ASCII
 * split between chunks, a stray quote in an unquoted field, short rows and blank lines.
 */
const header = [
  'NPI',
  'Entity Type Code',
  'Provider Organization Name (Legal Business Name)',
  'Provider First Line Business Practice Location Address',
  'Provider Second Line Business Practice Location Address',
  'Provider Business Practice Location Address City Name',
  'Provider Business Practice Location Address State Name',
  'Provider Business Practice Location Address Postal Code',
  'Provider Business Practice Location Address Telephone Number',
  'Provider Business Practice Location Address Fax Number',
  'Healthcare Provider Taxonomy Code_1',
  'Other Provider Identifier_1',
  'Other Provider Identifier Issuer_1',
];
const quoted = (cells: string[]) => cells.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
const csv = [
  // A byte-order mark before the header, as spreadsheet tools write it.
  `\uFEFF${quoted(header)}`,
  quoted([
    '1000000001',
    '2',
    'MUÑOZ "EL FARO", DRUGS & MORE',
    '12 OCEAN DR\nBUILDING B',
    'SUITE 4, REAR',
    'MIAMI',
    'fl',
    '331391234',
    '305-555-0100',
    '305-555-0101',
    '3336C0003X',
    '1234567',
    'NCPDP',
  ]),
  // A blank line, then a row written by hand: unquoted, a quote inside a field, spaces.
  '',
  '1000000002,2,  JOE"S PHARMACY , 1 MAIN ST,,AUSTIN,TX,78701,5125550100,5125550101,333600000X,7654321,NCPDP',
  // A short row (a clinic, not a pharmacy) and an empty one.
  '1000000003,2,A CLINIC,,,,,,,,261QP2300X',
  ',,,',
  // The last row without a line end.
  quoted([
    '1000000004',
    '2',
    'ÑANDÚ FARMACIA',
    '9 CALLE OCHO',
    '',
    'MIAMI',
    'FL',
    '33135',
    '3055550200',
    '',
    '333600000X',
    '2345678',
    'NCPDP',
  ]),
].join('\r\n');
// The clinic row ends with LF only: the file mixes line ends.
const text = csv.replace('261QP2300X\r\n', '261QP2300X\n');

const expected: RegistryPharmacy[] = [
  {
    ncpdpId: '1234567',
    npi: '1000000001',
    name: 'MUÑOZ "EL FARO", DRUGS & MORE',
    address1: '12 OCEAN DR\nBUILDING B',
    address2: 'SUITE 4, REAR',
    city: 'MIAMI',
    state: 'FL',
    zip: '33139',
    phone: '3055550100',
    fax: '3055550101',
  },
  {
    ncpdpId: '7654321',
    npi: '1000000002',
    name: 'JOE"S PHARMACY',
    address1: '1 MAIN ST',
    address2: '',
    city: 'AUSTIN',
    state: 'TX',
    zip: '78701',
    phone: '5125550100',
    fax: '5125550101',
  },
  {
    ncpdpId: '2345678',
    npi: '1000000004',
    name: 'ÑANDÚ FARMACIA',
    address1: '9 CALLE OCHO',
    address2: '',
    city: 'MIAMI',
    state: 'FL',
    zip: '33135',
    phone: '3055550200',
    fax: '',
  },
];

async function all(entries: AsyncIterable<RegistryPharmacy>): Promise<RegistryPharmacy[]> {
  const list: RegistryPharmacy[] = [];
  for await (const entry of entries) list.push(entry);
  return list;
}

describe('NPPES file import (csv-parse)', () => {
  it('reads quoted commas, doubled quotes, line breaks, a BOM, CRLF and a stray quote', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-nppes-'));
    try {
      const file = path.join(dir, 'nppes.csv');
      await writeFile(file, text, 'utf8');
      expect(await all(pharmaciesInNppesFile(file))).toEqual(expected);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('gives the same rows whatever the chunks cut (a quote, a CRLF, a UTF-8 character)', async () => {
    const bytes = Buffer.from(text, 'utf8');
    for (const size of [1, 2, 3, 5, 7, 64]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await all(pharmaciesInNppes(Readable.from(chunks))), `chunks of ${size}`).toEqual(
        expected,
      );
    }
  });

  it('ends with the read error of a file that cannot be read', async () => {
    await expect(all(pharmaciesInNppesFile('/nonexistent/nppes.csv'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
