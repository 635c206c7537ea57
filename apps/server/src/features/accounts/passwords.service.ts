import { passwordSchema } from '@apothecall/domain/accounts/credentials.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { isLang, type Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { RequestOrigin } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newResetCode } from '../../platform/codes';
import { appErrors, parseWith } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { SmsSender } from '../../platform/sms.service';
import type { AccountsRepo } from './accounts.repo';
import { normalizeLoginId, type RequestContext } from './accounts.service';

export const resetCodeMinutes = 60;

export interface PasswordsService {
  requestReset(email: string, ctx: RequestContext): Promise<void>;
  verifyReset(code: string): Promise<void>;
  cancelReset(code: string, origin: RequestOrigin): Promise<void>;
  saveReset(code: string, password: string, origin: RequestOrigin): Promise<void>;
  change(
    session: { accountId: string; sessionId: string },
    oldPassword: string,
    newPassword: string,
    origin: RequestOrigin,
  ): Promise<void>;
}

/**
 * Password help (spec sections 2, 7, 8): a reset link by e-mail and by SMS to the phone on
 * file; single-use codes that expire after an hour and can be cancelled; saving a new password
 * ends every session of the account. Changing the password ends the account's other sessions.
 */
export function createPasswordsService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  /** Limits reset requests per target and per address, so nobody can flood a patient's phone. */
  limiter: RateLimiter;
  now?: () => Date;
}): PasswordsService {
  const now = deps.now ?? (() => new Date());

  async function usableCode(code: string) {
    const found = await deps.repo.findCode('reset', hashCode(code));
    const at = now();
    if (!found || found.usedAt || found.cancelledAt || found.expiresAt.getTime() <= at.getTime()) {
      throw appErrors.resetInvalid();
    }
    return found;
  }

  return {
    async requestReset(email, ctx) {
      const loginId = normalizeLoginId(email);
      const [perTarget, perAddress] = await Promise.all([
        deps.limiter.hit(`reset:target:${hashCode(loginId)}`, 3600),
        deps.limiter.hit(`reset:ip:${ctx.ip}`, 3600),
      ]);
      if (perTarget > 5 || perAddress > 30) {
        // Same answer as always; nothing more is sent for the hour.
        await deps.audit.denied(
          { ip: ctx.ip, requestId: ctx.requestId },
          'password.reset.request',
          null,
          { reason: 'rate-limited' },
        );
        return;
      }
      const account = await deps.repo.findByLoginId(loginId);
      await deps.audit.as(account && !account.disabledAt ? 'success' : 'failure')(
        { ip: ctx.ip, requestId: ctx.requestId },
        'password.reset.request',
        { accountId: account?.id },
      );
      if (!account || account.disabledAt) return;
      const code = newResetCode();
      const at = now();
      await deps.repo.cancelOpenCodes(account.id, 'reset', at);
      await deps.repo.insertCode({
        accountId: account.id,
        purpose: 'reset',
        codeHash: hashCode(code),
        channel: null,
        expiresAt: new Date(at.getTime() + resetCodeMinutes * 60_000),
      });
      const lang: Lang = isLang(account.language) ? account.language : ctx.lang;
      const params = {
        brand: (await ctx.brand()).name,
        link: `${deps.publicUrl}/#/resetpw/${code}`,
      };
      const [holder] = await deps.repo.listPersons(account.id);
      await deps.mailer.send({
        // Security mail goes to the login id, which only a password-checked flow can change.
        to: account.loginId,
        subject: translate(lang, 'accounts.mail.reset.subject', params),
        text: translate(lang, 'accounts.mail.reset.body', params),
      });
      if (holder?.phone)
        await deps.sms.send(holder.phone, translate(lang, 'accounts.sms.reset', params));
    },

    async verifyReset(code) {
      await usableCode(code);
    },

    async cancelReset(code, origin) {
      const found = await deps.repo.findCode('reset', hashCode(code));
      if (!found) return;
      await deps.repo.cancelCode(found.id, now());
      await deps.audit.record(
        { ip: origin.ip, requestId: origin.requestId },
        'password.reset.cancel',
        { accountId: found.accountId },
      );
    },

    async saveReset(code, password, origin) {
      const checked = parseWith(passwordSchema, password, 'password');
      const found = await usableCode(code);
      const hash = await deps.hasher.hash(checked);
      // Single use, even when two requests race: only one marks the code used.
      if (!(await deps.repo.useCode(found.id, now()))) throw appErrors.resetInvalid();
      await deps.repo.setPassword(found.accountId, hash, now());
      await deps.sessions.revokeAllForAccount(found.accountId, 'password-reset');
      // A new password ends every biometric login too (a lost phone's key stops working).
      await deps.repo.cancelOpenCodes(found.accountId, 'biometric', now());
      await deps.audit.record({ ip: origin.ip, requestId: origin.requestId }, 'password.reset', {
        accountId: found.accountId,
      });
    },

    async change(session, oldPassword, newPassword, origin) {
      const account = await deps.repo.findById(session.accountId);
      const passwordHash = await deps.repo.passwordHashOf(session.accountId);
      if (!account || passwordHash === undefined) throw appErrors.notFound();
      if (!(await deps.hasher.verify(passwordHash, oldPassword))) {
        await deps.audit.failed(
          { ...origin, accountId: account.id },
          'password.change',
          { accountId: account.id },
          { reason: 'wrong-current-password' },
        );
        throw appErrors.wrongPassword();
      }
      const checked = parseWith(passwordSchema, newPassword, 'newPassword');
      await deps.repo.setPassword(account.id, await deps.hasher.hash(checked), now());
      await deps.sessions.revokeAllForAccount(account.id, 'password-change', session.sessionId);
      await deps.repo.cancelOpenCodes(account.id, 'biometric', now());
      await deps.audit.record({ ...origin, accountId: account.id }, 'password.change', {
        accountId: account.id,
      });
    },
  };
}
