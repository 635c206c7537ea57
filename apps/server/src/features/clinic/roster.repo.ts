import { presenceGraceMs, presenceTouchMs } from '@apothecall/domain/care/visits.rules';
import {
  licenceDay,
  licenceInForce,
  statesInForce,
} from '@apothecall/domain/clinic/licences.rules';
import { and, asc, eq, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  providerDuty,
  providerLicenceReminders,
  providerLicenses,
  providerProfiles,
} from '../../db/schema/clinic';
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
  // A provider's licences and duty are read on every queue refresh: prepared once (named).
  const licencesOf = db
    .select({
      state: providerLicenses.state,
      number: providerLicenses.number,
      expiresOn: providerLicenses.expiresOn,
    })
    .from(providerLicenses)
    .where(eq(providerLicenses.accountId, sql.placeholder('providerId')))
    .orderBy(asc(providerLicenses.state))
    .prepare('licences_of_provider');
  const dutyOf = db
    .select({ onDuty: providerDuty.onDuty })
    .from(providerDuty)
    .where(eq(providerDuty.accountId, sql.placeholder('providerId')))
    .limit(1)
    .prepare('duty_of_provider');
  // The queue's refresh: the licences with the duty beside each (an unlicensed provider, who has
  // no queue, reads the duty alone).
  const licencesAndDutyOf = db
    .select({
      state: providerLicenses.state,
      number: providerLicenses.number,
      expiresOn: providerLicenses.expiresOn,
      onDuty: sql<boolean | null>`(select ${providerDuty.onDuty} from ${providerDuty}
        where ${providerDuty.accountId} = ${sql.placeholder('providerId')})`,
    })
    .from(providerLicenses)
    .where(eq(providerLicenses.accountId, sql.placeholder('providerId')))
    .orderBy(asc(providerLicenses.state))
    .prepare('licences_and_duty_of_provider');
  const records = (providerId: string) => licencesOf.execute({ providerId });
  const dutyNow = async (providerId: string) =>
    (await dutyOf.execute({ providerId }))[0]?.onDuty ?? false;
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
    isOnDuty: dutyNow,
    async standing(providerId) {
      const rows = await licencesAndDutyOf.execute({ providerId });
      const [first] = rows;
      if (!first) return { states: [], onDuty: await dutyNow(providerId) };
      return { states: statesInForce(rows, now().getTime()), onDuty: first.onDuty ?? false };
    },
    async profile(providerId) {
      const [row] = await db
        .select({
          suffix: providerProfiles.suffix,
          npi: providerProfiles.npi,
          dea: providerProfiles.dea,
          credential: providerProfiles.credential,
        })
        .from(providerProfiles)
        .where(eq(providerProfiles.accountId, providerId))
        .limit(1);
      return row;
    },
    async profiles() {
      return db
        .select({
          accountId: providerProfiles.accountId,
          suffix: providerProfiles.suffix,
          npi: providerProfiles.npi,
          dea: providerProfiles.dea,
          credential: providerProfiles.credential,
        })
        .from(providerProfiles);
    },
    async npiOwner(npi) {
      const [row] = await db
        .select({ id: providerProfiles.accountId })
        .from(providerProfiles)
        .where(eq(providerProfiles.npi, npi))
        .limit(1);
      return row?.id;
    },
    async saveProfile({ accountId, ...profile }) {
      await db
        .insert(providerProfiles)
        .values({ accountId, ...profile })
        .onConflictDoUpdate({ target: providerProfiles.accountId, set: profile });
    },
    async saveLicence(accountId, licence) {
      const set = { number: licence.number, expiresOn: licence.expiresOn };
      await db
        .insert(providerLicenses)
        .values({ accountId, state: licence.state, ...set })
        .onConflictDoUpdate({ target: [providerLicenses.accountId, providerLicenses.state], set });
    },
    async removeLicence(accountId, state) {
      const rows = await db
        .delete(providerLicenses)
        .where(and(eq(providerLicenses.accountId, accountId), eq(providerLicenses.state, state)))
        .returning({ state: providerLicenses.state });
      return rows.length > 0;
    },
    async presentNow() {
      const rows = await db
        .select({ id: providerDuty.accountId })
        .from(providerDuty)
        .where(present(now()));
      return rows.map((r) => r.id);
    },
    async licencesExpiringBetween(firstDay, lastDay) {
      const rows = await db
        .select({
          accountId: providerLicenses.accountId,
          state: providerLicenses.state,
          number: providerLicenses.number,
          expiresOn: providerLicenses.expiresOn,
        })
        .from(providerLicenses)
        .where(
          and(
            isNotNull(providerLicenses.expiresOn),
            gte(providerLicenses.expiresOn, firstDay),
            lte(providerLicenses.expiresOn, lastDay),
          ),
        );
      return rows;
    },
    async markReminded(accountId, state, expiresOn, at) {
      const rows = await db
        .insert(providerLicenceReminders)
        .values({ accountId, state, expiresOn, sentAt: at })
        .onConflictDoNothing()
        .returning({ state: providerLicenceReminders.state });
      return rows.length > 0;
    },
  };
}
