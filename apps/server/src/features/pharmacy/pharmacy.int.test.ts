import path from 'node:path';
import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import { registryFixture, seedDemoPharmacies } from '../../db/seed/demo-pharmacies';
import { createPharmacyRepo } from './pharmacy.repo';
import { createPharmacyService } from './pharmacy.service';
import { pharmaciesInNppesFile } from './registry-import';

const _serverRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The NCPDP registry and pharmacy verification: the
 * NPPES fixture imported by streaming, each organisation checked again after every import, a
 * mismatch in address, phone or fax leaving it unverified; and the import command itself.
 */
describe.each(databaseKinds)('NCPDP registry on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedDemoPharmacies(database.db);
  });
  afterAll(async () => {
    await dispose?.();
  });

  const pharmacy = () => {
    const service = createPharmacyService({ repo: createPharmacyRepo(database.db) });
    return { port: service, service };
  };

  it('seeds a verified Sunrise and an unverified Lone Star (its fax differs)', async () => {
    expect(await pharmacy().port.verification('sunrise-pharmacy')).toEqual({
      verified: true,
      mismatches: [],
    });
    expect(await pharmacy().port.verification('lone-star-pharmacy')).toEqual({
      verified: false,
      mismatches: ['fax'],
    });
    expect(await pharmacy().port.verification('nowhere')).toBeUndefined();
  });

  it('imports the NPPES file as a stream: only pharmacies with an NCPDP ID', async () => {
    const entries: RegistryPharmacy[] = [];
    for await (const entry of pharmaciesInNppesFile(registryFixture)) entries.push(entry);
    expect(entries.map((e) => e.ncpdpId)).toEqual(['1023456', '4567890']);
    const result = await pharmacy().service.importRegistry(entries);
    expect(result).toEqual({ imported: 2, verified: 1, unverified: 1 });
  });

  it('unverifies an organisation when the registry no longer matches its phone, fax or address, and verifies it again when it does', async () => {
    const [sunrise] = await (async () => {
      const list: RegistryPharmacy[] = [];
      for await (const e of pharmaciesInNppesFile(registryFixture)) list.push(e);
      return list;
    })();
    if (!sunrise) throw new Error('fixture lost Sunrise');
    const service = pharmacy().service;
    for (const [change, mismatch] of [
      [{ phone: '3055550100' }, 'phone'],
      [{ fax: '3055550100' }, 'fax'],
      [{ address1: '1300 BISCAYNE BLVD' }, 'address'],
      [{ zip: '33133' }, 'address'],
    ] as const) {
      await service.importRegistry([{ ...sunrise, ...change }]);
      expect(await service.verification('sunrise-pharmacy'), mismatch).toEqual({
        verified: false,
        mismatches: [mismatch],
      });
    }
    await service.importRegistry([sunrise]);
    expect((await service.verification('sunrise-pharmacy'))?.verified).toBe(true);
  });
});
