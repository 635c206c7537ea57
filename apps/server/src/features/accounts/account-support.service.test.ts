import { describe, expect, it } from 'vitest';
import type { AccountSupportRepo } from './account-support.repo';
import { createAccountSupport } from './account-support.service';
import type { AccountsRepo } from './accounts.repo';

/**
 * The back office's support actions on an account, on fakes: the facts are
 * the account, its people, consents, devices and age; disabling ends every session at once and
 * enabling ends none; a two-factor reset turns it off and cancels the open code.
 */
function setUp() {
  const calls: string[] = [];
  const repo = {
    findById: async (id: string) =>
      id === 'a1'
        ? {
            id: 'a1',
            loginId: 'ana@example.test',
            role: 'patient',
            language: 'es',
            twoFactor: 'email',
            disabledAt: null,
          }
        : undefined,
    listPersons: async () => [{ id: 'p1', firstName: 'Ana' }],
    listConsents: async () => [{ document: 'terms', version: '3', acceptedAt: new Date(1) }],
    setSettings: async (id: string, settings: object) => {
      calls.push(`settings ${id} ${JSON.stringify(settings)}`);
    },
    cancelOpenCodes: async (id: string, kind: string) => {
      calls.push(`cancel ${id} ${kind}`);
    },
  } as unknown as AccountsRepo;
  const supportRepo: AccountSupportRepo = {
    search: async () => [],
    deviceHashes: async () => ['h1'],
    setDisabled: async (id, disabled) => {
      calls.push(`disabled ${id} ${disabled ? disabled.reason : 'none'}`);
    },
    createdAt: async () => new Date('2026-01-02T00:00:00Z'),
  };
  const support = createAccountSupport({
    repo,
    supportRepo,
    accounts: { loginLocked: async () => false, unlockLogin: async () => undefined },
    passwords: {
      requestReset: async (loginId: string) => {
        calls.push(`reset ${loginId}`);
      },
    } as never,
    sessions: {
      revokeAllForAccount: async (id: string, reason: string) => {
        calls.push(`revoke ${id} ${reason}`);
        return 0;
      },
    } as never,
  });
  return { support, calls };
}

describe('account support', () => {
  it("gathers an account's facts, and none for an unknown account", async () => {
    const { support } = setUp();
    expect(await support.supportFacts('a1')).toMatchObject({
      id: 'a1',
      loginId: 'ana@example.test',
      language: 'es',
      twoFactor: 'email',
      createdAt: new Date('2026-01-02T00:00:00Z'),
      persons: [{ id: 'p1' }],
      consents: [{ document: 'terms', version: '3' }],
      deviceHashes: ['h1'],
    });
    expect(await support.supportFacts('nobody')).toBeUndefined();
  });

  it('ends every session when it disables an account, none when it enables one', async () => {
    const { support, calls } = setUp();
    await support.setAccountDisabled('a1', { at: new Date(), reason: 'fraud' });
    await support.setAccountDisabled('a1', null);
    expect(calls).toEqual(['disabled a1 fraud', 'revoke a1 account-disabled', 'disabled a1 none']);
  });

  it('turns two-factor login off and cancels its open code; sends the reset link', async () => {
    const { support, calls } = setUp();
    await support.resetTwoFactor('a1', new Date());
    await support.sendResetLink('ana@example.test', {} as never);
    expect(calls).toEqual([
      'settings a1 {"twoFactor":"off"}',
      'cancel a1 tfa',
      'reset ana@example.test',
    ]);
  });
});
