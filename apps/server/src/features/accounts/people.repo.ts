import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, persons } from '../../db/schema/accounts';
import type { AccountSupport } from './account-support.service';
import type { AccountsPort, PersonFacts } from './accounts.port';
import { type AccountsRepo, type PersonRecord, personColumns } from './accounts.repo';
import type { PatientLinksService } from './patient-links.service';
import type { StaffService } from './staff.service';

/** What another area may know of a person: no address, e-mail or other contact beyond phone. */
function facts(person: PersonRecord): PersonFacts {
  return {
    id: person.id,
    accountId: person.accountId,
    firstName: person.firstName,
    lastName: person.lastName,
    dob: person.dob,
    gender: person.gender,
    phone: person.phone,
    consultLocation: person.consultLocation,
  };
}

/**
 * The accounts port: the area's own repo where it already answers, and the few reads only other
 * areas need (several people at once, contacts, referral use).
 */
export function createPeopleRepo(
  db: Db,
  repo: AccountsRepo,
): Omit<AccountsPort, keyof StaffService | keyof PatientLinksService | keyof AccountSupport> {
  // Several people at once (a queue's, a page's patients): prepared once (named), the ids as one
  // array parameter.
  const personsByIds = db
    .select(personColumns)
    .from(persons)
    .where(sql`${persons.id} = any(${sql.placeholder('ids')})`)
    .prepare('persons_by_ids');
  return {
    async notificationsOn(accountId) {
      return (await repo.findById(accountId))?.notifications ?? false;
    },
    async setNotifications(accountId, on) {
      await repo.setSettings(accountId, { notifications: on });
    },
    async person(personId) {
      const found = await repo.findPerson(personId);
      return found ? facts(found) : undefined;
    },
    async postalAddress(personId) {
      const found = await repo.findPerson(personId);
      const line = found?.address?.trim();
      if (!found || !line) return null;
      return { line, state: found.state, zipCode: found.zipCode };
    },
    async family(accountId) {
      return (await repo.listPersons(accountId)).map(facts);
    },
    async persons(personIds) {
      if (personIds.length === 0) return [];
      const rows = await personsByIds.execute({ ids: [...new Set(personIds)] });
      return rows.map(facts);
    },
    async consents(accountId) {
      const accepted = await repo.listConsents(accountId);
      return accepted.map(({ document, version }) => ({ document, version }));
    },
    async role(accountId) {
      return (await repo.findById(accountId))?.role;
    },
    async membership(accountId) {
      const found = await repo.findById(accountId);
      if (!found) return undefined;
      return {
        role: found.role,
        organizationType: found.organizationType,
        organizationId: found.organizationId,
        permissions: found.permissions,
        disabled: found.disabledAt !== null,
      };
    },
    async membersOf(organizationId) {
      const rows = await db
        .select({ id: accounts.id, role: accounts.role, disabledAt: accounts.disabledAt })
        .from(accounts)
        .where(eq(accounts.organizationId, organizationId));
      return rows
        .filter((r) => r.disabledAt === null)
        .map((r) => ({ accountId: r.id, role: r.role }));
    },
    async holderContact(accountId) {
      const [row] = await db
        .select({
          phone: persons.phone,
          firstName: persons.firstName,
          language: accounts.language,
          brandId: accounts.brandId,
        })
        .from(accounts)
        .innerJoin(persons, and(eq(persons.accountId, accounts.id), eq(persons.relation, 'self')))
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row;
    },
    async holderStates(accountIds) {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .select({ accountId: persons.accountId, state: persons.state })
        .from(persons)
        .where(
          and(inArray(persons.accountId, [...new Set(accountIds)]), eq(persons.relation, 'self')),
        );
      return new Map(rows.map((r) => [r.accountId, r.state]));
    },
    async brandsAndNames(accountIds) {
      if (accountIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: accounts.id,
          brandId: accounts.brandId,
          first: persons.firstName,
          last: persons.lastName,
        })
        .from(accounts)
        .leftJoin(persons, and(eq(persons.accountId, accounts.id), eq(persons.relation, 'self')))
        .where(inArray(accounts.id, [...new Set(accountIds)]));
      return new Map(
        rows.map((r) => [
          r.id,
          { brandId: r.brandId, name: [r.first, r.last].filter(Boolean).join(' ') },
        ]),
      );
    },
    async accountIdsOfBrand(brandId) {
      const rows = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.brandId, brandId));
      return rows.map((r) => r.id);
    },
    async displayName(accountId) {
      const [row] = await db
        .select({ first: persons.firstName, last: persons.lastName })
        .from(persons)
        .where(and(eq(persons.accountId, accountId), eq(persons.relation, 'self')))
        .limit(1);
      return row ? `${row.first} ${row.last}` : undefined;
    },
    async loginId(accountId) {
      return (await repo.findById(accountId))?.loginId;
    },
    async referredBy(accountId) {
      const [row] = await db
        .select({ code: accounts.referredBy })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row?.code ?? undefined;
    },
    async referredWith(codes) {
      if (codes.length === 0) return [];
      const rows = await db
        .select({ accountId: accounts.id, code: accounts.referredBy })
        .from(accounts)
        .where(inArray(accounts.referredBy, [...codes]));
      return rows.flatMap((r) => (r.code ? [{ accountId: r.accountId, code: r.code }] : []));
    },
  };
}
