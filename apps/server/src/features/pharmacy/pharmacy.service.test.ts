import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { describe, expect, it } from 'vitest';
import { fakeClock, only } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import type { PharmacyOrganizationRecord } from './pharmacy.port';
import type { PharmacyRepo } from './pharmacy.repo';
import { createPharmacyService, registryBatch } from './pharmacy.service';

/** The registry entry that matches a pharmacy's own address, phone and fax. */
const listing = (
  o: PharmacyOrganizationRecord,
  overrides: Partial<RegistryPharmacy> = {},
): RegistryPharmacy => ({
  ncpdpId: o.ncpdpId,
  npi: o.npi,
  name: o.name,
  address1: o.address1,
  address2: o.address2,
  city: o.city,
  state: o.state,
  zip: o.zip,
  phone: o.phone,
  fax: o.fax,
  ...overrides,
});

function setup(organizations: PharmacyOrganizationRecord[], held: string[] = []) {
  const clock = fakeClock();
  const registry = new Map<string, RegistryPharmacy>();
  const batches: number[] = [];
  const repo = only<PharmacyRepo>(
    {
      async upsertRegistry(entries) {
        batches.push(entries.length);
        for (const e of entries) registry.set(e.ncpdpId, e);
      },
      async registryEntries(ids) {
        return ids.flatMap((id) => registry.get(id) ?? []);
      },
      async organizations() {
        return organizations;
      },
      async organization(id) {
        return organizations.find((o) => o.id === id);
      },
      async heldByOperator() {
        return new Set(held);
      },
      async setVerification(id, verifiedAt, mismatches) {
        const o = organizations.find((x) => x.id === id);
        if (o) {
          o.verifiedAt = verifiedAt;
          o.mismatches = [...mismatches];
        }
      },
    },
    'pharmacy repo',
  );
  return { service: createPharmacyService({ repo, now: clock.now }), registry, batches, clock };
}

describe('the NCPDP registry', () => {
  it('imports in batches and verifies the pharmacies it now confirms, from that moment', async () => {
    const sunrise = aPharmacy({ verifiedAt: null, mismatches: ['notListed'] });
    const { service, batches, clock } = setup([sunrise]);
    const others = Array.from({ length: registryBatch }, (_, i) =>
      listing(aPharmacy(), { ncpdpId: String(9000000 + i) }),
    );
    const result = await service.importRegistry([...others, listing(sunrise)]);
    expect(batches).toEqual([registryBatch, 1]);
    expect(result).toEqual({ imported: registryBatch + 1, verified: 1, unverified: 0 });
    expect(sunrise.verifiedAt).toEqual(clock.now());
    expect(sunrise.mismatches).toEqual([]);
  });

  it('unverifies a pharmacy the registry no longer confirms, naming what differs, and keeps an earlier verification date', async () => {
    const since = new Date('2026-01-05T12:00:00.000Z');
    const moved = aPharmacy({ verifiedAt: since });
    const kept = aPharmacy({ ncpdpId: '7654321', verifiedAt: since });
    const { service, registry } = setup([moved, kept]);
    registry.set(moved.ncpdpId, listing(moved, { phone: '3055550199', address1: '9 Other Rd' }));
    registry.set(kept.ncpdpId, listing(kept));
    expect(await service.verifyAll()).toEqual({ verified: 1, unverified: 1 });
    expect(moved.verifiedAt).toBeNull();
    expect(moved.mismatches).toEqual(['address', 'phone']);
    expect(kept.verifiedAt).toEqual(since);
  });

  it('does not verify a pharmacy the back office holds, even when the registry matches', async () => {
    const held = aPharmacy({ verifiedAt: null });
    const { service, registry } = setup([held], [held.id]);
    registry.set(held.ncpdpId, listing(held));
    expect(await service.verifyAll()).toEqual({ verified: 0, unverified: 1 });
    expect(held.verifiedAt).toBeNull();
  });

  it("tells whether a pharmacy is verified with only the registry's mismatches", async () => {
    const sunrise = aPharmacy({ verifiedAt: null, mismatches: ['fax', 'somethingElse'] });
    const { service } = setup([sunrise]);
    expect(await service.verification(sunrise.id)).toEqual({
      verified: false,
      mismatches: ['fax'],
    });
    expect(await service.verification('unknown')).toBeUndefined();
  });
});
