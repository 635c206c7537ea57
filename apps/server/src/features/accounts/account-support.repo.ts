import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, oneTimeCodes, persons } from '../../db/schema/accounts';
import type { AccountMatch, AccountSearch } from './accounts.port';

export type { AccountMatch, AccountSearch } from './accounts.port';

export interface AccountSupportRepo {
  /** Accounts one of whose people (or whose login) matches, by holder's name; a page of them. */
  search(query: AccountSearch, limit: number, offset: number): Promise<AccountMatch[]>;
  /** The token hashes of the account's known devices (where its login failures are counted). */
  deviceHashes(accountId: string): Promise<string[]>;
  setDisabled(accountId: string, disabled: { at: Date; reason: string } | null): Promise<void>;
  createdAt(accountId: string): Promise<Date | undefined>;
}

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The back office's reads and changes of accounts (People and support). */
export function createAccountSupportRepo(db: Db): AccountSupportRepo {
  return {
    async search(query, limit, offset) {
      const matches: SQL[] = [];
      if (query.text) {
        const like = likeOf(query.text);
        matches.push(
          sql`lower(${persons.firstName} || ' ' || ${persons.lastName}) like ${like}`,
          sql`lower(coalesce(${persons.email}, '')) like ${like}`,
        );
      }
      if (query.digits) {
        matches.push(
          sql`regexp_replace(coalesce(${persons.phone}, ''), '[^0-9]', '', 'g') like ${`%${query.digits}%`}`,
        );
      }
      if (query.dob) matches.push(eq(persons.dob, query.dob));
      const anyPerson =
        matches.length > 0
          ? sql`exists (select 1 from ${persons} where ${persons.accountId} = ${accounts.id} and (${or(...matches)}))`
          : undefined;
      const byLogin = query.text ? sql`${accounts.loginId} like ${likeOf(query.text)}` : undefined;
      const byId =
        query.accountIds && query.accountIds.length > 0
          ? inArray(accounts.id, [...query.accountIds])
          : undefined;
      const where = or(anyPerson, byLogin, byId);
      if (!where) return [];
      const holder = db
        .select({
          accountId: persons.accountId,
          firstName: persons.firstName,
          lastName: persons.lastName,
          dob: persons.dob,
          phone: persons.phone,
        })
        .from(persons)
        .where(eq(persons.relation, 'self'))
        .as('holder');
      return db
        .select({
          accountId: accounts.id,
          loginId: accounts.loginId,
          role: accounts.role,
          disabledAt: accounts.disabledAt,
          firstName: sql<string>`coalesce(${holder.firstName}, '')`,
          lastName: sql<string>`coalesce(${holder.lastName}, '')`,
          dob: sql<string>`coalesce(${holder.dob}::text, '')`,
          phone: holder.phone,
        })
        .from(accounts)
        .leftJoin(holder, eq(holder.accountId, accounts.id))
        .where(where)
        .orderBy(asc(holder.lastName), asc(holder.firstName), asc(accounts.id))
        .limit(limit)
        .offset(offset);
    },
    async deviceHashes(accountId) {
      const rows = await db
        .select({ codeHash: oneTimeCodes.codeHash })
        .from(oneTimeCodes)
        .where(
          and(
            eq(oneTimeCodes.accountId, accountId),
            eq(oneTimeCodes.purpose, 'device'),
            isNull(oneTimeCodes.cancelledAt),
          ),
        );
      return rows.map((r) => r.codeHash);
    },
    async createdAt(accountId) {
      const [row] = await db
        .select({ createdAt: accounts.createdAt })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row?.createdAt;
    },
    async setDisabled(accountId, disabled) {
      await db
        .update(accounts)
        .set({ disabledAt: disabled?.at ?? null, disabledReason: disabled?.reason ?? null })
        .where(eq(accounts.id, accountId));
    },
  };
}
