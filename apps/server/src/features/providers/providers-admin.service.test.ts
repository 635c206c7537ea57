import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import type { StaffInvite, StaffInviteOutcome } from '../accounts/accounts.port';
import type { LicenceRecord, ProviderProfileRecord } from '../clinic/roster.port';
import { createProvidersAdminService } from './providers-admin.service';

const admin = 'd4f6b8c0-0000-4000-8000-000000000001';
const support = 'd4f6b8c0-0000-4000-8000-000000000002';
const drLee = 'd4f6b8c0-0000-4000-8000-000000000003';
const patient = 'd4f6b8c0-0000-4000-8000-000000000004';

const practice = {
  address: { name: 'Lee Clinic', line1: '1 Main St', line2: '', phone: '3055550100' },
  fax: '',
  npi: '1234567890',
  clientNumber: 'C-1',
};

/** Accounts, the clinic's roster, care and Rx in memory: Dr Lee is a provider licensed in FL. */
function setup(options: { invite?: (invite: StaffInvite) => StaffInviteOutcome } = {}) {
  const roles = new Map<string, string>([
    [admin, 'admin'],
    [support, 'support'],
    [drLee, 'provider'],
    [patient, 'patient'],
  ]);
  const disabled = new Set<string>();
  const names = new Map([[drLee, 'Dr Lee']]);
  const logins = new Map([[drLee, 'lee@clinic.test']]);
  const profiles = new Map<string, ProviderProfileRecord>([
    [drLee, { accountId: drLee, suffix: 'MD', npi: '1234567890', dea: null, credential: practice }],
    // A profile whose account is not (or no longer) a provider is not listed.
    [patient, { accountId: patient, suffix: '', npi: '9999999999', dea: null, credential: {} }],
  ]);
  const licences = new Map<string, LicenceRecord[]>([
    [drLee, [{ state: 'FL', number: 'ME1', expiresOn: '2027-01-31', inForce: true }]],
  ]);
  const invites: StaffInvite[] = [];
  const released: string[] = [];
  const audit = recordingAudit();
  const service = createProvidersAdminService({
    accounts: {
      membership: async (id) => {
        const role = roles.get(id);
        return role
          ? {
              role,
              organizationType: null,
              organizationId: null,
              permissions: [],
              disabled: disabled.has(id),
            }
          : undefined;
      },
      displayName: async (id) => names.get(id),
      loginId: async (id) => logins.get(id),
      role: async (id) => roles.get(id),
      inviteStaff: async (_actor, invite) => {
        invites.push(invite);
        const outcome = options.invite?.(invite) ?? {
          ok: true,
          accountId: randomUUID(),
          created: true,
        };
        if (outcome.ok) {
          roles.set(outcome.accountId, 'provider');
          names.set(outcome.accountId, `${invite.firstName} ${invite.lastName}`);
          logins.set(outcome.accountId, invite.email);
        }
        return outcome;
      },
      disableStaff: async (_actor, id) => {
        disabled.add(id);
        released.push(`disable ${id}`);
      },
      enableStaff: async (_actor, id) => {
        disabled.delete(id);
      },
    },
    roster: {
      profile: async (id) => profiles.get(id),
      profiles: async () => [...profiles.values()],
      npiOwner: async (npi) => [...profiles.values()].find((p) => p.npi === npi)?.accountId,
      saveProfile: async (profile) => {
        profiles.set(profile.accountId, profile);
      },
      licenceRecords: async (id) => licences.get(id) ?? [],
      saveLicence: async (id, licence) => {
        const rest = (licences.get(id) ?? []).filter((l) => l.state !== licence.state);
        licences.set(id, [...rest, { ...licence, inForce: true }]);
      },
      removeLicence: async (id, state) => {
        const before = licences.get(id) ?? [];
        licences.set(
          id,
          before.filter((l) => l.state !== state),
        );
        return before.some((l) => l.state === state);
      },
      presentNow: async () => [drLee],
    },
    care: {
      releaseProviderVisits: async (_actor, id) => {
        released.push(`care ${id}`);
        return 2;
      },
    },
    rx: {
      releaseReviews: async (_actor, id) => {
        released.push(`rx ${id}`);
        return 1;
      },
    },
    audit,
  });
  return { service, audit, invites, profiles, licences, disabled, released };
}

describe('reading providers', () => {
  it('lists only provider accounts with their licences, duty and practice, audited; support may read', async () => {
    const { service, audit } = setup();
    const list = await service.list(fakeActor(support));
    expect(list).toEqual([
      {
        id: drLee,
        name: 'Dr Lee',
        email: 'lee@clinic.test',
        npi: '1234567890',
        credentials: 'MD',
        dea: null,
        active: true,
        onDuty: true,
        licences: [{ state: 'FL', number: 'ME1', expiresOn: '2027-01-31', inForce: true }],
        practice: {
          name: 'Lee Clinic',
          line1: '1 Main St',
          line2: '',
          phone: '3055550100',
          fax: '',
          clientNumber: 'C-1',
        },
      },
    ]);
    expect(audit.rows).toMatchObject([
      { outcome: 'success', action: 'providers.list', detail: { count: 1 } },
    ]);
  });

  it('answers a non-provider id not found, and refuses support a change, audited as denied', async () => {
    const { service, audit } = setup();
    await expect(service.get(fakeActor(admin), patient)).rejects.toMatchObject({ status: 404 });
    await expect(service.get(fakeActor(admin), 'junk')).rejects.toMatchObject({ status: 404 });
    await expect(service.deactivate(fakeActor(support), drLee)).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.list(fakeActor(patient))).rejects.toMatchObject({ status: 403 });
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'providers.deactivate'],
      ['denied', 'providers.list'],
    ]);
  });
});

describe('inviting a provider', () => {
  const input = {
    firstName: ' Ana ',
    lastName: 'Ruiz',
    email: 'ana@clinic.test',
    npi: '2222222222',
    credentials: ' DO ',
    dea: 'AB1234563',
  };

  it("invites a clinic login under the caller's brand and saves the profile, audited", async () => {
    const { service, invites, profiles, audit } = setup();
    const view = await service.invite(fakeActor(admin, { lang: 'es' }), input);
    expect(invites[0]).toMatchObject({
      firstName: 'Ana',
      lastName: 'Ruiz',
      role: 'provider',
      organizationType: 'clinic',
      organizationId: 'apothecall',
      brandId: 'apothecall',
      language: 'es',
    });
    expect(invites[0]?.mail('https://x/set').text).toContain('https://x/set');
    expect(profiles.get(view.id)).toMatchObject({
      suffix: 'DO',
      npi: '2222222222',
      dea: 'AB1234563',
      credential: { npi: '2222222222' },
    });
    expect(view).toMatchObject({
      name: 'Ana Ruiz',
      credentials: 'DO',
      active: true,
      onDuty: false,
    });
    expect(audit.rows).toMatchObject([
      {
        action: 'providers.invite',
        subject: { accountId: view.id },
        detail: { created: true, credentials: 'DO', dea: true },
      },
    ]);
  });

  it('refuses an NPI another provider holds, and an invitation already out', async () => {
    const { service, invites, audit } = setup();
    await expect(
      service.invite(fakeActor(admin), { ...input, npi: '1234567890' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'INVITE_EXISTS',
    });
    expect(invites).toEqual([]);
    expect(audit.rows).toMatchObject([
      {
        outcome: 'denied',
        action: 'providers.invite',
        subject: { accountId: drLee },
        detail: { reason: 'npi' },
      },
    ]);
    const busy = setup({ invite: () => ({ ok: false, reason: 'exists' }) });
    await expect(busy.service.invite(fakeActor(admin), input)).rejects.toMatchObject({
      status: 409,
      code: 'INVITE_EXISTS',
    });
    expect(busy.audit.rows).toEqual([]);
  });
});

describe('changing a provider', () => {
  it('adds or replaces a licence and removes one, auditing what it was before', async () => {
    const { service, audit } = setup();
    const renewed = await service.putLicence(fakeActor(admin), drLee, {
      state: 'FL',
      number: 'ME1',
      expiresOn: '2029-01-31',
    });
    expect(renewed.licences).toEqual([
      { state: 'FL', number: 'ME1', expiresOn: '2029-01-31', inForce: true },
    ]);
    await service.putLicence(fakeActor(admin), drLee, {
      state: 'GA',
      number: 'G7',
      expiresOn: '2028-05-01',
    });
    const after = await service.removeLicence(fakeActor(admin), drLee, 'FL');
    expect(after.licences.map((l) => l.state)).toEqual(['GA']);
    await expect(service.removeLicence(fakeActor(admin), drLee, 'TX')).rejects.toMatchObject({
      status: 404,
    });
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      [
        'providers.licence.save',
        { state: 'FL', expiresOn: '2029-01-31', previousExpiresOn: '2027-01-31', added: false },
      ],
      [
        'providers.licence.save',
        { state: 'GA', expiresOn: '2028-05-01', previousExpiresOn: null, added: true },
      ],
      ['providers.licence.remove', { state: 'FL' }],
    ]);
  });

  it('replaces the printed practice keeping the NPI, auditing before and after', async () => {
    const { service, profiles, audit } = setup();
    const next = {
      name: 'Lee Health',
      line1: '2 Bay Rd',
      line2: 'Floor 3',
      phone: '3055550111',
      fax: '3055550112',
      clientNumber: '',
    };
    const view = await service.putPractice(fakeActor(admin), drLee, next);
    expect(view.practice).toEqual(next);
    expect(profiles.get(drLee)?.credential).toMatchObject({ npi: '1234567890', fax: '3055550112' });
    expect(audit.rows[0]?.detail).toEqual({
      before: {
        name: 'Lee Clinic',
        line1: '1 Main St',
        line2: '',
        phone: '3055550100',
        fax: '',
        clientNumber: 'C-1',
      },
      after: next,
    });
  });

  it('deactivates the login first, then puts their visits and reviews back in the line; reactivation lets them in again', async () => {
    const { service, released, disabled, audit } = setup();
    const result = await service.deactivate(fakeActor(admin), drLee);
    expect(released).toEqual([`disable ${drLee}`, `care ${drLee}`, `rx ${drLee}`]);
    expect(result.released).toBe(3);
    expect(result.provider.active).toBe(false);
    expect((await service.reactivate(fakeActor(admin), drLee)).active).toBe(true);
    expect(disabled.size).toBe(0);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['providers.deactivate', { released: 3 }],
      ['providers.reactivate', {}],
    ]);
  });
});
