import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  pharmacistGrants,
  pharmacyLinks,
  pharmacyOrganizations,
  pharmacyRegistry,
  pharmacyVerificationEvents,
} from '../../db/schema/pharmacy';

import type {
  PharmacistGrantRecord,
  PharmacyLinkRecord,
  PharmacyOrganizationRecord,
} from './pharmacy.port';

export type { PharmacistGrantRecord, PharmacyLinkRecord, PharmacyOrganizationRecord };

/** The port's shapes are the tables' rows, both ways (a column added fails here first). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type RowsMatchThePort = [
  Holds<Same<typeof pharmacyOrganizations.$inferSelect, PharmacyOrganizationRecord>>,
  Holds<Same<typeof pharmacistGrants.$inferSelect, PharmacistGrantRecord>>,
  Holds<Same<typeof pharmacyLinks.$inferSelect, PharmacyLinkRecord>>,
];

export interface PharmacyRepo {
  /** Inserts or updates registry entries by NCPDP ID. */
  upsertRegistry(entries: readonly RegistryPharmacy[], at: Date): Promise<void>;
  registryEntries(ncpdpIds: readonly string[]): Promise<RegistryPharmacy[]>;
  organizations(): Promise<PharmacyOrganizationRecord[]>;
  organization(id: string): Promise<PharmacyOrganizationRecord | undefined>;
  organizationsIn(ids: readonly string[]): Promise<PharmacyOrganizationRecord[]>;
  setVerification(
    id: string,
    verifiedAt: Date | null,
    mismatches: readonly string[],
  ): Promise<void>;
  /** Verified organisations taking Rx visits from a state (its own or one it serves). */
  verifiedServing(state: string): Promise<PharmacyOrganizationRecord[]>;
  /** An organisation and the account's grant, if any, in one read (who a staff member is). */
  organizationAndGrant(
    organizationId: string,
    accountId: string,
  ): Promise<
    { organization: PharmacyOrganizationRecord; grant: PharmacistGrantRecord | null } | undefined
  >;
  grantsOf(organizationId: string): Promise<PharmacistGrantRecord[]>;
  grant(id: string): Promise<PharmacistGrantRecord | undefined>;
  /** Writes the grant of an account (a new invitation replaces an earlier, revoked one). */
  saveGrant(
    grant: Omit<PharmacistGrantRecord, 'id' | 'createdAt' | 'revokedAt'>,
    at: Date,
  ): Promise<PharmacistGrantRecord>;
  revokeGrant(id: string, at: Date): Promise<PharmacistGrantRecord | undefined>;
  linksOf(organizationId: string): Promise<PharmacyLinkRecord[]>;
  /** As linksOf, withdrawn links included (their visits keep their attribution). */
  allLinksOf(organizationId: string): Promise<PharmacyLinkRecord[]>;
  link(id: string): Promise<PharmacyLinkRecord | undefined>;
  insertLink(
    link: Omit<PharmacyLinkRecord, 'createdAt' | 'deletedAt'>,
  ): Promise<PharmacyLinkRecord>;
  deleteLink(organizationId: string, id: string, at: Date): Promise<boolean>;
  /**
   * Organisations the back office holds unverified: their latest operator decision
   * is 'onboard' or 'unverify', so a registry import does not verify them by itself.
   */
  heldByOperator(): Promise<Set<string>>;
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
  // Every pharmacy staff request reads its organisation and grant, and a patient's visits their
  // pharmacy's name: prepared once (named).
  const organizationById = db
    .select()
    .from(pharmacyOrganizations)
    .where(eq(pharmacyOrganizations.id, sql.placeholder('id')))
    .prepare('pharmacy_organization_by_id');
  const organizationsByIds = db
    .select()
    .from(pharmacyOrganizations)
    .where(sql`${pharmacyOrganizations.id} = any(${sql.placeholder('ids')})`)
    .prepare('pharmacy_organizations_by_ids');
  const organizationAndGrantOf = db
    .select({ organization: pharmacyOrganizations, grant: pharmacistGrants })
    .from(pharmacyOrganizations)
    .leftJoin(pharmacistGrants, eq(pharmacistGrants.accountId, sql.placeholder('accountId')))
    .where(eq(pharmacyOrganizations.id, sql.placeholder('id')))
    .limit(1)
    .prepare('pharmacy_organization_and_grant');
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
      const [row] = await organizationById.execute({ id });
      return row;
    },
    async organizationsIn(ids) {
      if (ids.length === 0) return [];
      return organizationsByIds.execute({ ids: [...new Set(ids)] });
    },
    async verifiedServing(state) {
      return db
        .select()
        .from(pharmacyOrganizations)
        .where(
          and(
            isNotNull(pharmacyOrganizations.verifiedAt),
            sql`(${pharmacyOrganizations.state} = ${state} or ${state} = any(${pharmacyOrganizations.serviceStates}))`,
          ),
        )
        .orderBy(asc(pharmacyOrganizations.name));
    },
    async organizationAndGrant(id, accountId) {
      const [row] = await organizationAndGrantOf.execute({ id, accountId });
      return row;
    },
    async grantsOf(organizationId) {
      return db
        .select()
        .from(pharmacistGrants)
        .where(eq(pharmacistGrants.organizationId, organizationId))
        .orderBy(asc(pharmacistGrants.createdAt));
    },
    async grant(id) {
      const [row] = await db.select().from(pharmacistGrants).where(eq(pharmacistGrants.id, id));
      return row;
    },
    async saveGrant(grant, at) {
      const [row] = await db
        .insert(pharmacistGrants)
        .values({ ...grant, createdAt: at })
        .onConflictDoUpdate({
          target: pharmacistGrants.accountId,
          set: { ...grant, createdAt: at, revokedAt: null },
        })
        .returning();
      if (!row) throw new Error('grant upsert returned nothing');
      return row;
    },
    async revokeGrant(id, at) {
      const [row] = await db
        .update(pharmacistGrants)
        .set({ revokedAt: at })
        .where(and(eq(pharmacistGrants.id, id), isNull(pharmacistGrants.revokedAt)))
        .returning();
      return row;
    },
    async allLinksOf(organizationId) {
      return db
        .select()
        .from(pharmacyLinks)
        .where(eq(pharmacyLinks.organizationId, organizationId))
        .orderBy(asc(pharmacyLinks.createdAt), asc(pharmacyLinks.id));
    },
    async linksOf(organizationId) {
      return (
        db
          .select()
          .from(pharmacyLinks)
          .where(
            and(eq(pharmacyLinks.organizationId, organizationId), isNull(pharmacyLinks.deletedAt)),
          )
          // Newest first.
          .orderBy(desc(pharmacyLinks.createdAt), desc(pharmacyLinks.id))
      );
    },
    async link(id) {
      const [row] = await db
        .select()
        .from(pharmacyLinks)
        .where(and(eq(pharmacyLinks.id, id), isNull(pharmacyLinks.deletedAt)));
      return row;
    },
    async insertLink(link) {
      const [row] = await db.insert(pharmacyLinks).values(link).returning();
      if (!row) throw new Error('link insert returned nothing');
      return row;
    },
    async deleteLink(organizationId, id, at) {
      const rows = await db
        .update(pharmacyLinks)
        .set({ deletedAt: at })
        .where(
          and(
            eq(pharmacyLinks.id, id),
            eq(pharmacyLinks.organizationId, organizationId),
            isNull(pharmacyLinks.deletedAt),
          ),
        )
        .returning({ id: pharmacyLinks.id });
      return rows.length > 0;
    },
    async heldByOperator() {
      const latest = await db
        .selectDistinctOn([pharmacyVerificationEvents.organizationId], {
          organizationId: pharmacyVerificationEvents.organizationId,
          action: pharmacyVerificationEvents.action,
        })
        .from(pharmacyVerificationEvents)
        .orderBy(
          pharmacyVerificationEvents.organizationId,
          desc(pharmacyVerificationEvents.createdAt),
        );
      return new Set(latest.filter((e) => e.action !== 'verify').map((e) => e.organizationId));
    },
    async setVerification(id, verifiedAt, mismatches) {
      await db
        .update(pharmacyOrganizations)
        .set({ verifiedAt, mismatches: [...mismatches] })
        .where(eq(pharmacyOrganizations.id, id));
    },
  };
}
