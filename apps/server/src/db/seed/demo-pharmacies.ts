import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkAgainstRegistry, pharmaciesFromNppes } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { pharmacyOrganizations, pharmacyRegistry } from '../schema/pharmacy';

/**
 * The NCPDP registry fixture: a few rows of the public NPPES dissemination file, in its layout
 * (two pharmacies with NCPDP IDs, a pharmacy without one, a clinic, a pharmacist). Next to this
 * file in the sources, next to main.js in the bundle (build.mjs copies it).
 */
export const registryFixture = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'nppes-pharmacies.csv',
);

/**
 * The demo pharmacy organisations: Sunrise (the pharmacy brand, verified: its details match the
 * registry, written as people write them) and Lone Star (its fax differs: unverified).
 */
export const demoPharmacyOrganizations = [
  {
    id: 'sunrise-pharmacy',
    name: 'Sunrise Pharmacy',
    ncpdpId: '1023456',
    npi: '1437250017',
    address1: '1200 Biscayne Boulevard',
    address2: 'Suite 104',
    city: 'Miami',
    state: 'FL',
    zip: '33132',
    phone: '(305) 555-0180',
    fax: '305-555-0181',
  },
  {
    id: 'lone-star-pharmacy',
    name: 'Lone Star Compounding Pharmacy',
    ncpdpId: '4567890',
    npi: '1508866741',
    address1: '88 West Main Street',
    address2: '',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    phone: '512-555-0199',
    fax: '512-555-0197',
  },
];

/** Seeds the registry from the fixture and the organisations, each checked against it. */
export async function seedDemoPharmacies(db: Db): Promise<void> {
  const registry = pharmaciesFromNppes(readFileSync(registryFixture, 'utf8'));
  await db.transaction(async (tx) => {
    for (const entry of registry) {
      await tx.insert(pharmacyRegistry).values(entry).onConflictDoNothing();
    }
    for (const organization of demoPharmacyOrganizations) {
      await tx.insert(pharmacyOrganizations).values(organization).onConflictDoNothing();
      const check = checkAgainstRegistry(
        organization,
        registry.find((e) => e.ncpdpId === organization.ncpdpId),
      );
      await tx
        .update(pharmacyOrganizations)
        .set({ verifiedAt: check.verified ? new Date() : null, mismatches: [...check.mismatches] })
        .where(eq(pharmacyOrganizations.id, organization.id));
    }
  });
}
