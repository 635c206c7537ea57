import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import type { AccountRecord, PersonRecord } from './accounts.repo';

/** What a session answers with: the account, its holder and the people it manages. */
export function toProfile(account: AccountRecord, persons: PersonRecord[]): SessionProfile {
  const users = persons.map((p) => ({
    id: p.id,
    personId: p.id,
    name: `${p.firstName} ${p.lastName}`,
    firstName: p.firstName,
    lastName: p.lastName,
    relation: p.relation,
  }));
  const holder = users[0];
  if (!holder) throw new Error(`account ${account.id} has no holder person`);
  return {
    id: account.id,
    personId: holder.personId,
    name: holder.name,
    role: account.role,
    loginId: account.loginId,
    brandId: account.brandId,
    credentials: {
      from: account.organizationId,
      role: account.role,
      organizationType: account.organizationType,
    },
    permissions: account.permissions,
    users,
  };
}
