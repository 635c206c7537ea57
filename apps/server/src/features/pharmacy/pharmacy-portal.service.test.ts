import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, only, recordingAudit } from '../../../test/fakes';
import { aGrant, aLink, aPharmacy, recordingMailer } from '../../../test/fakes-pharmacy';
import { AppError } from '../../platform/errors';
import type { AccountsPort, StaffInvite } from '../accounts/accounts.port';
import type { PharmacistGrantRecord } from './pharmacy.port';
import type { PharmacyRepo } from './pharmacy.repo';
import { createPharmacyPortalService } from './pharmacy-portal.service';

const admin = '1b2c3d40-0000-4000-8000-0000000000f1';
const pharmacist = '1b2c3d40-0000-4000-8000-0000000000f2';
const revoked = '1b2c3d40-0000-4000-8000-0000000000f3';
const patient = '1b2c3d40-0000-4000-8000-0000000000f4';
const newcomer = '1b2c3d40-0000-4000-8000-0000000000f5';

type Member = NonNullable<Awaited<ReturnType<AccountsPort['membership']>>>;

/**
 * The portal with fakes: a verified pharmacy with its admin, a pharmacist holding a grant and
 * one whose grant was revoked, a patient, grants and links in memory, and the accounts port's
 * staff invitations and disabling recorded.
 */
function setUp(options: { verified?: boolean; inviteRefused?: 'exists' | 'sending' } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const sunrise = aPharmacy(options.verified === false ? { verifiedAt: null } : {});
  const elsewhere = aPharmacy({ name: 'Elsewhere' });
  const grants: PharmacistGrantRecord[] = [
    aGrant(sunrise.id, pharmacist, { states: ['FL'], links: ['sunriselink1'] }),
    aGrant(sunrise.id, revoked, { revokedAt: new Date('2026-02-01T00:00:00.000Z') }),
    aGrant(elsewhere.id, patient),
  ];
  const members: Record<string, Member> = {
    [admin]: staffMember('pharmacyAdmin', sunrise.id, ['readyrx']),
    [pharmacist]: staffMember('pharmacist', sunrise.id, []),
    [revoked]: staffMember('pharmacist', sunrise.id, []),
    [patient]: { ...staffMember('patient', sunrise.id, []), organizationType: null },
  };
  const invites: StaffInvite[] = [];
  const disabled: { accountId: string; reason: string }[] = [];
  const service = createPharmacyPortalService({
    repo: only<PharmacyRepo>(
      {
        organization: async (id) => [sunrise, elsewhere].find((o) => o.id === id),
        organizationAndGrant: async (id, accountId) => {
          const organization = [sunrise, elsewhere].find((o) => o.id === id);
          const grant = grants.find((g) => g.accountId === accountId) ?? null;
          return organization ? { organization, grant } : undefined;
        },
        grantsOf: async (id) => grants.filter((g) => g.organizationId === id),
        grant: async (id) => grants.find((g) => g.id === id),
        linksOf: async (id) =>
          [aLink(sunrise.id, { id: 'sunriselink1' })].filter((l) => l.organizationId === id),
        async saveGrant(grant, at) {
          const saved = { ...grant, id: randomUUID(), createdAt: at, revokedAt: null };
          grants.push(saved);
          return saved;
        },
        async revokeGrant(id, at) {
          const grant = grants.find((g) => g.id === id);
          if (grant) grant.revokedAt = at;
          return grant;
        },
      },
      'pharmacy repo',
    ),
    accounts: {
      membership: async (id) => members[id],
      membersOf: async () => [
        { accountId: admin, role: 'pharmacyAdmin' },
        { accountId: pharmacist, role: 'pharmacist' },
        { accountId: revoked, role: 'pharmacist' },
      ],
      displayName: async (id) => (id === pharmacist ? 'Pat Quinn' : undefined),
      async inviteStaff(_actor, invite) {
        invites.push(invite);
        return options.inviteRefused
          ? { ok: false, reason: options.inviteRefused }
          : { ok: true, accountId: newcomer, created: true };
      },
      async disableStaff(_actor, accountId, reason) {
        disabled.push({ accountId, reason });
      },
      loginId: async () => undefined,
      holderContact: async () => undefined,
    },
    payments: {
      prepayBalance: async () => 4200,
      prepayEntries: async () => [],
      cardsOnFile: async () => [],
      quote: async () => expect.fail('no charge here'),
      charge: async () => expect.fail('no charge here'),
      creditPrepay: async () => expect.fail('no credit here'),
    },
    audit,
    mailer: { ...recordingMailer(), deliver: async () => undefined, close: () => undefined },
    publicUrl: 'https://app.example.test',
    claimFeeCents: 300,
    now: clock.now,
  });
  return { service, audit, grants, invites, disabled, sunrise, elsewhere };
}

function staffMember(role: string, organizationId: string, permissions: string[]): Member {
  return { role, organizationType: 'pharmacy', organizationId, permissions, disabled: false };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, messageKey } = error as AppError;
  return { status, code, messageKey };
}

const invite = { email: ' New.Pharmacist@Example.test ', firstName: 'Ana', lastName: 'Diaz' };

describe('the pharmacy portal (service, fakes)', () => {
  it("knows a pharmacy's staff: its admin, a pharmacist with a live grant, nobody else", async () => {
    const { service, sunrise } = setUp();

    expect(await service.staffOf(admin)).toMatchObject({
      organization: { id: sunrise.id },
      role: 'pharmacyAdmin',
      readyRx: true,
      grant: null,
    });
    expect(await service.staffOf(pharmacist)).toMatchObject({
      role: 'pharmacist',
      readyRx: false,
      grant: { states: ['FL'], links: ['sunriselink1'] },
    });
    expect(await service.staffOf(revoked)).toBeUndefined();
    expect(await service.staffOf(patient)).toBeUndefined();
    expect(await service.staffAccounts(sunrise.id)).toEqual([admin, pharmacist]);
  });

  it('refuses a non-member 403 and audits it; an unverified pharmacy is refused where verification is needed', async () => {
    const { service, audit } = setUp({ verified: false });

    expect(await refusal(service.me(fakeActor(patient)))).toEqual({
      status: 403,
      code: 'PHARMACY_ONLY',
      messageKey: 'navigation.unauthorized',
    });
    expect(audit.rows.map((r) => [r.outcome, r.action, r.actorAccountId])).toEqual([
      ['denied', 'pharmacy.staffOnly', patient],
    ]);
    expect(await refusal(service.verifiedStaff(fakeActor(admin)))).toMatchObject({
      status: 403,
      code: 'PHARMACY_UNVERIFIED',
    });
    expect(await refusal(service.links(fakeActor(admin)))).toMatchObject({
      code: 'PHARMACY_UNVERIFIED',
    });
    expect(await service.me(fakeActor(admin))).toMatchObject({
      organization: { verified: false, prepayBalance: 4200, claimFee: 300 },
      role: 'pharmacyAdmin',
    });
  });

  it('invites a pharmacist: the staff login through the accounts port, the grant kept tidy, audited', async () => {
    const { service, audit, invites, grants, sunrise } = setUp();

    const view = await service.invite(fakeActor(admin), {
      ...invite,
      states: ['GA', 'FL', 'GA'],
      links: ['sunriselink1', 'sunriselink1'],
    });

    expect(invites).toMatchObject([
      {
        role: 'pharmacist',
        organizationType: 'pharmacy',
        organizationId: sunrise.id,
        language: 'en',
      },
    ]);
    expect(invites[0]?.mail('https://set.example.test').text).toContain('https://set.example.test');
    expect(grants.at(-1)).toMatchObject({
      accountId: newcomer,
      email: 'new.pharmacist@example.test',
      states: ['FL', 'GA'],
      links: ['sunriselink1'],
      claimedOnly: false,
      invitedBy: admin,
    });
    expect(view).toMatchObject({ email: 'new.pharmacist@example.test', states: ['FL', 'GA'] });
    expect(audit.rows.map((r) => [r.action, r.subject, r.detail])).toEqual([
      [
        'pharmacy.pharmacist.grant',
        { accountId: newcomer },
        { organizationId: sunrise.id, states: ['FL', 'GA'], links: 1, claimedOnly: false },
      ],
    ]);
  });

  it('refuses an invitation naming a link that is not the pharmacy’s, or an address already in use, granting nothing', async () => {
    const { service, invites, grants } = setUp({ inviteRefused: 'exists' });
    const before = grants.length;

    expect(
      await refusal(
        service.invite(fakeActor(admin), { ...invite, states: ['FL'], links: ['otherlink123'] }),
      ),
    ).toEqual({ status: 400, code: 'VALIDATION', messageKey: 'pharmacy.invite.linkUnknown' });
    expect(invites).toEqual([]);
    expect(
      await refusal(service.invite(fakeActor(admin), { ...invite, states: ['FL'], links: [] })),
    ).toEqual({ status: 409, code: 'INVITE_EXISTS', messageKey: 'pharmacy.invite.exists' });
    expect(grants).toHaveLength(before);
  });

  it("revokes a pharmacist's grant and disables the login; another pharmacy's grant is not found", async () => {
    const { service, audit, grants, disabled, elsewhere } = setUp();
    const mine = grants.find((g) => g.accountId === pharmacist);
    const theirs = grants.find((g) => g.organizationId === elsewhere.id);

    expect(await refusal(service.revoke(fakeActor(admin), theirs?.id ?? ''))).toMatchObject({
      status: 404,
    });
    expect(await refusal(service.revoke(fakeActor(admin), 'not-a-uuid'))).toMatchObject({
      status: 404,
    });
    const view = await service.revoke(fakeActor(admin), mine?.id ?? '');

    expect(view).toMatchObject({ name: 'Pat Quinn', revokedAt: '2026-03-02T15:00:00.000Z' });
    expect(disabled).toEqual([{ accountId: pharmacist, reason: 'pharmacist-revoked' }]);
    expect(audit.rows.map((r) => r.action)).toEqual(['pharmacy.pharmacist.revoke']);
  });

  it("keeps the pharmacists' list and invitations to the admin", async () => {
    const { service, invites } = setUp();

    expect(await refusal(service.pharmacists(fakeActor(pharmacist)))).toEqual({
      status: 403,
      code: 'PHARMACY_ADMIN_ONLY',
      messageKey: 'pharmacy.adminOnly',
    });
    expect(
      await refusal(service.invite(fakeActor(pharmacist), { ...invite, states: [], links: [] })),
    ).toMatchObject({ status: 403 });
    expect(invites).toEqual([]);
    expect((await service.pharmacists(fakeActor(admin))).map((p) => p.name)).toEqual([
      'Pat Quinn',
      '',
    ]);
  });
});
