import {
  type authIdEnrolRequestSchema,
  type DeviceCredential,
  nativePlatforms,
} from '@apothecall/domain/accounts/accounts.api';
import { passwordProofFresh } from '@apothecall/domain/accounts/credentials.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { z } from 'zod';
import type { Caller, RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newResetCode } from '../../platform/codes';
import { AppError, appErrors } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { AccountsRepo } from './accounts.repo';
import { loginKeys } from './login-steps';

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

/**
 * A biometric login's device credential lasts this long from when it was turned on; then the
 * app asks for the password once and offers biometric login again.
 */
export const authIdDays = 180;
/** Devices with biometric login on, per account; turning on one more retires the oldest. */
export const authIdsPerAccount = 5;

/** Biometric login's devices: turning it on for this device, the list, and turning it off. */
export interface DevicesService {
  /**
   * Turns biometric login on for the calling device: a new credential, answered once. Only a
   * native app's session with a password proven in the last few minutes (or `password` now);
   * the account's login id is told by e-mail.
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
}

/**
 * The account's devices with biometric login on: a native app's session turns it on
 * with a fresh password proof and the owner is told by e-mail; the list and the revocations
 * reach only the account's own credentials (404 otherwise). The login with a credential is
 * accounts.service.ts's.
 */
export function createDevicesService(deps: {
  repo: Pick<
    AccountsRepo,
    | 'passwordHashOf'
    | 'findById'
    | 'insertCode'
    | 'retireOldestCodes'
    | 'findCode'
    | 'cancelCode'
    | 'listOpenCodes'
    | 'findOpenCodeById'
  >;
  hasher: Pick<PasswordHasher, 'verify'>;
  sessions: Pick<SessionsService, 'proofOf' | 'passwordProven'>;
  audit: Pick<AuditService, 'record' | 'denied' | 'failed'>;
  limiter: Pick<RateLimiter, 'hit' | 'reset'>;
  loginLimit: { maxFailures: number; windowSeconds: number };
  mailer: Pick<Mailer, 'send'>;
  now: () => Date;
}): DevicesService {
  const { now } = deps;
  const { maxFailures, windowSeconds } = deps.loginLimit;

  return {
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
        const gate = loginKeys.reauth(session.accountId);
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
  };
}
