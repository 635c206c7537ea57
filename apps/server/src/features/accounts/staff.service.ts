import { randomBytes } from 'node:crypto';
import type { AuditService } from '../../platform/audit.service';
import { hashCode, newResetCode } from '../../platform/codes';
import type { Mailer } from '../../platform/mail.service';
import type { PasswordHasher } from '../../platform/passwords';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import { isUniqueViolation } from '../../platform/unique-violation';
import type { StaffService } from './accounts.port';
import type { AccountsRepo } from './accounts.repo';
import { normalizeLoginId } from './accounts.service';

export type {
  ServiceAccountInput,
  StaffInvite,
  StaffInviteOutcome,
  StaffService,
} from './accounts.port';

/** How long an invitation's set-your-password link works. */
export const inviteDays = 7;

/**
 * Staff accounts have no date of birth of their own: the holder row (every account has one)
 * carries this placeholder, and no screen of a staff role shows it.
 */
export const staffDobPlaceholder = '1900-01-01';

export function createStaffService(deps: {
  repo: AccountsRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}): StaffService {
  const now = deps.now ?? (() => new Date());
  return {
    async inviteStaff(actor, invite) {
      const loginId = normalizeLoginId(invite.email);
      const existing = await deps.repo.findByLoginId(loginId);
      if (
        existing &&
        (existing.organizationId !== invite.organizationId || existing.role !== invite.role)
      ) {
        await deps.audit.denied(
          actor,
          'staff.invite',
          { accountId: existing.id },
          {
            reason: 'exists',
          },
        );
        return { ok: false, reason: 'exists' };
      }
      let accountId = existing?.id;
      if (!accountId) {
        // A password nobody knows until the invitee chooses one through the link.
        const unusable = await deps.hasher.hash(randomBytes(32).toString('base64url'));
        accountId = await deps.repo
          .createAccount({
            brandId: invite.brandId,
            loginId,
            passwordHash: unusable,
            holder: {
              relation: 'self',
              firstName: invite.firstName,
              lastName: invite.lastName,
              dob: staffDobPlaceholder,
              gender: 'U',
              email: loginId,
              phone: null,
              address: null,
              state: null,
              zipCode: null,
              country: '1',
            },
          })
          .catch((error: unknown) => {
            // The same invite sent at the same moment (a double-click) created the login first:
            // that request invites and mails; this one is told the invite exists.
            if (isUniqueViolation(error)) return undefined;
            throw error;
          });
        if (!accountId) {
          await deps.audit.denied(actor, 'staff.invite', null, { reason: 'sending' });
          return { ok: false, reason: 'sending' };
        }
      }
      await deps.repo.setStaff(accountId, {
        role: invite.role,
        organizationType: invite.organizationType,
        organizationId: invite.organizationId,
        language: invite.language,
      });
      const code = newResetCode();
      const at = now();
      await deps.repo.cancelOpenCodes(accountId, 'reset', at);
      await deps.repo.insertCode({
        accountId,
        purpose: 'reset',
        codeHash: hashCode(code),
        channel: null,
        expiresAt: new Date(at.getTime() + inviteDays * 86_400_000),
      });
      const mail = invite.mail(`${deps.publicUrl}/#/resetpw/${code}`);
      await deps.mailer.send({ to: loginId, subject: mail.subject, text: mail.text });
      await deps.audit.record(
        actor,
        'staff.invite',
        { accountId },
        {
          role: invite.role,
          organizationId: invite.organizationId,
          created: !existing,
        },
      );
      return { ok: true, accountId, created: !existing };
    },

    async serviceAccount(origin, input) {
      const owned = (found: { organizationId: string | null } | undefined) =>
        found && (found.organizationId === null || found.organizationId === input.organizationId);
      const existing = await deps.repo.findByLoginId(input.loginId);
      if (existing) {
        if (!owned(existing)) throw new Error('a service login id belongs to another account');
        return existing.id;
      }
      const unusable = await deps.hasher.hash(randomBytes(32).toString('base64url'));
      let accountId: string;
      try {
        accountId = await deps.repo.createAccount({
          brandId: input.brandId,
          loginId: input.loginId,
          passwordHash: unusable,
          holder: {
            relation: 'self',
            firstName: input.name.slice(0, 100) || input.organizationId,
            lastName: '',
            dob: staffDobPlaceholder,
            gender: 'U',
            email: null,
            phone: null,
            address: null,
            state: null,
            zipCode: null,
            country: '1',
          },
        });
      } catch (error) {
        // Created at the same moment by another message: use that one.
        const raced = await deps.repo.findByLoginId(input.loginId);
        if (raced && owned(raced)) return raced.id;
        throw error;
      }
      await deps.repo.setStaff(accountId, {
        role: input.role,
        organizationType: input.organizationType,
        organizationId: input.organizationId,
        language: 'en',
      });
      await deps.repo.disable(accountId, 'service account', now());
      await deps.audit.record(
        { ...origin, accountId: null },
        'account.serviceCreate',
        { accountId },
        { role: input.role, organizationId: input.organizationId },
      );
      return accountId;
    },

    async disableStaff(actor, accountId, reason) {
      await deps.repo.disable(accountId, reason, now());
      await deps.sessions.revokeAllForAccount(accountId, reason);
      await deps.audit.record(actor, 'staff.disable', { accountId }, { reason });
    },

    async enableStaff(actor, accountId) {
      await deps.repo.enable(accountId);
      await deps.audit.record(actor, 'staff.enable', { accountId }, {});
    },
  };
}
