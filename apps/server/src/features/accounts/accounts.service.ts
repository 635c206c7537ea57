import { createHash } from 'node:crypto';
import {
  type AuthIdLoginRequest,
  type authIdEnrolRequestSchema,
  type DeviceCredential,
  type loginWithCodeRequestSchema,
  nativePlatforms,
  type SubmitCodeRequest,
} from '@apothecall/domain/accounts/accounts.api';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import { passwordProofFresh } from '@apothecall/domain/accounts/credentials.rules';
import { ipPrefix } from '@apothecall/domain/analytics/analytics.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { z } from 'zod';
import type { Caller, RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newNumericCode, newResetCode } from '../../platform/codes';
import { AppError, appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import './accounts.events';
import type { LoginPlaces } from './accounts.port';
import type { AccountRecord, AccountsRepo, PersonRecord } from './accounts.repo';

export type { LoginPlaces } from './accounts.port';

/**
 * What login() reads of POST /account/token as loginWithCodeRequestSchema parsed it (tfaCode:
 * the second step when two-factor is on; deviceToken: what an earlier full login on this device
 * answered with).
 */
export type LoginInput = Pick<
  z.output<typeof loginWithCodeRequestSchema>,
  'loginId' | 'password' | 'platform' | 'version' | 'tfaCode' | 'deviceToken'
>;

/** Who asks, before login: where from, language, brand (platform/actor.ts). */
export type RequestContext = Caller;

/** What a biometric login reads of POST /account/authIdToken. */
export type AuthIdLoginInput = Pick<AuthIdLoginRequest, 'authId' | 'platform' | 'version'>;

/** What turning biometric login on reads of POST /account/auth-id. */
export type AuthIdEnrolInput = Pick<z.output<typeof authIdEnrolRequestSchema>, 'password'>;

type NativePlatform = (typeof nativePlatforms)[number];

function isNativePlatform(platform: string): platform is NativePlatform {
  return (nativePlatforms as readonly string[]).includes(platform);
}

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** The catalogue's name of a native platform (the device list, the new-device mail). */
const platformNameKey = {
  'cordova-ios': 'session.devices.platform.cordova-ios',
  'cordova-android': 'session.devices.platform.cordova-android',
} as const satisfies Record<NativePlatform, string>;

/** An instant as the mail's reader reads it: their language, the request's time zone. */
function mailTime(at: Date, lang: Lang, timeZone: string): string {
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  try {
    return at.toLocaleString(locale, { timeZone, dateStyle: 'long', timeStyle: 'short' });
  } catch {
    return at.toISOString();
  }
}

export interface AccountsService {
  login(
    input: LoginInput,
    ctx: RequestContext,
  ): Promise<{ token: string; profile: SessionProfile; deviceToken: string }>;
  /**
   * The second step of a two-factor login (POST /submit-code): the code with the `tfaToken` the
   * login's TFA_REQUIRED answer carried. Answers what the login answers.
   */
  submitCode(
    input: SubmitCodeRequest,
    ctx: RequestContext,
  ): Promise<{ token: string; profile: SessionProfile; deviceToken: string }>;
  /** A biometric login with the device credential an earlier session enrolled (issue 21). */
  loginWithAuthId(
    input: AuthIdLoginInput,
    ctx: RequestContext,
  ): Promise<{ token: string; profile: SessionProfile }>;
  /**
   * Turns biometric login on for the calling device: a new credential, answered once. Only a
   * native app's session with a password proven in the last few minutes (or `password` now);
   * the account's login id is told by e-mail (issue 32, finding 4).
   */
  enrolAuthId(
    session: { sessionId: string; accountId: string },
    input: AuthIdEnrolInput,
    caller: Caller,
  ): Promise<string>;
  /** The account's devices with biometric login on (never their credentials). */
  listDevices(
    session: { sessionId: string; accountId: string },
    origin: RequestOrigin,
  ): Promise<DeviceCredential[]>;
  /** Ends one device's credential by its id (only the account's own; 404 otherwise). */
  revokeDevice(
    session: { sessionId: string; accountId: string },
    id: string,
    origin: RequestOrigin,
  ): Promise<void>;
  /** Turns it off: the credential stops working (only the account's own). */
  revokeAuthId(
    session: { sessionId: string; accountId: string },
    authId: string,
    origin: RequestOrigin,
  ): Promise<void>;
  logout(session: { sessionId: string; accountId: string }, origin: RequestOrigin): Promise<void>;
  /**
   * Whether wrong passwords have locked the login (back office, issue 35): from one of these
   * addresses (where its failed logins came from) or on one of its known devices.
   */
  loginLocked(accountId: string, where: LoginPlaces): Promise<boolean>;
  /** Clears the login's wrong-password counts there, and on its login id (back office). */
  unlockLogin(accountId: string, where: LoginPlaces): Promise<void>;
  profile(accountId: string, origin: RequestOrigin): Promise<SessionProfile>;
}

/** Login ids are e-mails or user ids, matched without regard to case or surrounding space. */
export function normalizeLoginId(loginId: string): string {
  return loginId.trim().toLowerCase();
}

export const tfaCodeMinutes = 10;
/** Wrong tries one two-factor code survives; then it is spent and a new one must be asked for. */
export const tfaMaxTries = 5;
/** Two-factor codes sent to one account per login window (each one reaches the owner). */
export const tfaCodesPerWindow = 5;
/** How long a device stays known after its last full login (password and code). */
export const knownDeviceDays = 90;
/**
 * A biometric login's device credential lasts this long from when it was turned on; then the
 * app asks for the password once and offers biometric login again.
 */
export const authIdDays = 180;
/** Devices with biometric login on, per account; turning on one more retires the oldest. */
export const authIdsPerAccount = 5;

/**
 * How long to hold an attempt once failures under a counter pass its threshold: 250 ms for the
 * first failure over, doubling, at most 4 s. A slowdown, never a refusal: people behind one
 * address (a clinic's NAT) and an owner whose account is being guessed at still get in.
 */
export function slowDownMs(failures: number, threshold: number): number {
  if (failures <= threshold) return 0;
  return Math.min(250 * 2 ** Math.min(failures - threshold - 1, 10), 4_000);
}

/**
 * Login protections (docs/architecture.md, "Login protections"):
 * - per (login id, client address) pair, attempts are counted before the password is checked
 *   (so parallel guesses cannot slip under) and cleared once the password is proven; over
 *   `maxFailures` in the window that pair alone answers 429. A stranger elsewhere cannot lock
 *   the owner out.
 * - a known device (its token came with an earlier full login of this account) is counted on
 *   its own instead of by address, so the right password from the owner's phone works even
 *   while their shared address is limited.
 * - failures per login id (from every address) and per address (over every login id) only slow
 *   unknown devices down (slowDownMs), over `maxFailures` and `maxFailures` x 5.
 * - a two-factor code is spent after `tfaMaxTries` wrong tries; asking again sends a new one
 *   (at most `tfaCodesPerWindow` per window), which works.
 */
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
  /** Waits (the slowdown); tests may hand a fake. */
  sleep?: (ms: number) => Promise<void>;
  /** Where a known account's login attempts are told (`accounts.loginAttempted`). */
  events?: Pick<EventBus, 'emit'>;
}): AccountsService {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const { maxFailures, windowSeconds } = deps.loginLimit;
  const addressSlowAfter = maxFailures * 5;

  const keys = {
    pair: (loginIdHash: string, ip: string) => `login:pair:${loginIdHash}:${ip}`,
    device: (accountId: string, deviceHash: string) => `login:dev:${accountId}:${deviceHash}`,
    account: (loginIdHash: string) => `login:acct:${loginIdHash}`,
    address: (ip: string) => `login:ip:${ip}`,
    tfaTries: (accountId: string) => `login:tfa-tries:${accountId}`,
    tfaSent: (accountId: string) => `login:tfa-sent:${accountId}`,
    reauth: (accountId: string) => `login:reauth:${accountId}`,
  };

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
        deps.limiter.hit(keys.account(loginIdHash), windowSeconds),
        deps.limiter.hit(keys.address(ctx.ip), windowSeconds),
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
    await deps.limiter.reset(keys.tfaTries(account.id));
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

  function pendingClient(kept: string | null): { platform: string; version: string } | undefined {
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
      const tries = await deps.limiter.hit(keys.tfaTries(account.id), tfaCodeMinutes * 60);
      if (tries >= tfaMaxTries) {
        await deps.repo.cancelOpenCodes(account.id, 'tfa', now());
        await deps.limiter.reset(keys.tfaTries(account.id));
      }
      await audit(ctx, 'failure', 'bad-tfa-code', loginIdHash, account.id);
      await attempted(account, ctx, platform, 'failure', 'bad-tfa-code');
      throw appErrors.tfaInvalid();
    }
    await deps.limiter.reset(keys.tfaTries(account.id));
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
    async login(input, ctx) {
      const loginId = normalizeLoginId(input.loginId);
      const loginIdHash = createHash('sha256').update(loginId).digest('hex');
      const account = await deps.repo.findForLogin(loginId);
      const deviceHash = account ? await knownDevice(account.id, input.deviceToken) : undefined;
      const gate =
        account && deviceHash
          ? keys.device(account.id, deviceHash)
          : keys.pair(loginIdHash, ctx.ip);
      // Counted before the password is checked, so parallel guesses cannot all slip under the
      // limit; cleared as soon as the password is proven.
      if ((await deps.limiter.hit(gate, windowSeconds)) > maxFailures) {
        await audit(ctx, 'denied', 'rate-limited', loginIdHash, account?.id);
        if (account) await attempted(account, ctx, input.platform, 'failure', 'rate-limited');
        throw appErrors.rateLimited();
      }
      if (!deviceHash) {
        const [perLoginId, perAddress] = await Promise.all([
          deps.limiter.peek(keys.account(loginIdHash)),
          deps.limiter.peek(keys.address(ctx.ip)),
        ]);
        const wait = Math.max(
          slowDownMs(perLoginId, maxFailures),
          slowDownMs(perAddress, addressSlowAfter),
        );
        if (wait > 0) await sleep(wait);
      }
      if (!account) {
        await deps.hasher.verifyDummy(input.password);
        await passwordFailed(ctx, 'unknown-login', loginIdHash, false);
        throw appErrors.badCredentials();
      }
      const passwordOk = await deps.hasher.verify(account.passwordHash, input.password);
      if (!passwordOk || account.disabledAt) {
        const reason = passwordOk ? 'disabled' : 'bad-password';
        await passwordFailed(ctx, reason, loginIdHash, Boolean(deviceHash), account.id);
        await attempted(account, ctx, input.platform, 'failure', reason);
        throw appErrors.badCredentials();
      }
      // The password is proven: this address or device is not guessing it.
      await deps.limiter.reset(gate);
      if (account.passwordExpiresAt && account.passwordExpiresAt.getTime() <= now().getTime()) {
        await audit(ctx, 'failure', 'password-expired', loginIdHash, account.id);
        await attempted(account, ctx, input.platform, 'failure', 'password-expired');
        throw appErrors.passwordExpired();
      }
      const persons = await deps.repo.listPersons(account.id);
      if (account.twoFactor !== 'off') {
        if (!input.tfaCode) {
          if (
            (await deps.limiter.hit(keys.tfaSent(account.id), windowSeconds)) > tfaCodesPerWindow
          ) {
            await audit(ctx, 'denied', 'tfa-codes-rate-limited', loginIdHash, account.id);
            await attempted(account, ctx, input.platform, 'failure', 'rate-limited');
            throw appErrors.rateLimited();
          }
          await sendTfaCode(account, persons[0], ctx);
          throw appErrors.tfaRequired(await pendingLogin(account.id, input));
        }
        // Older apps: the code comes with the login id and password again.
        await checkTfaCode(account, ctx, loginIdHash, input.platform, input.tfaCode);
      }
      return finishLogin(account, persons, ctx, input, deviceHash ? input.deviceToken : undefined);
    },

    async submitCode(input, ctx) {
      const pending = await deps.repo.findCode('tfa-login', hashCode(input.tfaToken));
      const account =
        pending &&
        !pending.usedAt &&
        !pending.cancelledAt &&
        pending.expiresAt.getTime() > now().getTime()
          ? await deps.repo.findById(pending.accountId)
          : undefined;
      const client = pending ? pendingClient(pending.channel) : undefined;
      if (!pending || !account || !client || account.disabledAt || account.twoFactor === 'off') {
        // Unguessable (192 random bits), but every miss still counts against the address.
        await deps.limiter.hit(keys.address(ctx.ip), windowSeconds);
        await deps.audit.as('failure')(
          { ip: ctx.ip, requestId: ctx.requestId },
          'account.login',
          { accountId: pending?.accountId },
          { reason: pending ? 'tfa-login-ended' : 'tfa-login-unknown' },
        );
        throw appErrors.tfaLoginExpired();
      }
      const loginIdHash = createHash('sha256')
        .update(normalizeLoginId(account.loginId))
        .digest('hex');
      // The login's own limits at this address: a limited pair is refused, a busy address slowed.
      if ((await deps.limiter.peek(keys.pair(loginIdHash, ctx.ip))) > maxFailures) {
        await audit(ctx, 'denied', 'rate-limited', loginIdHash, account.id);
        await attempted(account, ctx, client.platform, 'failure', 'rate-limited');
        throw appErrors.rateLimited();
      }
      const wait = slowDownMs(await deps.limiter.peek(keys.address(ctx.ip)), addressSlowAfter);
      if (wait > 0) await sleep(wait);
      await checkTfaCode(account, ctx, loginIdHash, client.platform, input.code);
      await deps.repo.useCode(pending.id, now());
      const persons = await deps.repo.listPersons(account.id);
      return finishLogin(account, persons, ctx, client, undefined);
    },

    async loginWithAuthId(input, ctx) {
      const idHash = hashCode(input.authId);
      // 256 random bits: nothing to guess, but every miss still counts against the address.
      const wait = slowDownMs(await deps.limiter.peek(keys.address(ctx.ip)), addressSlowAfter);
      if (wait > 0) await sleep(wait);
      const found = await deps.repo.findCode('biometric', idHash);
      const live =
        found &&
        !found.cancelledAt &&
        !found.usedAt &&
        found.expiresAt.getTime() > now().getTime() &&
        (await deps.repo.findById(found.accountId));
      if (!found || !live || live.disabledAt) {
        await deps.limiter.hit(keys.address(ctx.ip), windowSeconds);
        await deps.audit.as('failure')(
          { ip: ctx.ip, requestId: ctx.requestId },
          'account.login',
          { accountId: found?.accountId },
          { reason: found ? 'biometric-credential-ended' : 'biometric-credential-unknown' },
        );
        throw appErrors.badCredentials();
      }
      const account = live;
      if (account.passwordExpiresAt && account.passwordExpiresAt.getTime() <= now().getTime()) {
        await attempted(account, ctx, input.platform, 'failure', 'password-expired');
        throw appErrors.passwordExpired();
      }
      const persons = await deps.repo.listPersons(account.id);
      await deps.repo.touchCode(found.id, now());
      // Not a password proof: this session cannot turn on another device without the password.
      return startSession(account, persons, ctx, input, { method: 'biometric' }, false);
    },

    async enrolAuthId(session, input, caller) {
      const actor = { ip: caller.ip, requestId: caller.requestId, accountId: session.accountId };
      const subject = { accountId: session.accountId };
      const refused = async (reason: string) =>
        deps.audit.denied(actor, 'account.biometric.on', subject, {
          sessionId: session.sessionId,
          reason,
        });
      // The session's own platform, as its login reported it: a web session never gets one.
      const proof = await deps.sessions.proofOf(session.sessionId);
      if (!proof || !isNativePlatform(proof.platform)) {
        await refused('not-a-native-session');
        throw new AppError(403, 'NATIVE_ONLY', 'session.biometric.nativeOnly');
      }
      const platform = proof.platform;
      if (input.password !== undefined) {
        // Counted before the password is checked (like a login), cleared once it is proven.
        const gate = keys.reauth(session.accountId);
        if ((await deps.limiter.hit(gate, windowSeconds)) > maxFailures) {
          await refused('rate-limited');
          throw appErrors.rateLimited();
        }
        const passwordHash = await deps.repo.passwordHashOf(session.accountId);
        if (!passwordHash || !(await deps.hasher.verify(passwordHash, input.password))) {
          await deps.audit.failed(actor, 'account.biometric.on', subject, {
            sessionId: session.sessionId,
            reason: 'wrong-password',
          });
          throw new AppError(403, 'WRONG_PASSWORD', 'accounts.password.wrongCurrent');
        }
        await deps.limiter.reset(gate);
        await deps.sessions.passwordProven(session.sessionId);
      } else if (!passwordProofFresh(proof.passwordProvenAt, now())) {
        await refused('reauth-required');
        throw new AppError(403, 'REAUTH_REQUIRED', 'accounts.reauth.required');
      }
      const account = await deps.repo.findById(session.accountId);
      if (!account) throw appErrors.notFound();
      const authId = `${newResetCode()}${newResetCode()}`;
      const at = now();
      await deps.repo.insertCode({
        accountId: session.accountId,
        purpose: 'biometric',
        codeHash: hashCode(authId),
        channel: platform,
        expiresAt: new Date(at.getTime() + authIdDays * 86_400_000),
      });
      await deps.repo.retireOldestCodes(session.accountId, 'biometric', authIdsPerAccount, at);
      await deps.audit.record(actor, 'account.biometric.on', subject, {
        sessionId: session.sessionId,
        platform,
        reauth: input.password !== undefined ? 'password' : 'login',
      });
      // The owner hears of every new device (to the login id, in the account's language).
      const lang: Lang = isLang(account.language) ? account.language : caller.lang;
      const params = {
        brand: (await caller.brand()).name,
        device: translate(lang, platformNameKey[platform]),
        time: mailTime(at, lang, caller.timeZone),
      };
      await deps.mailer.send({
        to: account.loginId,
        subject: translate(lang, 'accounts.mail.newDevice.subject', params),
        text: translate(lang, 'accounts.mail.newDevice.body', params),
      });
      return authId;
    },

    async revokeAuthId(session, authId, origin) {
      const found = await deps.repo.findCode('biometric', hashCode(authId), session.accountId);
      // Another account's credential, or one already off: nothing to say about it.
      if (!found) throw appErrors.notFound();
      await deps.repo.cancelCode(found.id, now());
      await deps.audit.record(
        { ...origin, accountId: session.accountId },
        'account.biometric.off',
        { accountId: session.accountId },
        { sessionId: session.sessionId, credentialId: found.id },
      );
    },

    async listDevices(session, origin) {
      const rows = await deps.repo.listOpenCodes(session.accountId, 'biometric', now());
      await deps.audit.record(
        { ...origin, accountId: session.accountId },
        'account.devices.read',
        { accountId: session.accountId },
        { sessionId: session.sessionId, count: rows.length },
      );
      return rows.flatMap((row) =>
        row.channel && isNativePlatform(row.channel)
          ? [
              {
                id: row.id,
                platform: row.channel,
                createdAt: row.createdAt.toISOString(),
                lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
                expiresAt: row.expiresAt.toISOString(),
              },
            ]
          : [],
      );
    },

    async revokeDevice(session, id, origin) {
      const found = isUuid(id)
        ? await deps.repo.findOpenCodeById(session.accountId, 'biometric', id)
        : undefined;
      // Another account's device, or one already off: nothing to say about it.
      if (!found) throw appErrors.notFound();
      await deps.repo.cancelCode(found.id, now());
      await deps.audit.record(
        { ...origin, accountId: session.accountId },
        'account.biometric.off',
        { accountId: session.accountId },
        { sessionId: session.sessionId, credentialId: found.id, from: 'device-list' },
      );
    },

    async loginLocked(accountId, where) {
      const account = await deps.repo.findById(accountId);
      if (!account) return false;
      const loginIdHash = createHash('sha256').update(account.loginId).digest('hex');
      const counts = await Promise.all([
        ...where.addresses.map((ip) => deps.limiter.peek(keys.pair(loginIdHash, ip))),
        ...where.deviceHashes.map((hash) => deps.limiter.peek(keys.device(accountId, hash))),
      ]);
      return counts.some((count) => count >= maxFailures);
    },

    async unlockLogin(accountId, where) {
      const account = await deps.repo.findById(accountId);
      if (!account) return;
      const loginIdHash = createHash('sha256').update(account.loginId).digest('hex');
      await Promise.all([
        deps.limiter.reset(keys.account(loginIdHash)),
        ...where.addresses.map((ip) => deps.limiter.reset(keys.pair(loginIdHash, ip))),
        ...where.deviceHashes.map((hash) => deps.limiter.reset(keys.device(accountId, hash))),
      ]);
    },

    async logout(session, origin) {
      await deps.sessions.revoke(session.sessionId, 'logout');
      await deps.audit.record(
        { ...origin, accountId: session.accountId },
        'account.logout',
        { accountId: session.accountId },
        { sessionId: session.sessionId },
      );
    },

    async profile(accountId, origin) {
      const found = await deps.repo.profileOf(accountId);
      if (!found) throw appErrors.notFound();
      const { account, persons } = found;
      await deps.audit.record({ ...origin, accountId: accountId }, 'profile.read', {
        accountId: accountId,
        personId: persons[0]?.id,
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
