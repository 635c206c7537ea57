import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerDuty, providerLicenses, providerProfiles } from '../../db/schema/clinic';
import type { RosterPort } from './roster.port';

/** The clinic's own tables: provider licences, duty and professional details. */
export function createRosterRepo(db: Db): RosterPort {
  return {
    async licenses(providerId) {
      const rows = await db
        .select({ state: providerLicenses.state })
        .from(providerLicenses)
        .where(eq(providerLicenses.accountId, providerId));
      return rows.map((r) => r.state);
    },
    async licensedIn(state) {
      const rows = await db
        .select({ id: providerLicenses.accountId })
        .from(providerLicenses)
        .where(eq(providerLicenses.state, state));
      return rows.map((r) => r.id);
    },
    async onDutyCount(state) {
      const [row] = await db
        .select({ n: sql<number | string>`count(*)` })
        .from(providerDuty)
        .innerJoin(providerLicenses, eq(providerLicenses.accountId, providerDuty.accountId))
        .where(and(eq(providerDuty.onDuty, true), eq(providerLicenses.state, state)));
      return Number(row?.n ?? 0);
    },
    async setDuty(providerId, onDuty, at) {
      await db
        .insert(providerDuty)
        .values({ accountId: providerId, onDuty, updatedAt: at })
        .onConflictDoUpdate({ target: providerDuty.accountId, set: { onDuty, updatedAt: at } });
    },
    async isOnDuty(providerId) {
      const [row] = await db
        .select({ onDuty: providerDuty.onDuty })
        .from(providerDuty)
        .where(eq(providerDuty.accountId, providerId))
        .limit(1);
      return row?.onDuty ?? false;
    },
    async profile(providerId) {
      const [row] = await db
        .select({
          suffix: providerProfiles.suffix,
          npi: providerProfiles.npi,
          credential: providerProfiles.credential,
        })
        .from(providerProfiles)
        .where(eq(providerProfiles.accountId, providerId))
        .limit(1);
      return row;
    },
  };
}
