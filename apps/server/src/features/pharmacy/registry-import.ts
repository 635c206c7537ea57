import { createReadStream } from 'node:fs';
import {
  createCsvReader,
  pharmacyFromNppesRow,
  type RegistryPharmacy,
} from '@apothecall/domain/pharmacy/ncpdp.rules';

/**
 * The pharmacies of an NPPES dissemination file, streamed (the national file is several
 * gigabytes): read a chunk, parse its rows, keep the pharmacies with an NCPDP ID.
 */
export async function* pharmaciesInNppesFile(file: string): AsyncGenerator<RegistryPharmacy> {
  const reader = createCsvReader();
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    for (const row of reader.push(String(chunk))) {
      const pharmacy = pharmacyFromNppesRow(row);
      if (pharmacy) yield pharmacy;
    }
  }
  for (const row of reader.end()) {
    const pharmacy = pharmacyFromNppesRow(row);
    if (pharmacy) yield pharmacy;
  }
}
