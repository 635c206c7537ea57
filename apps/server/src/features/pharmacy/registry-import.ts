import { createReadStream } from 'node:fs';
import { pipeline, type Readable } from 'node:stream';
import {
  pharmacyFromNppesRow,
  type RegistryPharmacy,
} from '@apothecall/domain/pharmacy/ncpdp.rules';
import { type Options, parse } from 'csv-parse';

/**
 * How the NPPES dissemination file is read (csv-parse, RFC 4180): a UTF-8 byte-order mark
 * dropped; the first row names the columns (trimmed); quoted fields keep their commas, doubled
 * quotes and line breaks; CRLF, LF or CR end a row; a quote inside an unquoted field is a
 * character, not the start of a quoted one; a short or long row is read as far as it goes;
 * blank rows are skipped; every value is trimmed.
 */
const nppesCsv: Options = {
  bom: true,
  columns: (header: string[]) => header.map((name) => name.trim()),
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  trim: true,
  cast: (value: string) => value.trim(),
};

/**
 * The pharmacies of an NPPES file's bytes as they stream in (the national file is several
 * gigabytes): each row parsed as it completes, the pharmacies with an NCPDP ID kept (domain
 * pharmacy/ncpdp.rules.ts `pharmacyFromNppesRow`). A read error ends the iteration with it.
 */
export async function* pharmaciesInNppes(input: Readable): AsyncGenerator<RegistryPharmacy> {
  const rows = parse(nppesCsv);
  // pipeline destroys both ends on an error or an early stop: the rows' iterator throws it.
  pipeline(input, rows, () => undefined);
  for await (const row of rows as AsyncIterable<Record<string, string>>) {
    const pharmacy = pharmacyFromNppesRow(row);
    if (pharmacy) yield pharmacy;
  }
}

/** The pharmacies of an NPPES dissemination file (CSV), streamed a megabyte at a time. */
export function pharmaciesInNppesFile(file: string): AsyncGenerator<RegistryPharmacy> {
  return pharmaciesInNppes(createReadStream(file, { highWaterMark: 1 << 20 }));
}
