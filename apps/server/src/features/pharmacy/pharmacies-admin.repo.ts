import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { asc, desc, eq, ilike, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  pharmacyOrganizations,
  pharmacyRegistry,
  pharmacyVerificationEvents,
} from '../../db/schema/pharmacy';
import type { PharmacyOrganizationRecord } from './pharmacy.port';

export type VerificationEventRecord = typeof pharmacyVerificationEvents.$inferSelect;

/** The back office's reads and writes of pharmacies and the registry. */
export interface PharmaciesAdminRepo {
  /** Registry rows whose NCPDP ID starts with `ncpdpPrefix`, or whose name contains `name`. */
  searchRegistry(
    query: { ncpdpPrefix: string } | { name: string },
    limit: number,
  ): Promise<RegistryPharmacy[]>;
  registryEntry(ncpdpId: string): Promise<RegistryPharmacy | undefined>;
  organizationsByNcpdp(ncpdpIds: readonly string[]): Promise<PharmacyOrganizationRecord[]>;
  /** Every organisation, by name. */
  organizations(): Promise<PharmacyOrganizationRecord[]>;
  /** Creates the organisation and its 'onboard' event together; undefined if the key is taken. */
  onboard(
    organization: typeof pharmacyOrganizations.$inferInsert,
    event: { reason: string; actorAccountId: string; at: Date },
  ): Promise<PharmacyOrganizationRecord | undefined>;
  /** Sets (or clears) verifiedAt and records the operator's decision, together. */
  decide(
    organizationId: string,
    decision: {
      action: 'verify' | 'unverify';
      reason: string;
      actorAccountId: string;
      at: Date;
      mismatches: readonly string[];
    },
  ): Promise<void>;
  /** The organisation's events, newest first. */
  events(organizationId: string): Promise<VerificationEventRecord[]>;
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

/** A LIKE pattern's wildcards taken literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createPharmaciesAdminRepo(db: Db): PharmaciesAdminRepo {
  return {
    async searchRegistry(query, limit) {
      const where =
        'ncpdpPrefix' in query
          ? like(pharmacyRegistry.ncpdpId, `${literal(query.ncpdpPrefix)}%`)
          : ilike(pharmacyRegistry.name, `%${literal(query.name)}%`);
      return db
        .select(registryColumns)
        .from(pharmacyRegistry)
        .where(where)
        .orderBy(asc(pharmacyRegistry.name), asc(pharmacyRegistry.ncpdpId))
        .limit(limit);
    },
    async registryEntry(ncpdpId) {
      const [row] = await db
        .select(registryColumns)
        .from(pharmacyRegistry)
        .where(eq(pharmacyRegistry.ncpdpId, ncpdpId));
      return row;
    },
    async organizationsByNcpdp(ncpdpIds) {
      if (ncpdpIds.length === 0) return [];
      return db
        .select()
        .from(pharmacyOrganizations)
        .where(inArray(pharmacyOrganizations.ncpdpId, [...ncpdpIds]));
    },
    async organizations() {
      return db.select().from(pharmacyOrganizations).orderBy(asc(pharmacyOrganizations.name));
    },
    async onboard(organization, event) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(pharmacyOrganizations)
          .values(organization)
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        await tx.insert(pharmacyVerificationEvents).values({
          organizationId: row.id,
          action: 'onboard',
          reason: event.reason,
          actorAccountId: event.actorAccountId,
          createdAt: event.at,
        });
        return row;
      });
    },
    async decide(organizationId, decision) {
      await db.transaction(async (tx) => {
        await tx
          .update(pharmacyOrganizations)
          .set({
            verifiedAt: decision.action === 'verify' ? decision.at : null,
            mismatches: [...decision.mismatches],
          })
          .where(eq(pharmacyOrganizations.id, organizationId));
        await tx.insert(pharmacyVerificationEvents).values({
          organizationId,
          action: decision.action,
          reason: decision.reason,
          actorAccountId: decision.actorAccountId,
          createdAt: decision.at,
        });
      });
    },
    async events(organizationId) {
      return db
        .select()
        .from(pharmacyVerificationEvents)
        .where(eq(pharmacyVerificationEvents.organizationId, organizationId))
        .orderBy(desc(pharmacyVerificationEvents.createdAt));
    },
  };
}
