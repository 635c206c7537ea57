import type { RegisterRequest } from '@apothecall/domain/accounts/accounts.api';
import { passwordSchema } from '@apothecall/domain/accounts/credentials.rules';
import { splitName } from '@apothecall/domain/accounts/people.rules';
import { registerProfileSchema } from '@apothecall/domain/accounts/profile.schemas';
import { translate } from '@apothecall/domain/i18n/catalog';
import type { AuditService } from '../../platform/audit.service';
import { parseWith } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import { calendarDateIn } from '../../platform/time';
import type { AccountsRepo } from './accounts.repo';
import type { RequestContext } from './accounts.service';
import { normalizeLoginId } from './accounts.service';

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
      const password = parseWith(
        passwordSchema,
        input.credentials.password,
        'credentials.password',
      );
      const passwordHash = await deps.hasher.hash(password);
      const loginId = normalizeLoginId(profile.email);
      const brand = await ctx.brand();
      const params = { brand: brand.name };
      const existing = await deps.repo.findByLoginId(loginId);
      if (existing) {
        await deps.mailer.send({
          to: loginId,
          subject: translate(ctx.lang, 'accounts.mail.exists.subject', params),
          text: translate(ctx.lang, 'accounts.mail.exists.body', params),
        });
        await deps.audit.failed(
          { ip: ctx.ip, requestId: ctx.requestId },
          'account.register',
          { accountId: existing.id },
          { reason: 'duplicate-email' },
        );
        return;
      }
      const [firstName = '', lastName = ''] = splitName(profile.name);
      const referredBy = input.referral ? (await deps.referral(input.referral))?.code : undefined;
      const accountId = await deps.repo.createAccount({
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
          phone: profile.phone,
          address: profile.address,
          state: profile.state,
          zipCode: profile.zipCode,
          country: String(profile.country),
        },
      });
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
