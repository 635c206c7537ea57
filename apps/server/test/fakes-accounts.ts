import { randomUUID } from 'node:crypto';
import type {
  AccountRecord,
  AccountsRepo,
  PersonRecord,
} from '../src/features/accounts/accounts.repo';
import type { CodesRepo } from '../src/features/accounts/codes.repo';
import type { MailMessage } from '../src/platform/mail.service';
import type { SessionProof } from '../src/platform/sessions/sessions.repo';
import type { SessionsService } from '../src/platform/sessions/sessions.service';
import { only } from './fakes';

/**
 * Fakes of the accounts area's tables for its services' unit tests: an account and its holder
 * as the repo returns them, the one-time codes table in memory with the real repo's conditions,
 * and a repo answering only the methods a test hands it.
 */

/** A patient's login with two-factor off; its password is `passwordHash` (see plainHasher). */
export function anAccount(
  overrides: Partial<AccountRecord & { passwordHash: string }> = {},
): AccountRecord & { passwordHash: string } {
  return {
    id: randomUUID(),
    brandId: 'apothecall',
    loginId: 'nora@example.test',
    passwordHash: 'Right-Pass-42',
    role: 'patient',
    organizationType: null,
    organizationId: null,
    permissions: [],
    passwordExpiresAt: null,
    disabledAt: null,
    twoFactor: 'off',
    notifications: true,
    language: 'en',
    autoLogoff: true,
    ...overrides,
  };
}

/** The account's holder person (same id as the account). */
export function aHolder(account: Pick<AccountRecord, 'id' | 'loginId'>): PersonRecord {
  return {
    id: account.id,
    accountId: account.id,
    relation: 'self',
    firstName: 'Nora',
    lastName: 'Quinn',
    dob: '1990-03-14',
    gender: 'F',
    email: account.loginId,
    phone: null,
    address: null,
    state: null,
    zipCode: null,
    country: '1',
    consultLocation: null,
    validAsyncState: false,
  };
}

/** A hasher whose stored hash is the password itself: a test reads what it checks. */
export const plainHasher = {
  verify: async (stored: string, password: string) => stored === password,
  verifyDummy: async () => undefined,
  hash: async (password: string) => password,
};

export interface CodeRow {
  id: string;
  accountId: string;
  purpose: string;
  codeHash: string;
  channel: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  cancelledAt: Date | null;
  lastUsedAt: Date | null;
  createdAt: Date;
}

/** The one-time codes table in memory, with the conditions of codes.repo.ts. */
export function memoryCodes(now: () => Date) {
  const rows: CodeRow[] = [];
  const open = (r: CodeRow) => !r.usedAt && !r.cancelledAt;
  const view = (r: CodeRow) => ({
    id: r.id,
    channel: r.channel,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
    expiresAt: r.expiresAt,
  });
  const newestFirst = (a: CodeRow, b: CodeRow) => b.createdAt.getTime() - a.createdAt.getTime();
  const repo: Omit<CodesRepo, 'pruneCodes'> = {
    async insertCode(input) {
      rows.push({
        ...input,
        id: randomUUID(),
        usedAt: null,
        cancelledAt: null,
        lastUsedAt: null,
        createdAt: now(),
      });
    },
    async findCode(purpose, codeHash, accountId) {
      const found = rows
        .filter((r) => r.purpose === purpose && r.codeHash === codeHash)
        .filter((r) => !accountId || (r.accountId === accountId && open(r)))
        .sort(newestFirst)[0];
      return found && { ...found };
    },
    async useCode(id, at) {
      const row = rows.find((r) => r.id === id && open(r) && r.expiresAt > at);
      if (!row) return false;
      row.usedAt = at;
      return true;
    },
    async cancelCode(id, at) {
      const row = rows.find((r) => r.id === id && !r.cancelledAt);
      if (row) row.cancelledAt = at;
    },
    async cancelOpenCodes(accountId, purpose, at) {
      for (const row of rows) {
        if (row.accountId === accountId && row.purpose === purpose && open(row)) {
          row.cancelledAt = at;
        }
      }
    },
    async listOpenCodes(accountId, purpose, at) {
      return rows
        .filter((r) => r.accountId === accountId && r.purpose === purpose && open(r))
        .filter((r) => r.expiresAt > at)
        .sort(newestFirst)
        .map(view);
    },
    async findOpenCodeById(accountId, purpose, id) {
      const row = rows.find(
        (r) => r.id === id && r.accountId === accountId && r.purpose === purpose && open(r),
      );
      return row && view(row);
    },
    async touchCode(id, at) {
      const row = rows.find((r) => r.id === id);
      if (row) row.lastUsedAt = at;
    },
    async retireOldestCodes(accountId, purpose, keep, at) {
      const older = rows
        .filter((r) => r.accountId === accountId && r.purpose === purpose && open(r))
        .sort(newestFirst)
        .slice(keep);
      for (const row of older) row.cancelledAt = at;
    },
  };
  return { repo, rows };
}

/** A repo answering only the given methods: any other call fails the test by name. */
export function accountsRepoOf(methods: Partial<AccountsRepo>): AccountsRepo {
  return only<AccountsRepo>(methods, 'accounts repo');
}

/** A mailer and an SMS sender that keep what they were asked to send. */
export function recordingMessages() {
  const mails: MailMessage[] = [];
  const texts: { to: string; body: string }[] = [];
  return {
    mails,
    texts,
    mailer: {
      async send(message: MailMessage) {
        mails.push(message);
      },
      deliver: async () => undefined,
      close: () => undefined,
    },
    sms: {
      async send(to: string, body: string) {
        texts.push({ to, body });
      },
      deliver: async () => undefined,
    },
  };
}

/**
 * Sessions kept in memory: made with the platform and the password proof they were opened
 * with, revoked with a reason. Any other call fails the test by name.
 */
export function recordingSessions(now: () => Date) {
  const made: {
    sessionId: string;
    accountId: string;
    platform: string;
    passwordProven: boolean;
  }[] = [];
  const revoked: { sessionId: string; reason: string }[] = [];
  const proofs = new Map<string, SessionProof>();
  const methods: Partial<SessionsService> = {
    async create(accountId, client) {
      const sessionId = randomUUID();
      const passwordProven = client.passwordProven ?? false;
      made.push({ sessionId, accountId, platform: client.platform, passwordProven });
      proofs.set(sessionId, {
        platform: client.platform,
        passwordProvenAt: passwordProven ? now() : null,
      });
      return { token: `token-${sessionId}`, sessionId, expiresAt: now() };
    },
    async revoke(sessionId, reason) {
      revoked.push({ sessionId, reason });
    },
    proofOf: async (sessionId) => proofs.get(sessionId),
    async passwordProven(sessionId) {
      const proof = proofs.get(sessionId);
      if (proof) proof.passwordProvenAt = now();
    },
  };
  const sessions = only<SessionsService>(methods, 'sessions');
  return { sessions, made, revoked, proofs };
}
