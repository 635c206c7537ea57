import { presenceGraceMs, presenceTouchMs } from '@apothecall/domain/care/visits.rules';
import {
  licenceDay,
  licenceInForce,
  statesInForce,
} from '@apothecall/domain/clinic/licences.rules';
import { and, asc, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providerDuty, providerLicenses, providerProfiles } from '../../db/schema/clinic';
import type { RosterPort } from './roster.port';

/** The clinic's own tables: provider licences, duty and professional details. */
export function createRosterRepo(db: Db, now: () => Date = () => new Date()): RosterPort {
  const present = (at: Date) =>
    and(
      eq(providerDuty.onDuty, true),
      gte(providerDuty.lastSeenAt, new Date(at.getTime() - presenceGraceMs)),
    );
  // A licence of the state in force today, in the state's zone (domain clinic/licences.rules).
  const inForceIn = (state: string) =>
    and(
      eq(providerLicenses.state, state),
      or(
        isNull(providerLicenses.expiresOn),
        gte(providerLicenses.expiresOn, licenceDay(state, now().getTime())),
      ),
    );
  const records = (providerId: string) =>
    db
      .select({
        state: providerLicenses.state,
        number: providerLicenses.number,
        expiresOn: providerLicenses.expiresOn,
      })
      .from(providerLicenses)
      .where(eq(providerLicenses.accountId, providerId))
      .orderBy(asc(providerLicenses.state));
  return {
    async licenses(providerId) {
      return statesInForce(await records(providerId), now().getTime());
    },
    async licenceRecords(providerId) {
      const at = now().getTime();
      return (await records(providerId)).map((r) => ({ ...r, inForce: licenceInForce(r, at) }));
    },
    async licensedIn(state) {
      const rows = await db
        .select({ id: providerLicenses.accountId })
        .from(providerLicenses)
        .where(inForceIn(state));
      return rows.map((r) => r.id);
    },
    async onDutyCount(state) {
      const [row] = await db
        .select({ n: sql<number | string>`count(*)` })
        .from(providerDuty)
        .innerJoin(providerLicenses, eq(providerLicenses.accountId, providerDuty.accountId))
        .where(and(present(now()), inForceIn(state)));
      return Number(row?.n ?? 0);
    },
    async setDuty(providerId, onDuty, at) {
      const set = onDuty ? { onDuty, updatedAt: at, lastSeenAt: at } : { onDuty, updatedAt: at };
      await db
        .insert(providerDuty)
        .values({ accountId: providerId, ...set })
        .onConflictDoUpdate({ target: providerDuty.accountId, set });
    },
    async seen(providerId, at) {
      await db
        .update(providerDuty)
        .set({ lastSeenAt: at })
        .where(
          and(
            eq(providerDuty.accountId, providerId),
            eq(providerDuty.onDuty, true),
            or(
              isNull(providerDuty.lastSeenAt),
              lt(providerDuty.lastSeenAt, new Date(at.getTime() - presenceTouchMs)),
            ),
          ),
        );
    },
    async expireAbsent(at) {
      const rows = await db
        .update(providerDuty)
        .set({ onDuty: false, updatedAt: at })
        .where(
          and(
            eq(providerDuty.onDuty, true),
            or(
              isNull(providerDuty.lastSeenAt),
              lt(providerDuty.lastSeenAt, new Date(at.getTime() - presenceGraceMs)),
            ),
          ),
        )
        .returning({ id: providerDuty.accountId });
      return rows.map((r) => r.id);
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
