import { createHash } from 'node:crypto';
import type { LoginRequest, SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import type { AuditService, RequestOrigin } from '../../platform/audit.service';
import { appErrors } from '../../platform/errors';
import type { PasswordHasher } from '../../platform/passwords';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { AccountRecord, AccountsRepo, PersonRecord } from './accounts.repo';

export interface AccountsService {
  login(
    input: LoginRequest,
    origin: RequestOrigin,
  ): Promise<{ token: string; profile: SessionProfile }>;
  logout(session: { sessionId: string; accountId: string }, origin: RequestOrigin): Promise<void>;
  profile(accountId: string, origin: RequestOrigin): Promise<SessionProfile>;
}

/** Login ids are e-mails or user ids, matched without regard to case or surrounding space. */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export function createAccountsService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  now?: () => Date;
}): AccountsService {
  const now = deps.now ?? (() => new Date());

  async function fail(origin: RequestOrigin, reason: string, loginId: string, accountId?: string) {
    await deps.audit.record({
      action: 'account.login',
      outcome: 'failure',
      subjectAccountId: accountId,
      ip: origin.ip,
      requestId: origin.requestId,
      // The attempted login id is kept only as a hash, to correlate attempts without storing it.
      detail: { reason, loginIdHash: createHash('sha256').update(loginId).digest('hex') },
    });
  }

  return {
    async login(input, origin) {
      const loginId = normalizeLoginId(input.loginId);
      const account = await deps.repo.findByLoginId(loginId);
      if (!account) {
        await deps.hasher.verifyDummy(input.password);
        await fail(origin, 'unknown-login', loginId);
        throw appErrors.badCredentials();
      }
      const passwordOk = await deps.hasher.verify(account.passwordHash, input.password);
      if (!passwordOk || account.disabledAt) {
        await fail(origin, passwordOk ? 'disabled' : 'bad-password', loginId, account.id);
        throw appErrors.badCredentials();
      }
      if (account.passwordExpiresAt && account.passwordExpiresAt.getTime() <= now().getTime()) {
        await fail(origin, 'password-expired', loginId, account.id);
        throw appErrors.passwordExpired();
      }
      const session = await deps.sessions.create(account.id, {
        platform: input.platform,
        version: input.version,
      });
      await deps.audit.record({
        action: 'account.login',
        outcome: 'success',
        actorAccountId: account.id,
        subjectAccountId: account.id,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { sessionId: session.sessionId, platform: input.platform },
      });
      const persons = await deps.repo.listPersons(account.id);
      return { token: session.token, profile: toProfile(account, persons) };
    },

    async logout(session, origin) {
      await deps.sessions.revoke(session.sessionId, 'logout');
      await deps.audit.record({
        action: 'account.logout',
        outcome: 'success',
        actorAccountId: session.accountId,
        subjectAccountId: session.accountId,
        ip: origin.ip,
        requestId: origin.requestId,
        detail: { sessionId: session.sessionId },
      });
    },

    async profile(accountId, origin) {
      const account = await deps.repo.findById(accountId);
      if (!account) throw appErrors.notFound();
      const persons = await deps.repo.listPersons(account.id);
      await deps.audit.record({
        action: 'profile.read',
        outcome: 'success',
        actorAccountId: accountId,
        subjectAccountId: accountId,
        subjectPersonId: persons[0]?.id,
        ip: origin.ip,
        requestId: origin.requestId,
      });
      return toProfile(account, persons);
    },
  };
}

function toProfile(account: AccountRecord, persons: PersonRecord[]): SessionProfile {
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
