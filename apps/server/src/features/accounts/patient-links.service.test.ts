import { describe, expect, it } from 'vitest';
import { fakeClock, recordingAudit } from '../../../test/fakes';
import { accountsRepoOf, anAccount, memoryCodes } from '../../../test/fakes-accounts';
import type { AccountRecord } from './accounts.repo';
import type { LinkedPatientInput } from './patient-links.service';
import { createPatientLinksService } from './patient-links.service';

/**
 * The patient an e-mailed assessment link is for, on fakes: an existing patient is matched
 * and nothing is written; a disabled account, a staff member or an organization's login is
 * not a patient; a new e-mail makes an account whose password only the link can set, audited;
 * a registration racing the link is matched instead.
 */
function setUp(existing: AccountRecord[] = []) {
  const clock = fakeClock();
  const accounts = [...existing];
  const codes = memoryCodes(clock.now);
  const created: { loginId: string; passwordHash: string; holder: unknown }[] = [];
  const settings: string[] = [];
  const audit = recordingAudit();
  let raceWith: AccountRecord | undefined;
  const hashed: string[] = [];
  const service = createPatientLinksService({
    repo: accountsRepoOf({
      ...codes.repo,
      findByLoginId: async (loginId) => accounts.find((a) => a.loginId === loginId),
      createAccount: async (input) => {
        if (raceWith) {
          accounts.push(raceWith);
          throw new Error('duplicate key value violates unique constraint');
        }
        created.push(input);
        return 'new-account';
      },
      setSettings: async (id, s) => {
        settings.push(`${id} ${JSON.stringify(s)}`);
      },
    }),
    hasher: {
      hash: async (password: string) => {
        hashed.push(password);
        return `hash-${password}`;
      },
    } as never,
    audit,
  });
  const input = (overrides: Partial<LinkedPatientInput> = {}): LinkedPatientInput => ({
    email: ' Lia@Example.test ',
    firstName: 'Lia',
    lastName: 'Park',
    dob: '1988-05-01',
    gender: 'F',
    phone: '+13055550111',
    state: 'FL',
    brandId: 'apothecall',
    language: 'es',
    codeHash: 'code-hash',
    expiresAt: new Date(clock.now().getTime() + 3_600_000),
    ...overrides,
  });
  const origin = { ip: '203.0.113.9', requestId: 'req-link' };
  return {
    service,
    codes,
    created,
    settings,
    audit,
    hashed,
    clock,
    input,
    origin,
    raceWith: (a: AccountRecord) => {
      raceWith = a;
    },
  };
}

describe('patient links service', () => {
  it('matches an existing patient by e-mail and writes nothing', async () => {
    const patient = anAccount({ loginId: 'lia@example.test', language: 'en' });
    const { service, created, codes, audit, input, origin } = setUp([patient]);
    expect(await service.patientForLink(origin, input())).toEqual({
      ok: true,
      accountId: patient.id,
      created: false,
      language: 'en',
    });
    expect(created).toEqual([]);
    expect(codes.rows).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('refuses a disabled account, a staff login and an organization login as not patients', async () => {
    for (const account of [
      anAccount({ loginId: 'lia@example.test', disabledAt: new Date('2026-01-01') }),
      anAccount({ loginId: 'lia@example.test', role: 'provider' }),
      anAccount({ loginId: 'lia@example.test', organizationId: 'org-1' }),
    ]) {
      const { service, created, input, origin } = setUp([account]);
      expect(await service.patientForLink(origin, input())).toEqual({
        ok: false,
        reason: 'not-a-patient',
      });
      expect(created).toEqual([]);
    }
  });

  it('makes an account for a new e-mail, with a password only the link can set', async () => {
    const { service, created, settings, codes, audit, hashed, input, origin } = setUp();
    expect(await service.patientForLink(origin, input())).toEqual({
      ok: true,
      accountId: 'new-account',
      created: true,
      language: 'es',
    });
    expect(created).toEqual([
      expect.objectContaining({
        brandId: 'apothecall',
        loginId: 'lia@example.test',
        holder: expect.objectContaining({
          relation: 'self',
          firstName: 'Lia',
          email: 'lia@example.test',
          state: 'FL',
          country: '1',
        }),
      }),
    ]);
    // A random password (43 base64url characters), kept only as its hash.
    expect(hashed).toHaveLength(1);
    expect(hashed[0]).toMatch(/^[\w-]{43}$/);
    expect(created[0]?.passwordHash).toBe(`hash-${hashed[0]}`);
    expect(settings).toEqual(['new-account {"language":"es"}']);
    expect(codes.rows).toEqual([
      expect.objectContaining({
        accountId: 'new-account',
        purpose: 'reset',
        codeHash: 'code-hash',
      }),
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'account.create',
        subject: { accountId: 'new-account', personId: 'new-account' },
        detail: { via: 'in-store-assessment' },
      }),
    ]);
  });

  it('matches an account registered at the same moment instead of failing', async () => {
    const { service, settings, codes, audit, input, origin, raceWith } = setUp();
    const racer = anAccount({ loginId: 'lia@example.test' });
    raceWith(racer);
    expect(await service.patientForLink(origin, input())).toMatchObject({
      ok: true,
      accountId: racer.id,
      created: false,
    });
    expect(settings).toEqual([]);
    expect(codes.rows).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('says a password link is open until it is used, cancelled or expired', async () => {
    const { service, codes, clock, input, origin } = setUp();
    await service.patientForLink(origin, input());
    expect(await service.passwordLinkOpen('code-hash', clock.now())).toBe(true);
    expect(await service.passwordLinkOpen('other-hash', clock.now())).toBe(false);
    expect(
      await service.passwordLinkOpen('code-hash', new Date(clock.now().getTime() + 3_600_000)),
    ).toBe(false);
    await codes.repo.useCode(codes.rows[0]?.id ?? '', clock.now());
    expect(await service.passwordLinkOpen('code-hash', clock.now())).toBe(false);
  });
});
