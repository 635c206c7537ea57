import { createHash } from 'node:crypto';
import type { RegisterRequest } from '@apothecall/domain/accounts/accounts.api';
import { passwordSchema } from '@apothecall/domain/accounts/credentials.rules';
import { splitName } from '@apothecall/domain/accounts/people.rules';
import { registerProfileSchema } from '@apothecall/domain/accounts/profile.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { AuditService } from '../../platform/audit.service';
import { parseWith } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import { phoneToStore } from '../../platform/phone-numbers';
import type { RateLimiter } from '../../platform/rate-limit';
import { calendarDateIn } from '../../platform/time';
import { isUniqueViolation } from '../../platform/unique-violation';
import type { AccountsRepo } from './accounts.repo';
import type { RequestContext } from './accounts.service';
import { normalizeLoginId } from './accounts.service';

/**
 * Registering with an address that has an account mails its owner at most this many times a
 * day: a stranger cannot flood someone's inbox through the form. The answer to the
 * form stays the same either way.
 */
export const existsMailsPerWindow = 3;
const existsMailWindowSeconds = 24 * 3600;

export interface RegistrationService {
  register(input: RegisterRequest, ctx: RequestContext): Promise<void>;
}

/**
 * Registration of an adult account holder (spec sections 1, 5, 9): 18-110 by default (the
 * minimum from configuration), a US address, the password rules. The answer is the same when
 * the e-mail already has an account; its owner is told by e-mail instead, so the form cannot be
 * used to learn who is a patient here. The password is hashed before the existence check so
 * both paths take the same time.
 */
export function createRegistrationService(deps: {
  repo: AccountsRepo;
  /** A referral code as stored, when it exists (the brands area owns the codes). */
  referral: (code: string) => Promise<{ code: string } | undefined>;
  hasher: PasswordHasher;
  audit: AuditService;
  mailer: Mailer;
  /** Counts "this address already has an account" mails per address. */
  limiter: RateLimiter;
  minRegistrationAge: number;
  now?: () => Date;
}): RegistrationService {
  const now = deps.now ?? (() => new Date());
  return {
    async register(input, ctx) {
      const today = calendarDateIn(now(), ctx.timeZone);
      const profile = parseWith(
        registerProfileSchema({ today, minRegistrationAge: deps.minRegistrationAge }),
        input.profile,
        'profile',
      );
      const phone = phoneToStore(profile.phone, 'profile.phone');
      const password = parseWith(
        passwordSchema,
        input.credentials.password,
        'credentials.password',
      );
      const passwordHash = await deps.hasher.hash(password);
      const loginId = normalizeLoginId(profile.email);
      const brand = await ctx.brand();
      const params = { brand: brand.name };
      /** The address has an account: its owner is told (a few times a day at most). */
      const alreadyRegistered = async (accountId: string) => {
        const addressKey = `register-exists:${createHash('sha256').update(loginId).digest('hex')}`;
        const told = await deps.limiter.hit(addressKey, existsMailWindowSeconds);
        if (told <= existsMailsPerWindow) {
          await deps.mailer.send({
            to: loginId,
            subject: translate(ctx.lang, 'accounts.mail.exists.subject', params),
            text: translate(ctx.lang, 'accounts.mail.exists.body', params),
          });
        }
        await deps.audit.failed(
          { ip: ctx.ip, requestId: ctx.requestId },
          'account.register',
          { accountId },
          {
            reason: told <= existsMailsPerWindow ? 'duplicate-email' : 'duplicate-email-not-mailed',
          },
        );
      };
      const existing = await deps.repo.findByLoginId(loginId);
      if (existing) return alreadyRegistered(existing.id);
      const [firstName = '', lastName = ''] = splitName(profile.name);
      const referredBy = input.referral ? (await deps.referral(input.referral))?.code : undefined;
      const accountId = await deps.repo
        .createAccount({
          brandId: (await ctx.brand()).id,
          referredBy: referredBy ?? null,
          loginId,
          passwordHash,
          holder: {
            relation: 'self',
            firstName,
            lastName,
            dob: profile.dob,
            gender: profile.gender,
            email: loginId,
            phone,
            address: profile.address,
            state: profile.state,
            zipCode: profile.zipCode,
            country: String(profile.country),
          },
        })
        .catch((error: unknown) => {
          // The same address registered at the same moment (a double-click): the same answer.
          if (isUniqueViolation(error)) return undefined;
          throw error;
        });
      if (!accountId) {
        const raced = await deps.repo.findByLoginId(loginId);
        if (raced) await alreadyRegistered(raced.id);
        return;
      }
      await deps.audit.record(
        { ...ctx, accountId: accountId },
        'account.register',
        { accountId: accountId, personId: accountId },
        { referral: input.referral ?? null },
      );
      await deps.mailer.send({
        to: loginId,
        subject: translate(ctx.lang, 'accounts.mail.welcome.subject', params),
        text: translate(ctx.lang, 'accounts.mail.welcome.body', params),
      });
    },
  };
}
