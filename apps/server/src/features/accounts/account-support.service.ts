import type { Caller } from '../../platform/actor';
import type { SessionsService } from '../../platform/sessions/sessions.service';
import type { AccountSearch, AccountSupportRepo } from './account-support.repo';
import type { AccountsRepo, PersonRecord } from './accounts.repo';
import type { AccountsService, LoginPlaces } from './accounts.service';
import type { PasswordsService } from './passwords.service';

/** An account as the back office's account page reads it (never its password hash). */
export interface AccountSupportFacts {
  id: string;
  loginId: string;
  role: string;
  language: string;
  twoFactor: string;
  createdAt: Date;
  disabledAt: Date | null;
  persons: PersonRecord[];
  consents: { document: string; version: string; acceptedAt: Date }[];
  /** Known devices' token hashes (where login failures are counted); never shown. */
  deviceHashes: string[];
}

/**
 * What the back office's People and support area (issue 35) asks of accounts, through the
 * port. It checks who may ask and audits; these only read and change.
 */
export interface AccountSupport {
  searchAccounts(
    query: AccountSearch,
    limit: number,
    offset: number,
  ): ReturnType<AccountSupportRepo['search']>;
  supportFacts(accountId: string): Promise<AccountSupportFacts | undefined>;
  loginLocked(accountId: string, where: LoginPlaces): Promise<boolean>;
  unlockLogin(accountId: string, where: LoginPlaces): Promise<void>;
  /** Disables the account (it cannot log in) and ends its sessions; or re-enables it. */
  setAccountDisabled(
    accountId: string,
    disabled: { at: Date; reason: string } | null,
  ): Promise<void>;
  endAllSessions(accountId: string, reason: string): Promise<void>;
  /**
   * Turns two-factor login off (the owner lost the phone or the mailbox its codes go to) and
   * cancels any open code; the owner turns it on again in their settings.
   */
  resetTwoFactor(accountId: string, at: Date): Promise<void>;
  /** The password-help mail (and text) the owner would get by asking for it themselves. */
  sendResetLink(loginId: string, caller: Caller): Promise<void>;
}

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
