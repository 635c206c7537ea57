import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { ipPrefix } from '@apothecall/domain/analytics/analytics.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Caller, RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newNumericCode, newResetCode } from '../../platform/codes';
import { appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Mailer } from '../../platform/mail.service';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import './accounts.events';
import type { AccountRecord, AccountsRepo, PersonRecord } from './accounts.repo';
import { toProfile } from './session-profile';

type RequestContext = Caller;

export const tfaCodeMinutes = 10;
/** Wrong tries one two-factor code survives; then it is spent and a new one must be asked for. */
export const tfaMaxTries = 5;
/** Two-factor codes sent to one account per login window (each one reaches the owner). */
export const tfaCodesPerWindow = 5;
/** How long a device stays known after its last full login (password and code). */
export const knownDeviceDays = 90;

/**
 * How long to hold an attempt once failures under a counter pass its threshold: 250 ms for the
 * first failure over, doubling, at most 4 s. A slowdown, never a refusal: people behind one
 * address (a clinic's NAT) and an owner whose account is being guessed at still get in.
 */
export function slowDownMs(failures: number, threshold: number): number {
  if (failures <= threshold) return 0;
  return Math.min(250 * 2 ** Math.min(failures - threshold - 1, 10), 4_000);
}

/** The limiter's counters of the login protections (accounts.service.ts says what each does). */
export const loginKeys = {
  pair: (loginIdHash: string, ip: string) => `login:pair:${loginIdHash}:${ip}`,
  device: (accountId: string, deviceHash: string) => `login:dev:${accountId}:${deviceHash}`,
  account: (loginIdHash: string) => `login:acct:${loginIdHash}`,
  address: (ip: string) => `login:ip:${ip}`,
  tfaTries: (accountId: string) => `login:tfa-tries:${accountId}`,
  tfaSent: (accountId: string) => `login:tfa-sent:${accountId}`,
  reauth: (accountId: string) => `login:reauth:${accountId}`,
};

/** A pending login's client as its code row keeps it, or undefined when it is not one. */
export function pendingClient(
  kept: string | null,
): { platform: string; version: string } | undefined {
  try {
    const client: unknown = kept ? JSON.parse(kept) : undefined;
    if (
      client &&
      typeof client === 'object' &&
      'platform' in client &&
      'version' in client &&
      typeof client.platform === 'string' &&
      typeof client.version === 'string'
    )
      return { platform: client.platform, version: client.version };
  } catch {
    // Not a pending login's client: refused as an ended login.
  }
  return undefined;
}

/**
 * The steps the login paths share (accounts.service.ts runs them): the failure's audit row and
 * counters, the login-history event, known devices, the two-factor code and the pending login
 * waiting for it, and the session a proven login starts.
 */
export function createLoginSteps(deps: {
  repo: Pick<AccountsRepo, 'findCode' | 'insertCode' | 'cancelOpenCodes' | 'useCode'>;
  sessions: Pick<SessionsService, 'create'>;
  audit: Pick<AuditService, 'as' | 'record'>;
  limiter: Pick<RateLimiter, 'hit' | 'reset'>;
  loginLimit: { windowSeconds: number };
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsSender, 'send'>;
  now: () => Date;
  events?: Pick<EventBus, 'emit'> | undefined;
}) {
  const { now } = deps;
  const { windowSeconds } = deps.loginLimit;

  async function audit(
    ctx: RequestOrigin,
    outcome: 'failure' | 'denied',
    reason: string,
    loginIdHash: string,
    accountId?: string,
  ) {
    // The attempted login id is kept only as a hash, to correlate attempts without storing it.
    await deps.audit.as(outcome)(
      { ip: ctx.ip, requestId: ctx.requestId },
      'account.login',
      { accountId },
      { reason, loginIdHash },
    );
  }

  /**
   * Tells who listens (the pharmacy's login history) of a known account's attempt: one event,
   * ids and states only. A listener's failure never fails the login (the bus logs it).
   */
  async function attempted(
    account: AccountRecord,
    ctx: RequestOrigin,
    platform: string,
    outcome: 'success' | 'failure',
    reason: string | null,
  ) {
    await deps.events?.emit('accounts.loginAttempted', {
      accountId: account.id,
      role: account.role,
      organizationType: account.organizationType,
      organizationId: account.organizationId,
      outcome,
      reason,
      platform: platform.slice(0, 40) || null,
      ipPrefix: ipPrefix(ctx.ip),
      at: now().toISOString(),
    });
  }

  /** A wrong password (or unknown login id): counted where it slows guessing down. */
  async function passwordFailed(
    ctx: RequestOrigin,
    reason: string,
    loginIdHash: string,
    knownDevice: boolean,
    accountId?: string,
  ) {
    // A known device's tries were counted on the device; an unknown one's also count per login
    // id and per address, which only ever slows unknown devices down.
    if (!knownDevice) {
      await Promise.all([
        deps.limiter.hit(loginKeys.account(loginIdHash), windowSeconds),
        deps.limiter.hit(loginKeys.address(ctx.ip), windowSeconds),
      ]);
    }
    await audit(ctx, 'failure', reason, loginIdHash, accountId);
  }

  /** The device's token hash when it is a known device of this account. */
  async function knownDevice(accountId: string, token: string | undefined) {
    if (!token) return undefined;
    const tokenHash = hashCode(token);
    const found = await deps.repo.findCode('device', tokenHash, accountId);
    if (!found || found.accountId !== accountId) return undefined;
    return found.expiresAt.getTime() > now().getTime() ? tokenHash : undefined;
  }

  async function rememberDevice(accountId: string): Promise<string> {
    const token = newResetCode();
    await deps.repo.insertCode({
      accountId,
      purpose: 'device',
      codeHash: hashCode(token),
      channel: null,
      expiresAt: new Date(now().getTime() + knownDeviceDays * 86_400_000),
    });
    return token;
  }

  async function sendTfaCode(
    account: AccountRecord,
    holder: PersonRecord | undefined,
    ctx: RequestContext,
  ) {
    const code = newNumericCode();
    const at = now();
    await deps.repo.cancelOpenCodes(account.id, 'tfa', at);
    await deps.limiter.reset(loginKeys.tfaTries(account.id));
    const channel = account.twoFactor === 'sms' && holder?.phone ? 'sms' : 'email';
    await deps.repo.insertCode({
      accountId: account.id,
      purpose: 'tfa',
      codeHash: hashCode(code),
      channel,
      expiresAt: new Date(at.getTime() + tfaCodeMinutes * 60_000),
    });
    const lang: Lang = isLang(account.language) ? account.language : ctx.lang;
    const params = { brand: (await ctx.brand()).name, code };
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

  /** A proven login: the session, its audit row (with `detail`) and the login-history event. */
  async function startSession(
    account: AccountRecord,
    persons: PersonRecord[],
    ctx: RequestContext,
    client: { platform: string; version: string },
    detail: Record<string, unknown>,
    passwordProven: boolean,
  ): Promise<{ token: string; profile: SessionProfile }> {
    const session = await deps.sessions.create(account.id, {
      platform: client.platform,
      version: client.version,
      passwordProven,
    });
    await deps.audit.record(
      { ...ctx, accountId: account.id },
      'account.login',
      { accountId: account.id },
      { sessionId: session.sessionId, platform: client.platform, ...detail },
    );
    await attempted(account, ctx, client.platform, 'success', null);
    return { token: session.token, profile: toProfile(account, persons) };
  }

  /**
   * A login waiting for its two-factor code: the `tfaToken` TFA_REQUIRED answers (192 random
   * bits; only its hash is kept, with the client's platform and version, no PHI). It lasts as
   * long as the code; a newer login's token replaces it.
   */
  async function pendingLogin(
    accountId: string,
    client: { platform: string; version: string },
  ): Promise<string> {
    const token = newResetCode();
    const at = now();
    await deps.repo.cancelOpenCodes(accountId, 'tfa-login', at);
    await deps.repo.insertCode({
      accountId,
      purpose: 'tfa-login',
      codeHash: hashCode(token),
      channel: JSON.stringify({ platform: client.platform, version: client.version }),
      expiresAt: new Date(at.getTime() + tfaCodeMinutes * 60_000),
    });
    return token;
  }

  /**
   * The two-factor code of a login whose password is proven (the login with `tfaCode`, or
   * /submit-code): used once; `tfaMaxTries` wrong tries spend it (log in again for a new one).
   */
  async function checkTfaCode(
    account: AccountRecord,
    ctx: RequestContext,
    loginIdHash: string,
    platform: string,
    given: string,
  ) {
    const code = await deps.repo.findCode('tfa', hashCode(given), account.id);
    const ok = code?.accountId === account.id && (await deps.repo.useCode(code.id, now()));
    if (!ok) {
      const tries = await deps.limiter.hit(loginKeys.tfaTries(account.id), tfaCodeMinutes * 60);
      if (tries >= tfaMaxTries) {
        await deps.repo.cancelOpenCodes(account.id, 'tfa', now());
        await deps.limiter.reset(loginKeys.tfaTries(account.id));
      }
      await audit(ctx, 'failure', 'bad-tfa-code', loginIdHash, account.id);
      await attempted(account, ctx, platform, 'failure', 'bad-tfa-code');
      throw appErrors.tfaInvalid();
    }
    await deps.limiter.reset(loginKeys.tfaTries(account.id));
  }

  /** A full login (password, and code when two-factor is on): the session and device token. */
  async function finishLogin(
    account: AccountRecord,
    persons: PersonRecord[],
    ctx: RequestContext,
    client: { platform: string; version: string },
    knownDeviceToken: string | undefined,
  ) {
    const deviceToken = knownDeviceToken ?? (await rememberDevice(account.id));
    const signedIn = await startSession(
      account,
      persons,
      ctx,
      client,
      { twoFactor: account.twoFactor, knownDevice: Boolean(knownDeviceToken) },
      true,
    );
    return { ...signedIn, deviceToken };
  }

  return {
    audit,
    attempted,
    passwordFailed,
    knownDevice,
    sendTfaCode,
    startSession,
    pendingLogin,
    checkTfaCode,
    finishLogin,
  };
}
