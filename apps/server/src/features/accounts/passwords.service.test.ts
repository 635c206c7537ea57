import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import {
  accountsRepoOf,
  aHolder,
  anAccount,
  memoryCodes,
  plainHasher,
  recordingMessages,
} from '../../../test/fakes-accounts';
import { hashCode } from '../../platform/codes';
import { SchemaError } from '../../platform/errors';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { AccountRecord } from './accounts.repo';
import { createPasswordsService, resetCodeMinutes } from './passwords.service';

/**
 * Password help, on fakes: a reset link goes by mail (and SMS to the holder's phone) only to a
 * live account, its code stored as a hash; a code works once, expires, can be cancelled; a
 * saved or changed password ends the sessions and the biometric logins; requests are limited.
 */
function setUp(overrides: Partial<AccountRecord> = {}) {
  const clock = fakeClock();
  const account = anAccount({ language: 'es', ...overrides });
  const holder = { ...aHolder(account), phone: '+13055550100' };
  const codes = memoryCodes(clock.now);
  const passwords: string[] = [];
  const revoked: string[] = [];
  const audit = recordingAudit();
  const messages = recordingMessages();
  const service = createPasswordsService({
    repo: accountsRepoOf({
      ...codes.repo,
      findByLoginId: async (loginId) => (loginId === account.loginId ? account : undefined),
      findById: async (id) => (id === account.id ? account : undefined),
      passwordHashOf: async (id) => (id === account.id ? account.passwordHash : undefined),
      listPersons: async () => [holder],
      setPassword: async (id, hash) => {
        passwords.push(`${id} ${hash}`);
      },
    }),
    hasher: plainHasher as never,
    sessions: {
      revokeAllForAccount: async (id: string, reason: string, except?: string) => {
        revoked.push([id, reason, except].filter(Boolean).join(' '));
        return 1;
      },
    } as never,
    audit,
    mailer: messages.mailer as never,
    sms: messages.sms as never,
    publicUrl: 'https://app.example.test',
    limiter: memoryRateLimiter(() => clock.now().getTime()),
    now: clock.now,
  });
  const ctx = (ip = '198.51.100.4') => ({ ...fakeActor(account.id, { ip }), accountId: undefined });
  const origin = { ip: '198.51.100.4', requestId: 'req-1' };
  const linkCode = (i = 0) => /resetpw\/(\S+)/.exec(messages.mails[i]?.text ?? '')?.[1] ?? '';
  return {
    service,
    account,
    codes,
    passwords,
    revoked,
    audit,
    messages,
    clock,
    ctx,
    origin,
    linkCode,
  };
}

describe('passwords service', () => {
  it("mails a reset link in the account's language and texts the holder's phone, keeping only its hash", async () => {
    const { service, account, codes, messages, audit, ctx, linkCode } = setUp();
    await service.requestReset(' NORA@example.test ', ctx());
    expect(messages.mails).toHaveLength(1);
    expect(messages.mails[0]?.to).toBe(account.loginId);
    expect(messages.mails[0]?.text).toContain('https://app.example.test/#/resetpw/');
    expect(messages.texts.map((t) => t.to)).toEqual(['+13055550100']);
    const code = linkCode();
    expect(codes.rows).toEqual([
      expect.objectContaining({
        accountId: account.id,
        purpose: 'reset',
        codeHash: hashCode(code),
      }),
    ]);
    expect(codes.rows[0]?.expiresAt.getTime()).toBe(
      codes.rows[0]!.createdAt.getTime() + resetCodeMinutes * 60_000,
    );
    expect(audit.rows.map((r) => [r.outcome, r.action, r.subject])).toEqual([
      ['success', 'password.reset.request', { accountId: account.id }],
    ]);
  });

  it('sends nothing for an unknown or disabled login, audited as a failure', async () => {
    const unknown = setUp();
    await unknown.service.requestReset('someone@example.test', unknown.ctx());
    const disabled = setUp({ disabledAt: new Date('2026-01-01') });
    await disabled.service.requestReset(disabled.account.loginId, disabled.ctx());
    for (const { messages, codes, audit } of [unknown, disabled]) {
      expect(messages.mails).toEqual([]);
      expect(messages.texts).toEqual([]);
      expect(codes.rows).toEqual([]);
      expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
        ['failure', 'password.reset.request'],
      ]);
    }
  });

  it('sends at most five links an hour to one login, the sixth audited as limited', async () => {
    const { service, account, messages, audit, ctx } = setUp();
    for (let i = 0; i < 6; i++) await service.requestReset(account.loginId, ctx(`198.51.100.${i}`));
    expect(messages.mails).toHaveLength(5);
    expect(audit.rows.at(-1)).toMatchObject({
      outcome: 'denied',
      detail: { reason: 'rate-limited' },
    });
  });

  it('a new link cancels the previous one', async () => {
    const { service, account, ctx, linkCode } = setUp();
    await service.requestReset(account.loginId, ctx());
    await service.requestReset(account.loginId, ctx());
    await expect(service.verifyReset(linkCode(0))).rejects.toMatchObject({ code: 'RESET_INVALID' });
    await expect(service.verifyReset(linkCode(1))).resolves.toBeUndefined();
  });

  it('saves a new password once, ending every session and biometric login', async () => {
    const { service, account, codes, passwords, revoked, audit, ctx, origin, linkCode } = setUp();
    await service.requestReset(account.loginId, ctx());
    codes.rows.push({
      ...codes.rows[0]!,
      id: 'bio',
      purpose: 'biometric',
      codeHash: 'device-key',
    });
    await service.saveReset(linkCode(), 'Another-Pass-77', origin);
    expect(passwords).toEqual([`${account.id} Another-Pass-77`]);
    expect(revoked).toEqual([`${account.id} password-reset`]);
    expect(codes.rows.find((r) => r.id === 'bio')?.cancelledAt).not.toBeNull();
    expect(audit.rows.at(-1)).toMatchObject({
      action: 'password.reset',
      subject: { accountId: account.id },
    });

    await expect(service.saveReset(linkCode(), 'Third-Pass-99', origin)).rejects.toMatchObject({
      status: 400,
      code: 'RESET_INVALID',
    });
    expect(passwords).toHaveLength(1);
  });

  it('refuses an expired, a cancelled, an unknown code and a weak password', async () => {
    const { service, account, passwords, clock, ctx, origin, linkCode, audit } = setUp();
    await service.requestReset(account.loginId, ctx());
    await expect(service.saveReset(linkCode(), 'short', origin)).rejects.toBeInstanceOf(
      SchemaError,
    );
    await expect(service.verifyReset('made-up')).rejects.toMatchObject({ code: 'RESET_INVALID' });
    clock.advance(resetCodeMinutes * 60_000);
    await expect(service.verifyReset(linkCode())).rejects.toMatchObject({ code: 'RESET_INVALID' });

    const fresh = setUp();
    await fresh.service.requestReset(fresh.account.loginId, fresh.ctx());
    await fresh.service.cancelReset(fresh.linkCode(), fresh.origin);
    await expect(fresh.service.verifyReset(fresh.linkCode())).rejects.toMatchObject({
      code: 'RESET_INVALID',
    });
    expect(fresh.audit.rows.at(-1)).toMatchObject({
      action: 'password.reset.cancel',
      subject: { accountId: fresh.account.id },
    });
    await fresh.service.cancelReset('made-up', fresh.origin);
    expect(fresh.audit.rows).toHaveLength(2);
    expect(passwords).toEqual([]);
    expect(audit.rows).toHaveLength(1);
  });

  it('changes the password with the current one, keeping the session that asked', async () => {
    const { service, account, passwords, revoked, audit, origin } = setUp();
    const session = { accountId: account.id, sessionId: 'mine' };
    await expect(
      service.change(session, 'Wrong-Pass', 'Another-Pass-77', origin),
    ).rejects.toMatchObject({ status: 400, code: 'WRONG_PASSWORD' });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        action: 'password.change',
        detail: { reason: 'wrong-current-password' },
      }),
    ]);
    expect(passwords).toEqual([]);

    await service.change(session, 'Right-Pass-42', 'Another-Pass-77', origin);
    expect(passwords).toEqual([`${account.id} Another-Pass-77`]);
    expect(revoked).toEqual([`${account.id} password-change mine`]);
    expect(audit.rows.at(-1)).toMatchObject({ outcome: 'success', action: 'password.change' });
    await expect(
      service.change({ accountId: 'nobody', sessionId: 's' }, 'x', 'Another-Pass-77', origin),
    ).rejects.toMatchObject({ status: 404 });
  });
});
