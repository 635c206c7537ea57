import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pharmacyOrganizations, pharmacyRegistry } from '../../db/schema/pharmacy';

export type PharmacyOrganizationRecord = typeof pharmacyOrganizations.$inferSelect;

export interface PharmacyRepo {
  /** Inserts or updates registry entries by NCPDP ID. */
  upsertRegistry(entries: readonly RegistryPharmacy[], at: Date): Promise<void>;
  registryEntries(ncpdpIds: readonly string[]): Promise<RegistryPharmacy[]>;
  organizations(): Promise<PharmacyOrganizationRecord[]>;
  organization(id: string): Promise<PharmacyOrganizationRecord | undefined>;
  setVerification(
    id: string,
    verifiedAt: Date | null,
    mismatches: readonly string[],
  ): Promise<void>;
}

const registryColumns = {
  ncpdpId: pharmacyRegistry.ncpdpId,
  npi: pharmacyRegistry.npi,
  name: pharmacyRegistry.name,
  address1: pharmacyRegistry.address1,
  address2: pharmacyRegistry.address2,
  city: pharmacyRegistry.city,
  state: pharmacyRegistry.state,
  zip: pharmacyRegistry.zip,
  phone: pharmacyRegistry.phone,
  fax: pharmacyRegistry.fax,
};

export function createPharmacyRepo(db: Db): PharmacyRepo {
  return {
    async upsertRegistry(entries, at) {
      if (entries.length === 0) return;
      await db
        .insert(pharmacyRegistry)
        .values(entries.map((e) => ({ ...e, importedAt: at })))
        .onConflictDoUpdate({
          target: pharmacyRegistry.ncpdpId,
          set: {
            npi: sql`excluded.npi`,
            name: sql`excluded.name`,
            address1: sql`excluded.address1`,
            address2: sql`excluded.address2`,
            city: sql`excluded.city`,
            state: sql`excluded.state`,
            zip: sql`excluded.zip`,
            phone: sql`excluded.phone`,
            fax: sql`excluded.fax`,
            importedAt: sql`excluded.imported_at`,
          },
        });
    },
    async registryEntries(ncpdpIds) {
      if (ncpdpIds.length === 0) return [];
      return db
        .select(registryColumns)
        .from(pharmacyRegistry)
        .where(inArray(pharmacyRegistry.ncpdpId, [...ncpdpIds]));
    },
    async organizations() {
      return db.select().from(pharmacyOrganizations);
    },
    async organization(id) {
      const [row] = await db
        .select()
        .from(pharmacyOrganizations)
        .where(eq(pharmacyOrganizations.id, id));
      return row;
    },
    async setVerification(id, verifiedAt, mismatches) {
      await db
        .update(pharmacyOrganizations)
        .set({ verifiedAt, mismatches: [...mismatches] })
        .where(eq(pharmacyOrganizations.id, id));
    },
  };
}
