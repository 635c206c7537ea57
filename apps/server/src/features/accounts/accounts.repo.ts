import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, persons } from '../../db/schema/accounts';

export interface AccountRecord {
  id: string;
  brandId: string;
  loginId: string;
  passwordHash: string;
  role: string;
  organizationType: string | null;
  organizationId: string | null;
  permissions: string[];
  passwordExpiresAt: Date | null;
  disabledAt: Date | null;
}

export interface PersonRecord {
  id: string;
  relation: string;
  firstName: string;
  lastName: string;
}

export interface AccountsRepo {
  findByLoginId(loginId: string): Promise<AccountRecord | undefined>;
  findById(id: string): Promise<AccountRecord | undefined>;
  /** The account's people, the holder ('self') first. */
  listPersons(accountId: string): Promise<PersonRecord[]>;
}

const accountColumns = {
  id: accounts.id,
  brandId: accounts.brandId,
  loginId: accounts.loginId,
  passwordHash: accounts.passwordHash,
  role: accounts.role,
  organizationType: accounts.organizationType,
  organizationId: accounts.organizationId,
  permissions: accounts.permissions,
  passwordExpiresAt: accounts.passwordExpiresAt,
  disabledAt: accounts.disabledAt,
};

export function createAccountsRepo(db: Db): AccountsRepo {
  return {
    async findByLoginId(loginId) {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .where(eq(accounts.loginId, loginId))
        .limit(1);
      return row;
    },
    async findById(id) {
      const [row] = await db
        .select(accountColumns)
        .from(accounts)
        .where(eq(accounts.id, id))
        .limit(1);
      return row;
    },
    async listPersons(accountId) {
      return db
        .select({
          id: persons.id,
          relation: persons.relation,
          firstName: persons.firstName,
          lastName: persons.lastName,
        })
        .from(persons)
        .where(eq(persons.accountId, accountId))
        .orderBy(
          sql`case when ${persons.relation} = 'self' then 0 else 1 end`,
          asc(persons.createdAt),
        );
    },
  };
}
