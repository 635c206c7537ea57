import { createHash } from 'node:crypto';
import type {
  AuthIdLoginRequest,
  loginWithCodeRequestSchema,
  SubmitCodeRequest,
} from '@apothecall/domain/accounts/accounts.api';
import type { SessionProfile } from '@apothecall/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import type { Caller, RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode } from '../../platform/codes';
import { appErrors } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import './accounts.events';
import type { LoginPlaces } from './accounts.port';
import type { AccountsRepo } from './accounts.repo';
import { createDevicesService, type DevicesService } from './devices.service';
import {
  createLoginSteps,
  loginKeys,
  pendingClient,
  slowDownMs,
  tfaCodesPerWindow,
} from './login-steps';
import { toProfile } from './session-profile';

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

/** Logins, logout, the login locks and the profile; the biometric devices are devices.service.ts's. */
export interface AccountsService extends DevicesService {
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
  /** A biometric login with the device credential an earlier session enrolled. */
  loginWithAuthId(
    input: AuthIdLoginInput,
    ctx: RequestContext,
  ): Promise<{ token: string; profile: SessionProfile }>;
  logout(session: { sessionId: string; accountId: string }, origin: RequestOrigin): Promise<void>;
  /**
   * Whether wrong passwords have locked the login (back office): from one of these
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

// The login protections' slowdown, where its test and readers find it.
export { slowDownMs };

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
  const {
    audit,
    attempted,
    passwordFailed,
    knownDevice,
    sendTfaCode,
    startSession,
    pendingLogin,
    checkTfaCode,
    finishLogin,
  } = createLoginSteps({ ...deps, now });
  const devices = createDevicesService({ ...deps, now });

  return {
    ...devices,
    async login(input, ctx) {
      const loginId = normalizeLoginId(input.loginId);
      const loginIdHash = createHash('sha256').update(loginId).digest('hex');
      const account = await deps.repo.findForLogin(loginId);
      const deviceHash = account ? await knownDevice(account.id, input.deviceToken) : undefined;
      const gate =
        account && deviceHash
          ? loginKeys.device(account.id, deviceHash)
          : loginKeys.pair(loginIdHash, ctx.ip);
      // Counted before the password is checked, so parallel guesses cannot all slip under the
      // limit; cleared as soon as the password is proven.
      if ((await deps.limiter.hit(gate, windowSeconds)) > maxFailures) {
        await audit(ctx, 'denied', 'rate-limited', loginIdHash, account?.id);
        if (account) await attempted(account, ctx, input.platform, 'failure', 'rate-limited');
        throw appErrors.rateLimited();
      }
      if (!deviceHash) {
        const [perLoginId, perAddress] = await Promise.all([
          deps.limiter.peek(loginKeys.account(loginIdHash)),
          deps.limiter.peek(loginKeys.address(ctx.ip)),
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
            (await deps.limiter.hit(loginKeys.tfaSent(account.id), windowSeconds)) >
            tfaCodesPerWindow
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
        await deps.limiter.hit(loginKeys.address(ctx.ip), windowSeconds);
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
      if ((await deps.limiter.peek(loginKeys.pair(loginIdHash, ctx.ip))) > maxFailures) {
        await audit(ctx, 'denied', 'rate-limited', loginIdHash, account.id);
        await attempted(account, ctx, client.platform, 'failure', 'rate-limited');
        throw appErrors.rateLimited();
      }
      const wait = slowDownMs(await deps.limiter.peek(loginKeys.address(ctx.ip)), addressSlowAfter);
      if (wait > 0) await sleep(wait);
      await checkTfaCode(account, ctx, loginIdHash, client.platform, input.code);
      await deps.repo.useCode(pending.id, now());
      const persons = await deps.repo.listPersons(account.id);
      return finishLogin(account, persons, ctx, client, undefined);
    },

    async loginWithAuthId(input, ctx) {
      const idHash = hashCode(input.authId);
      // 256 random bits: nothing to guess, but every miss still counts against the address.
      const wait = slowDownMs(await deps.limiter.peek(loginKeys.address(ctx.ip)), addressSlowAfter);
      if (wait > 0) await sleep(wait);
      const found = await deps.repo.findCode('biometric', idHash);
      const live =
        found &&
        !found.cancelledAt &&
        !found.usedAt &&
        found.expiresAt.getTime() > now().getTime() &&
        (await deps.repo.findById(found.accountId));
      if (!found || !live || live.disabledAt) {
        await deps.limiter.hit(loginKeys.address(ctx.ip), windowSeconds);
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

    async loginLocked(accountId, where) {
      const account = await deps.repo.findById(accountId);
      if (!account) return false;
      const loginIdHash = createHash('sha256').update(account.loginId).digest('hex');
      const counts = await Promise.all([
        ...where.addresses.map((ip) => deps.limiter.peek(loginKeys.pair(loginIdHash, ip))),
        ...where.deviceHashes.map((hash) => deps.limiter.peek(loginKeys.device(accountId, hash))),
      ]);
      return counts.some((count) => count >= maxFailures);
    },

    async unlockLogin(accountId, where) {
      const account = await deps.repo.findById(accountId);
      if (!account) return;
      const loginIdHash = createHash('sha256').update(account.loginId).digest('hex');
      await Promise.all([
        deps.limiter.reset(loginKeys.account(loginIdHash)),
        ...where.addresses.map((ip) => deps.limiter.reset(loginKeys.pair(loginIdHash, ip))),
        ...where.deviceHashes.map((hash) => deps.limiter.reset(loginKeys.device(accountId, hash))),
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
