import { createHash } from 'node:crypto';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { AuditService, RequestOrigin } from '../../platform/audit.service';
import { hashCode, newNumericCode } from '../../platform/codes';
import { appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountRecord, AccountsRepo, PersonRecord } from './accounts.repo';

export interface LoginInput {
  loginId: string;
  password: string;
  platform: string;
  version: string;
  tfaCode?: string | undefined;
}

/** The request's context a service needs: where from, which language, which brand name. */
export interface RequestContext extends RequestOrigin {
  lang: Lang;
  brandName: string;
}

export interface AccountsService {
  login(
    input: LoginInput,
    ctx: RequestContext,
  ): Promise<{ token: string; profile: SessionProfile }>;
  logout(session: { sessionId: string; accountId: string }, origin: RequestOrigin): Promise<void>;
  profile(accountId: string, origin: RequestOrigin): Promise<SessionProfile>;
}

/** Login ids are e-mails or user ids, matched without regard to case or surrounding space. */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export const tfaCodeMinutes = 10;

export function createAccountsService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  limiter: RateLimiter;
  loginLimit: { maxFailures: number; windowSeconds: number };
  mailer: Mailer;
  sms: SmsSender;
  now?: () => Date;
}): AccountsService {
  const now = deps.now ?? (() => new Date());
  const { maxFailures, windowSeconds } = deps.loginLimit;

  const keysFor = (loginIdHash: string, ip: string) => ({
    account: `login:acct:${loginIdHash}`,
    address: `login:ip:${ip}`,
  });

  async function fail(ctx: RequestOrigin, reason: string, loginIdHash: string, accountId?: string) {
    const keys = keysFor(loginIdHash, ctx.ip);
    // The account's attempt was already counted when it began; the address counts failures.
    await deps.limiter.hit(keys.address, windowSeconds);
    await deps.audit.record({
      action: 'account.login',
      outcome: 'failure',
      subjectAccountId: accountId,
      ip: ctx.ip,
      requestId: ctx.requestId,
      // The attempted login id is kept only as a hash, to correlate attempts without storing it.
      detail: { reason, loginIdHash },
    });
  }

  async function sendTfaCode(
    account: AccountRecord,
    holder: PersonRecord | undefined,
    ctx: RequestContext,
  ) {
    const code = newNumericCode();
    const at = now();
    await deps.repo.cancelOpenCodes(account.id, 'tfa', at);
    const channel = account.twoFactor === 'sms' && holder?.phone ? 'sms' : 'email';
    await deps.repo.insertCode({
      accountId: account.id,
      purpose: 'tfa',
      codeHash: hashCode(code),
      channel,
      expiresAt: new Date(at.getTime() + tfaCodeMinutes * 60_000),
    });
    const lang: Lang = isLang(account.language) ? account.language : ctx.lang;
    const params = { brand: ctx.brandName, code };
    if (channel === 'sms' && holder?.phone) {
      await deps.sms.send(holder.phone, translate(lang, 'accounts.sms.tfa', params));
    } else {
      await deps.mailer.send({
        // Security mail goes to the login id, which only a password-checked flow can change.
        to: account.loginId,
        subject: translate(lang, 'accounts.mail.tfa.subject', params),
        text: translate(lang, 'accounts.mail.tfa.body', params),
      });
    }
  }

  return {
    async login(input, ctx) {
      const loginId = normalizeLoginId(input.loginId);
      const loginIdHash = createHash('sha256').update(loginId).digest('hex');
      const keys = keysFor(loginIdHash, ctx.ip);
      // The account's attempt is counted before the password is checked, so parallel guesses
      // cannot all slip under the limit; a successful login clears it. The address counts
      // failures only (many people can share one address).
      const [accountAttempts, addressFailures] = await Promise.all([
        deps.limiter.hit(keys.account, windowSeconds),
        deps.limiter.peek(keys.address),
      ]);
      if (accountAttempts > maxFailures || addressFailures >= maxFailures * 5) {
        await deps.audit.record({
          action: 'account.login',
          outcome: 'denied',
          ip: ctx.ip,
          requestId: ctx.requestId,
          detail: { reason: 'rate-limited', loginIdHash },
        });
        throw appErrors.rateLimited();
      }
      const account = await deps.repo.findByLoginId(loginId);
      if (!account) {
        await deps.hasher.verifyDummy(input.password);
        await fail(ctx, 'unknown-login', loginIdHash);
        throw appErrors.badCredentials();
      }
      const passwordOk = await deps.hasher.verify(account.passwordHash, input.password);
      if (!passwordOk || account.disabledAt) {
        await fail(ctx, passwordOk ? 'disabled' : 'bad-password', loginIdHash, account.id);
        throw appErrors.badCredentials();
      }
      if (account.passwordExpiresAt && account.passwordExpiresAt.getTime() <= now().getTime()) {
        await fail(ctx, 'password-expired', loginIdHash, account.id);
        throw appErrors.passwordExpired();
      }
      const persons = await deps.repo.listPersons(account.id);
      if (account.twoFactor !== 'off') {
        if (!input.tfaCode) {
          await sendTfaCode(account, persons[0], ctx);
          throw appErrors.tfaRequired();
        }
        const code = await deps.repo.findCode('tfa', hashCode(input.tfaCode), account.id);
        const ok = code?.accountId === account.id && (await deps.repo.useCode(code.id, now()));
        if (!ok) {
          await fail(ctx, 'bad-tfa-code', loginIdHash, account.id);
          throw appErrors.tfaInvalid();
        }
      }
      await deps.limiter.reset(keys.account);
      const session = await deps.sessions.create(account.id, {
        platform: input.platform,
        version: input.version,
      });
      await deps.audit.record({
        action: 'account.login',
        outcome: 'success',
        actorAccountId: account.id,
        subjectAccountId: account.id,
        ip: ctx.ip,
        requestId: ctx.requestId,
        detail: {
          sessionId: session.sessionId,
          platform: input.platform,
          twoFactor: account.twoFactor,
        },
      });
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
