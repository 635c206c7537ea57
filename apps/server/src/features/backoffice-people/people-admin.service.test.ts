import { randomUUID } from 'node:crypto';
import { peopleSearchPageSize } from '@apothecall/domain/backoffice/people.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, only, recordingAudit } from '../../../test/fakes';
import type { AccountMatch, AccountSupportFacts, AccountsPort } from '../accounts/accounts.port';
import { createPeopleAdminService } from './people-admin.service';

/**
 * People and support, on fakes: admin and support search, read and act (anyone else 403,
 * audited); every account a search lists and every page read is audited, the search terms
 * never; an account's page gathers its facts, sessions, devices, visits and payments; the
 * actions reach the accounts port and are audited, and a back-office login is not changed.
 */
const roles: Record<string, string> = {
  'admin-1': 'admin',
  'support-1': 'support',
  'doc-1': 'provider',
};

function facts(overrides: Partial<AccountSupportFacts> = {}): AccountSupportFacts {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    loginId: 'nora@example.test',
    role: 'patient',
    language: 'es',
    twoFactor: 'off',
    createdAt: new Date('2026-01-02T00:00:00Z'),
    disabledAt: null,
    persons: [
      {
        id,
        accountId: id,
        relation: 'self',
        firstName: 'Nora',
        lastName: 'Quinn',
        dob: '1990-03-14',
        gender: 'F',
        email: 'nora@example.test',
        phone: '+13055550142',
        address: null,
        state: 'FL',
        zipCode: null,
        country: '1',
        consultLocation: null,
        validAsyncState: false,
      },
    ],
    consents: [{ document: 'terms', version: '3', acceptedAt: new Date('2026-01-02T00:00:00Z') }],
    deviceHashes: ['device-hash'],
    ...overrides,
  };
}

function match(i: number): AccountMatch {
  return {
    accountId: `acc-${i}`,
    loginId: `p${i}@example.test`,
    role: 'patient',
    disabledAt: i === 0 ? new Date() : null,
    firstName: 'Pat',
    lastName: `${i}`,
    dob: '1980-01-01',
    phone: null,
  } as AccountMatch;
}

function setUp(options: { matches?: number } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const patient = facts();
  const staff = facts({ role: 'support' });
  const calls: string[] = [];
  const searched: unknown[] = [];
  const service = createPeopleAdminService({
    accounts: only<AccountsPort>(
      {
        membership: async (id) =>
          roles[id]
            ? {
                role: roles[id],
                organizationType: null,
                organizationId: null,
                permissions: [],
                disabled: false,
              }
            : undefined,
        searchAccounts: async (query, limit, offset) => {
          searched.push({ query, limit, offset });
          return Array.from({ length: Math.min(options.matches ?? 2, limit) }, (_, i) => match(i));
        },
        supportFacts: async (id) => [patient, staff].find((f) => f.id === id),
        loginLocked: async () => true,
        unlockLogin: async (id, where) => {
          calls.push(`unlock ${id} ${where.addresses.join(',')} ${where.deviceHashes.join(',')}`);
        },
        endAllSessions: async (id, reason) => {
          calls.push(`end ${id} ${reason}`);
        },
        setAccountDisabled: async (id, disabled) => {
          calls.push(`disabled ${id} ${disabled ? disabled.reason : 'none'}`);
        },
        resetTwoFactor: async (id) => {
          calls.push(`tfa ${id}`);
        },
        sendResetLink: async (loginId) => {
          calls.push(`link ${loginId}`);
        },
      },
      'accounts port',
    ),
    care: {
      accountsOfVisitRef: async (ref) => (ref === 'abcdef12' ? ['acc-from-visit'] : []),
      visitsOfAccount: async () =>
        [
          {
            id: 'abcdef12-0000-4000-8000-000000000000',
            location: 'FL',
            state: 'completed',
            outcome: 'prescribed',
            personId: patient.id,
            createdAt: new Date('2026-02-01T10:00:00Z'),
            endedAt: new Date('2026-02-01T10:20:00Z'),
          },
        ] as never,
    },
    payments: {
      transactionsOf: async () =>
        [
          {
            kind: 'visit',
            amount: 4900,
            date: '2026-02-01T10:00:00.000Z',
            transactionStatus: 'succeeded',
            card: { brand: 'visa', last4: '4242' },
          },
        ] as never,
    },
    notifications: {
      devicesOf: async () => [
        { channel: 'fcm', createdAt: new Date('2026-01-03T00:00:00Z'), lastSentAt: null },
      ],
    } as never,
    sessionList: {
      ofAccount: async () => [
        {
          platform: 'web',
          version: '1.2',
          createdAt: new Date('2026-03-01T00:00:00Z'),
          lastSeenAt: new Date('2026-03-02T14:00:00Z'),
          revokedAt: null,
          expiresAt: new Date('2026-03-03T00:00:00Z'),
        },
        {
          platform: 'ios',
          version: '1.1',
          createdAt: new Date('2026-02-01T00:00:00Z'),
          lastSeenAt: new Date('2026-02-01T00:00:00Z'),
          revokedAt: new Date('2026-02-02T00:00:00Z'),
          expiresAt: new Date('2026-03-03T00:00:00Z'),
        },
      ],
    } as never,
    trail: {
      failedLoginAddresses: async (_id, since) => {
        calls.push(`addresses since ${since.toISOString()}`);
        return ['198.51.100.4'];
      },
    },
    audit,
    loginWindowSeconds: 900,
    now: clock.now,
  });
  return { service, audit, patient, staff, calls, searched };
}

describe('people admin service', () => {
  it('refuses a role without the back office, audited, searching and changing nothing', async () => {
    const { service, audit, patient, calls, searched } = setUp();
    const doctor = fakeActor('doc-1');
    await expect(service.search(doctor, { query: 'Nora', page: 1 })).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.act(doctor, patient.id, 'disable')).rejects.toMatchObject({ status: 403 });
    expect(searched).toEqual([]);
    expect(calls).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['denied', 'backoffice.people.read', { need: 'read' }],
      ['denied', 'backoffice.people.write', { need: 'write' }],
    ]);
  });

  it('audits each account a search lists with the kind of query only, and pages', async () => {
    const { service, audit, searched } = setUp({ matches: peopleSearchPageSize + 1 });
    const answer = await service.search(fakeActor('support-1'), { query: 'Nora 3055', page: 2 });
    expect(answer.hasMore).toBe(true);
    expect(answer.results).toHaveLength(peopleSearchPageSize);
    expect(answer.results[0]).toMatchObject({ accountId: 'acc-0', name: 'Pat 0', disabled: true });
    expect(searched).toEqual([
      {
        query: { text: 'Nora 3055', digits: '3055' },
        limit: peopleSearchPageSize + 1,
        offset: peopleSearchPageSize,
      },
    ]);
    expect(audit.rows).toHaveLength(peopleSearchPageSize);
    expect(JSON.stringify(audit.rows)).not.toContain('Nora');
    expect(audit.rows[0]).toMatchObject({
      action: 'backoffice.people.search',
      subject: { accountId: 'acc-0' },
      detail: { kind: 'text' },
    });
  });

  it('searches a date as a birth date and a visit reference with the visits it names', async () => {
    const { service, searched } = setUp({ matches: 0 });
    await service.search(fakeActor('admin-1'), { query: '1990-03-14', page: 1 });
    await service.search(fakeActor('admin-1'), { query: '#ABCDEF12', page: 1 });
    expect(searched.map((s) => (s as { query: unknown }).query)).toEqual([
      { dob: '1990-03-14' },
      { text: '#ABCDEF12', accountIds: ['acc-from-visit'] },
    ]);
  });

  it("gathers an account's page, audited as a read", async () => {
    const { service, audit, patient, calls } = setUp();
    const page = await service.account(fakeActor('support-1'), patient.id);
    expect(page.account).toEqual({
      id: patient.id,
      loginId: 'nora@example.test',
      role: 'patient',
      language: 'es',
      twoFactor: 'off',
      createdAt: '2026-01-02T00:00:00.000Z',
      disabledAt: null,
      locked: true,
    });
    expect(page.family).toEqual([
      expect.objectContaining({ personId: patient.id, firstName: 'Nora', state: 'FL' }),
    ]);
    expect(page.sessions.map((s) => [s.platform, s.live])).toEqual([
      ['web', true],
      ['ios', false],
    ]);
    expect(page.devices).toEqual([
      { platform: 'fcm', addedAt: '2026-01-03T00:00:00.000Z', lastSentAt: null },
    ]);
    expect(page.visits).toEqual([
      expect.objectContaining({ ref: 'ABCDEF12', kind: 'FL', status: 'completed' }),
    ]);
    expect(page.payments).toEqual([
      expect.objectContaining({ amountCents: 4900, cardBrand: 'visa', cardLast4: '4242' }),
    ]);
    // The failed logins counted are those of the limit's window.
    expect(calls).toEqual(['addresses since 2026-03-02T14:45:00.000Z']);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'backoffice.people.read',
        subject: { accountId: patient.id },
      }),
    ]);
  });

  it('answers an unknown or malformed account as not found', async () => {
    const { service, audit } = setUp();
    await expect(service.account(fakeActor('admin-1'), randomUUID())).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.act(fakeActor('admin-1'), 'nope', 'unlock')).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows).toEqual([]);
  });

  it("carries out each action on a patient's account, audited", async () => {
    const { service, audit, patient, calls } = setUp();
    const support = fakeActor('support-1');
    for (const action of [
      'unlock',
      'end-sessions',
      'disable',
      'enable',
      'reset-two-factor',
      'reset-link',
    ] as const) {
      await service.act(support, patient.id, action);
    }
    expect(calls).toEqual([
      'addresses since 2026-03-02T14:45:00.000Z',
      `unlock ${patient.id} 198.51.100.4 device-hash`,
      `end ${patient.id} back-office`,
      `disabled ${patient.id} back-office`,
      `disabled ${patient.id} none`,
      `tfa ${patient.id}`,
      'link nora@example.test',
    ]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.subject])).toEqual(
      ['unlock', 'end-sessions', 'disable', 'enable', 'reset-two-factor', 'reset-link'].map((a) => [
        'success',
        `backoffice.people.${a}`,
        { accountId: patient.id },
      ]),
    );
  });

  it('changes no back-office login, audited as denied', async () => {
    const { service, audit, staff, calls } = setUp();
    await expect(service.act(fakeActor('admin-1'), staff.id, 'disable')).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_ACCOUNT',
    });
    expect(calls).toEqual([]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'denied',
        action: 'backoffice.people.disable',
        detail: { reason: 'back-office-account' },
      }),
    ]);
  });
});
