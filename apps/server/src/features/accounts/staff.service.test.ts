import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import {
  accountsRepoOf,
  anAccount,
  memoryCodes,
  recordingMessages,
} from '../../../test/fakes-accounts';
import { hashCode } from '../../platform/codes';
import type { AccountRecord, AccountsRepo } from './accounts.repo';
import {
  createStaffService,
  inviteDays,
  type StaffInvite,
  staffDobPlaceholder,
} from './staff.service';

/**
 * Staff logins, on fakes: an invitation makes the login (or reuses the invitee's own), sets its
 * role and mails a week-long set-your-password link kept as a hash; a login of another
 * organization or role is refused; a service account is made disabled; disabling a staff login
 * ends its sessions.
 */
function setUp(existing: AccountRecord[] = [], options: { race?: AccountRecord } = {}) {
  const clock = fakeClock();
  const accounts = [...existing];
  const codes = memoryCodes(clock.now);
  const created: Parameters<AccountsRepo['createAccount']>[0][] = [];
  const writes: string[] = [];
  const audit = recordingAudit();
  const messages = recordingMessages();
  const service = createStaffService({
    repo: accountsRepoOf({
      ...codes.repo,
      findByLoginId: async (loginId) => accounts.find((a) => a.loginId === loginId),
      createAccount: async (input) => {
        if (options.race) {
          accounts.push(options.race);
          throw Object.assign(new Error('duplicate'), { code: '23505' });
        }
        created.push(input);
        return 'new-account';
      },
      setStaff: async (id, staff) => {
        writes.push(`staff ${id} ${JSON.stringify(staff)}`);
      },
      disable: async (id, reason) => {
        writes.push(`disable ${id} ${reason}`);
      },
      enable: async (id) => {
        writes.push(`enable ${id}`);
      },
    }),
    hasher: { hash: async (p: string) => `hash-${p}` } as never,
    sessions: {
      revokeAllForAccount: async (id: string, reason: string) => {
        writes.push(`revoke ${id} ${reason}`);
        return 2;
      },
    } as never,
    audit,
    mailer: messages.mailer as never,
    publicUrl: 'https://app.example.test',
    now: clock.now,
  });
  const actor = fakeActor('admin-1');
  return { service, codes, created, writes, audit, messages, actor, clock };
}

const invite = (overrides: Partial<StaffInvite> = {}): StaffInvite => ({
  email: ' Rita@Pharmacy.test ',
  firstName: 'Rita',
  lastName: 'Diaz',
  role: 'pharmacist',
  organizationType: 'pharmacy',
  organizationId: 'ph-1',
  brandId: 'apothecall',
  language: 'es',
  mail: (link) => ({ subject: 'Welcome', text: `Set your password: ${link}` }),
  ...overrides,
});

describe('staff service', () => {
  it('invites a new login: made with a placeholder birth date, its role set, a week-long link mailed', async () => {
    const { service, codes, created, writes, audit, messages, actor, clock } = setUp();
    expect(await service.inviteStaff(actor, invite())).toEqual({
      ok: true,
      accountId: 'new-account',
      created: true,
    });
    expect(created).toEqual([
      expect.objectContaining({
        loginId: 'rita@pharmacy.test',
        holder: expect.objectContaining({
          firstName: 'Rita',
          dob: staffDobPlaceholder,
          gender: 'U',
        }),
      }),
    ]);
    expect(writes).toEqual([
      'staff new-account {"role":"pharmacist","organizationType":"pharmacy","organizationId":"ph-1","language":"es"}',
    ]);
    expect(messages.mails.map((m) => m.to)).toEqual(['rita@pharmacy.test']);
    const code = /resetpw\/(\S+)/.exec(messages.mails[0]?.text ?? '')?.[1] ?? '';
    expect(codes.rows).toEqual([
      expect.objectContaining({
        accountId: 'new-account',
        purpose: 'reset',
        codeHash: hashCode(code),
        expiresAt: new Date(clock.now().getTime() + inviteDays * 86_400_000),
      }),
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'success',
        action: 'staff.invite',
        subject: { accountId: 'new-account' },
        detail: { role: 'pharmacist', organizationId: 'ph-1', created: true },
      }),
    ]);
  });

  it("invites again the organization's own login, cancelling its earlier link", async () => {
    const own = anAccount({
      loginId: 'rita@pharmacy.test',
      role: 'pharmacist',
      organizationId: 'ph-1',
    });
    const { service, codes, created, messages, actor } = setUp([own]);
    await service.inviteStaff(actor, invite());
    expect(await service.inviteStaff(actor, invite())).toEqual({
      ok: true,
      accountId: own.id,
      created: false,
    });
    expect(created).toEqual([]);
    expect(messages.mails).toHaveLength(2);
    expect(codes.rows.map((r) => r.cancelledAt !== null)).toEqual([true, false]);
  });

  it('refuses a login of another organization or role, and a racing invite, changing nothing', async () => {
    const patient = anAccount({ loginId: 'rita@pharmacy.test' });
    const taken = setUp([patient]);
    expect(await taken.service.inviteStaff(taken.actor, invite())).toEqual({
      ok: false,
      reason: 'exists',
    });
    expect(taken.audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        subject: { accountId: patient.id },
        detail: { reason: 'exists' },
      }),
    ]);

    const raced = setUp([], { race: anAccount({ loginId: 'rita@pharmacy.test' }) });
    expect(await raced.service.inviteStaff(raced.actor, invite())).toEqual({
      ok: false,
      reason: 'sending',
    });
    for (const { writes, messages, codes } of [taken, raced]) {
      expect(writes).toEqual([]);
      expect(messages.mails).toEqual([]);
      expect(codes.rows).toEqual([]);
    }
  });

  it('makes a service account disabled and finds it again by its login id', async () => {
    const input = {
      loginId: 'mailbox:pharmacy:ph-1',
      role: 'pharmacist',
      organizationType: 'pharmacy',
      organizationId: 'ph-1',
      brandId: 'apothecall',
      name: 'Main St Pharmacy',
    };
    const { service, created, writes, audit } = setUp();
    const origin = { ip: '203.0.113.1', requestId: 'r' };
    expect(await service.serviceAccount(origin, input)).toBe('new-account');
    expect(created[0]).toMatchObject({
      loginId: 'mailbox:pharmacy:ph-1',
      holder: { firstName: 'Main St Pharmacy', email: null },
    });
    expect(writes).toEqual([
      'staff new-account {"role":"pharmacist","organizationType":"pharmacy","organizationId":"ph-1","language":"en"}',
      'disable new-account service account',
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({ action: 'account.serviceCreate', actorAccountId: null }),
    ]);

    const mailbox = anAccount({ loginId: input.loginId, organizationId: 'ph-1' });
    const again = setUp([mailbox]);
    expect(await again.service.serviceAccount(origin, input)).toBe(mailbox.id);
    expect(again.created).toEqual([]);
    const other = setUp([anAccount({ loginId: input.loginId, organizationId: 'ph-2' })]);
    await expect(other.service.serviceAccount(origin, input)).rejects.toThrow(/another account/);
  });

  it('disabling a staff login ends its sessions; enabling lets it in again, each audited', async () => {
    const { service, writes, audit, actor } = setUp();
    await service.disableStaff(actor, 'ph-staff', 'revoked');
    await service.enableStaff(actor, 'ph-staff');
    expect(writes).toEqual([
      'disable ph-staff revoked',
      'revoke ph-staff revoked',
      'enable ph-staff',
    ]);
    expect(audit.rows.map((r) => [r.action, r.subject, r.detail])).toEqual([
      ['staff.disable', { accountId: 'ph-staff' }, { reason: 'revoked' }],
      ['staff.enable', { accountId: 'ph-staff' }, {}],
    ]);
  });
});
