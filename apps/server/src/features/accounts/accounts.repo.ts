import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, consents, persons } from '../../db/schema/accounts';
import type { PersonRecord } from './accounts.port';
import { type CodesRepo, createCodesRepo } from './codes.repo';

export type { PersonRecord } from './accounts.port';
// The code records stay importable from here, where the services and tests found them.
export type { CodeRecord, OpenCodeRecord } from './codes.repo';

export interface AccountRecord {
  id: string;
  brandId: string;
  loginId: string;
  role: string;
  organizationType: string | null;
  organizationId: string | null;
  permissions: string[];
  passwordExpiresAt: Date | null;
  disabledAt: Date | null;
  twoFactor: string;
  notifications: boolean;
  language: string;
  autoLogoff: boolean;
}

export type NewPerson = Omit<
  PersonRecord,
  'id' | 'accountId' | 'consultLocation' | 'validAsyncState'
>;
export type PersonChanges = Partial<Omit<NewPerson, 'relation'>> & { relation?: string };

export interface AccountSettingsRecord {
  twoFactor?: string;
  notifications?: boolean;
  language?: string;
  autoLogoff?: boolean;
}

/** Accounts, their people and consents; their codes are codes.repo.ts's. */
export interface AccountsRepo extends CodesRepo {
  /** The account a login names, with its password hash: the only read that carries the hash. */
  findForLogin(loginId: string): Promise<(AccountRecord & { passwordHash: string }) | undefined>;
  findByLoginId(loginId: string): Promise<AccountRecord | undefined>;
  /** Without the password hash (see passwordHashOf). */
  findById(id: string): Promise<AccountRecord | undefined>;
  /**
   * The account and its persons (holder first) in one statement: the session's profile, read
   * on every app start. Undefined when the account does not exist.
   */
  profileOf(
    accountId: string,
  ): Promise<{ account: AccountRecord; persons: PersonRecord[] } | undefined>;
  /** The hash alone, for checking the current password before a change or a removal. */
  passwordHashOf(accountId: string): Promise<string | undefined>;
  /** The account's people, the holder ('self') first. */
  listPersons(accountId: string): Promise<PersonRecord[]>;
  findPerson(personId: string): Promise<PersonRecord | undefined>;
  /** Creates the login and its holder person (same id) in one transaction. */
  createAccount(input: {
    brandId: string;
    loginId: string;
    passwordHash: string;
    holder: NewPerson;
    referredBy?: string | null;
  }): Promise<string>;
  insertPerson(accountId: string, person: NewPerson): Promise<PersonRecord>;
  updatePerson(personId: string, changes: PersonChanges): Promise<PersonRecord>;
  setConsultLocation(
    personId: string,
    state: string,
    validAsyncState: boolean,
    at: Date,
  ): Promise<void>;
  setPassword(accountId: string, passwordHash: string, at: Date): Promise<void>;
  setSettings(accountId: string, settings: AccountSettingsRecord): Promise<void>;
  disable(accountId: string, reason: string, at: Date): Promise<void>;
  /** Lets a disabled login sign in again (its password unchanged). */
  enable(accountId: string): Promise<void>;
  /** Makes the account a staff login of an organisation (and enables it again). */
  setStaff(
    accountId: string,
    staff: { role: string; organizationType: string; organizationId: string; language: string },
  ): Promise<void>;
  listConsents(
    accountId: string,
  ): Promise<{ document: string; version: string; acceptedAt: Date }[]>;
  addConsents(
    accountId: string,
    documents: { document: string; version: string }[],
    ip: string,
    at: Date,
  ): Promise<void>;
}

const accountColumns = {
  id: accounts.id,
  brandId: accounts.brandId,
  loginId: accounts.loginId,
  role: accounts.role,
  organizationType: accounts.organizationType,
  organizationId: accounts.organizationId,
  permissions: accounts.permissions,
  passwordExpiresAt: accounts.passwordExpiresAt,
  disabledAt: accounts.disabledAt,
  twoFactor: accounts.twoFactor,
  notifications: accounts.notifications,
  language: accounts.language,
  autoLogoff: accounts.autoLogoff,
};

export const personColumns = {
  id: persons.id,
  accountId: persons.accountId,
  relation: persons.relation,
  firstName: persons.firstName,
  lastName: persons.lastName,
  dob: persons.dob,
  gender: persons.gender,
  email: persons.email,
  phone: persons.phone,
  address: persons.address,
  state: persons.state,
  zipCode: persons.zipCode,
  country: persons.country,
  consultLocation: persons.consultLocation,
  validAsyncState: persons.validAsyncState,
};

export function createAccountsRepo(db: Db): AccountsRepo {
  // The session's profile is read on every app start and by every screen that shows the
  // family: prepared once (named) instead of built by the query builder each time.
  const byId = db
    .select(accountColumns)
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder('id')))
    .limit(1)
    .prepare('account_by_id');
  const personsOf = db
    .select(personColumns)
    .from(persons)
    .where(eq(persons.accountId, sql.placeholder('accountId')))
    .orderBy(sql`case when ${persons.relation} = 'self' then 0 else 1 end`, asc(persons.createdAt))
    .prepare('persons_of_account');
  const accountWithPersons = db
    .select({ account: accountColumns, person: personColumns })
    .from(accounts)
    .innerJoin(persons, eq(persons.accountId, accounts.id))
    .where(eq(accounts.id, sql.placeholder('id')))
    .orderBy(sql`case when ${persons.relation} = 'self' then 0 else 1 end`, asc(persons.createdAt))
    .prepare('account_with_persons');
  // Every read of one person's record (notes, documents, visits) starts here.
  const personById = db
    .select(personColumns)
    .from(persons)
    .where(eq(persons.id, sql.placeholder('id')))
    .limit(1)
    .prepare('person_by_id');
  return {
    ...createCodesRepo(db),
    async findForLogin(loginId) {
      const [row] = await db
        .select({ ...accountColumns, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.loginId, loginId))
        .limit(1);
      return row;
    },
    async profileOf(accountId) {
      const rows = await accountWithPersons.execute({ id: accountId });
      const first = rows[0];
      if (!first) return undefined;
      return { account: first.account, persons: rows.map((r) => r.person) };
    },
    async passwordHashOf(accountId) {
      const [row] = await db
        .select({ passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return row?.passwordHash;
    },
    async findByLoginId(loginId) {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .where(eq(accounts.loginId, loginId))
        .limit(1);
      return row;
    },
    async findById(id) {
      const [row] = await byId.execute({ id });
      return row;
    },
    async listPersons(accountId) {
      return personsOf.execute({ accountId });
    },
    async findPerson(personId) {
      const [row] = await personById.execute({ id: personId });
      return row;
    },
    async createAccount(input) {
      return db.transaction(async (tx) => {
        const [account] = await tx
          .insert(accounts)
          .values({
            brandId: input.brandId,
            loginId: input.loginId,
            passwordHash: input.passwordHash,
            role: 'patient',
            referredBy: input.referredBy ?? null,
          })
          .returning({ id: accounts.id });
        if (!account) throw new Error('account insert returned nothing');
        await tx.insert(persons).values({ id: account.id, accountId: account.id, ...input.holder });
        return account.id;
      });
    },
    async insertPerson(accountId, person) {
      const [row] = await db
        .insert(persons)
        .values({ accountId, ...person })
        .returning(personColumns);
      if (!row) throw new Error('person insert returned nothing');
      return row;
    },
    async updatePerson(personId, changes) {
      const [row] = await db
        .update(persons)
        .set(changes)
        .where(eq(persons.id, personId))
        .returning(personColumns);
      if (!row) throw new Error('person update returned nothing');
      return row;
    },
    async setConsultLocation(personId, state, validAsyncState, at) {
      await db
        .update(persons)
        .set({ consultLocation: state, validAsyncState, consultLocationAt: at })
        .where(eq(persons.id, personId));
    },
    async setPassword(accountId, passwordHash, at) {
      await db
        .update(accounts)
        .set({ passwordHash, passwordChangedAt: at, passwordExpiresAt: null })
        .where(eq(accounts.id, accountId));
    },
    async setSettings(accountId, settings) {
      if (Object.keys(settings).length === 0) return;
      await db.update(accounts).set(settings).where(eq(accounts.id, accountId));
    },
    async disable(accountId, reason, at) {
      await db
        .update(accounts)
        .set({ disabledAt: at, disabledReason: reason })
        .where(eq(accounts.id, accountId));
    },
    async enable(accountId) {
      await db
        .update(accounts)
        .set({ disabledAt: null, disabledReason: null })
        .where(eq(accounts.id, accountId));
    },
    async setStaff(accountId, staff) {
      await db
        .update(accounts)
        .set({ ...staff, disabledAt: null, disabledReason: null })
        .where(eq(accounts.id, accountId));
    },
    async listConsents(accountId) {
      return db
        .select({
          document: consents.document,
          version: consents.version,
          acceptedAt: consents.acceptedAt,
        })
        .from(consents)
        .where(eq(consents.accountId, accountId))
        .orderBy(asc(consents.acceptedAt));
    },
    async addConsents(accountId, documents, ip, at) {
      if (documents.length === 0) return;
      await db
        .insert(consents)
        .values(documents.map((d) => ({ accountId, ...d, ip, acceptedAt: at })));
    },
  };
}
