import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { AccountSupportRepo } from './account-support.repo';
import type { AccountSupport } from './accounts.port';
import type { AccountsRepo } from './accounts.repo';
import type { AccountsService } from './accounts.service';
import type { PasswordsService } from './passwords.service';

export type { AccountSupport, AccountSupportFacts } from './accounts.port';

export function createAccountSupport(deps: {
  repo: AccountsRepo;
  supportRepo: AccountSupportRepo;
  accounts: Pick<AccountsService, 'loginLocked' | 'unlockLogin'>;
  passwords: Pick<PasswordsService, 'requestReset'>;
  sessions: Pick<SessionsService, 'revokeAllForAccount'>;
}): AccountSupport {
  return {
    searchAccounts: (query, limit, offset) => deps.supportRepo.search(query, limit, offset),
    async supportFacts(accountId) {
      const account = await deps.repo.findById(accountId);
      if (!account) return undefined;
      const [persons, consents, deviceHashes, createdAt] = await Promise.all([
        deps.repo.listPersons(accountId),
        deps.repo.listConsents(accountId),
        deps.supportRepo.deviceHashes(accountId),
        deps.supportRepo.createdAt(accountId),
      ]);
      return {
        id: account.id,
        loginId: account.loginId,
        role: account.role,
        language: account.language,
        twoFactor: account.twoFactor,
        createdAt: createdAt ?? new Date(0),
        disabledAt: account.disabledAt,
        persons,
        consents,
        deviceHashes,
      };
    },
    loginLocked: (accountId, where) => deps.accounts.loginLocked(accountId, where),
    unlockLogin: (accountId, where) => deps.accounts.unlockLogin(accountId, where),
    async setAccountDisabled(accountId, disabled) {
      await deps.supportRepo.setDisabled(accountId, disabled);
      if (disabled) await deps.sessions.revokeAllForAccount(accountId, 'account-disabled');
    },
    endAllSessions: (accountId, reason) => deps.sessions.revokeAllForAccount(accountId, reason),
    async resetTwoFactor(accountId, at) {
      await deps.repo.setSettings(accountId, { twoFactor: 'off' });
      await deps.repo.cancelOpenCodes(accountId, 'tfa', at);
    },
    sendResetLink: (loginId, caller) => deps.passwords.requestReset(loginId, caller),
  };
}
