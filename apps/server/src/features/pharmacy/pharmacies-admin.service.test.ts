import { randomUUID } from 'node:crypto';
import type { RegistryPharmacy } from '@apothecall/domain/pharmacy/ncpdp.rules';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import type { StaffInvite, StaffInviteOutcome } from '../accounts/accounts.port';
import type { PrepayEntryRecord, PrepayMovement } from '../payments/payments.port';
import type { PharmaciesAdminRepo, VerificationEventRecord } from './pharmacies-admin.repo';
import { createPharmaciesAdminService } from './pharmacies-admin.service';
import type { PharmacyOrganizationRecord } from './pharmacy.port';

const admin = 'c3e5a7b0-0000-4000-8000-000000000001';
const support = 'c3e5a7b0-0000-4000-8000-000000000002';
const pharmacist = 'c3e5a7b0-0000-4000-8000-000000000003';
const roles: Record<string, string> = {
  [admin]: 'admin',
  [support]: 'support',
  [pharmacist]: 'pharmacist',
};

const registryRow = (overrides: Partial<RegistryPharmacy> = {}): RegistryPharmacy => ({
  ncpdpId: '1234567',
  npi: '1234567890',
  name: 'Sunrise Pharmacy',
  address1: '1 Main St',
  address2: 'Suite 2',
  city: 'Tampa',
  state: 'FL',
  zip: '33601',
  phone: '8135550100',
  fax: '8135550101',
  ...overrides,
});

function setup(
  options: {
    organizations?: PharmacyOrganizationRecord[];
    registry?: RegistryPharmacy[];
    invite?: StaffInviteOutcome;
    entries?: PrepayEntryRecord[];
  } = {},
) {
  const clock = fakeClock();
  const organizations = options.organizations ?? [];
  const registry = options.registry ?? [registryRow()];
  const events: VerificationEventRecord[] = [];
  const repo: PharmaciesAdminRepo = {
    async searchRegistry(query, limit) {
      return registry
        .filter((r) =>
          'ncpdpPrefix' in query
            ? r.ncpdpId.startsWith(query.ncpdpPrefix)
            : r.name.toLowerCase().includes(query.name.toLowerCase()),
        )
        .slice(0, limit);
    },
    async registryEntry(ncpdpId) {
      return registry.find((r) => r.ncpdpId === ncpdpId);
    },
    async organizationsByNcpdp(ids) {
      return organizations.filter((o) => ids.includes(o.ncpdpId));
    },
    async organizations() {
      return organizations;
    },
    async onboard(row, event) {
      if (organizations.some((o) => o.id === row.id)) return undefined;
      const created = {
        ...aPharmacy(),
        ...row,
        verifiedAt: null,
        createdAt: event.at,
      } as PharmacyOrganizationRecord;
      organizations.push(created);
      events.unshift({
        id: randomUUID(),
        organizationId: created.id,
        action: 'onboard',
        reason: event.reason,
        actorAccountId: event.actorAccountId,
        createdAt: event.at,
      });
      return created;
    },
    async decide(organizationId, decision) {
      const o = organizations.find((x) => x.id === organizationId);
      if (o) o.verifiedAt = decision.action === 'verify' ? decision.at : null;
      events.unshift({
        id: randomUUID(),
        organizationId,
        action: decision.action,
        reason: decision.reason,
        actorAccountId: decision.actorAccountId,
        createdAt: decision.at,
      });
    },
    async events(organizationId) {
      return events.filter((e) => e.organizationId === organizationId);
    },
  };
  const invites: StaffInvite[] = [];
  const credits: PrepayMovement[] = [];
  const entries = options.entries ?? [];
  const audit = recordingAudit();
  const service = createPharmaciesAdminService({
    repo,
    organization: async (id) => organizations.find((o) => o.id === id),
    portal: {
      statementOf: async () => ({ balance: 1000, claimFee: 500, lowBalanceAt: 2000, entries: [] }),
    },
    payments: {
      prepayEntries: async () => entries,
      creditPrepay: async (movement) => {
        credits.push(movement);
        entries.unshift({
          id: randomUUID(),
          amountCents: movement.amountCents,
          kind: movement.kind,
          relatedId: movement.relatedId ?? null,
          description: '',
          createdAt: clock.now(),
        });
        return { entryId: entries[0]?.id ?? '', balance: 0 };
      },
    },
    accounts: {
      membership: async (id) => {
        const role = roles[id];
        return role
          ? { role, organizationType: null, organizationId: null, permissions: [], disabled: false }
          : undefined;
      },
      membersOf: async () => [],
      displayName: async (id) => (id === admin ? 'Olivia Admin' : undefined),
      loginId: async () => undefined,
      inviteStaff: async (_actor, invite) => {
        invites.push(invite);
        return options.invite ?? { ok: true, accountId: randomUUID(), created: true };
      },
    },
    audit,
    now: clock.now,
  });
  return { service, organizations, events, invites, credits, audit, clock };
}

describe('who may use the pharmacies area', () => {
  it('lets support read but not change, and refuses a pharmacist, each refusal audited', async () => {
    const { service, audit, organizations } = setup();
    expect(await service.searchRegistry(fakeActor(support), '1234')).toHaveLength(1);
    await expect(service.onboard(fakeActor(support), '1234567')).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.list(fakeActor(pharmacist))).rejects.toMatchObject({ status: 403 });
    expect(organizations).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['denied', 'backoffice.pharmacies', { need: 'write' }],
      ['denied', 'backoffice.pharmacies', { need: 'read' }],
    ]);
  });
});

describe('onboarding', () => {
  it('creates the pharmacy from its registry row, unverified and keyed by name and NCPDP ID, audited', async () => {
    const { service, audit, clock } = setup();
    const detail = await service.onboard(fakeActor(admin), '1234567');
    expect(detail).toMatchObject({
      id: 'sunrise-pharmacy-1234567',
      verified: false,
      listed: true,
      serviceStates: ['FL'],
    });
    expect(detail.history).toEqual([
      { action: 'onboard', reason: '', by: 'Olivia Admin', at: clock.now().toISOString() },
    ]);
    expect(audit.rows).toMatchObject([
      {
        outcome: 'success',
        action: 'backoffice.pharmacy.onboard',
        detail: { organizationId: 'sunrise-pharmacy-1234567', ncpdpId: '1234567' },
      },
    ]);
    // The search shows what it was onboarded as.
    expect((await service.searchRegistry(fakeActor(admin), 'sunrise'))[0]?.onboardedAs).toBe(
      'sunrise-pharmacy-1234567',
    );
  });

  it('refuses an NCPDP ID not in the registry (400) and one onboarded already (409)', async () => {
    const { service } = setup();
    await expect(service.onboard(fakeActor(admin), '7777777')).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
    await service.onboard(fakeActor(admin), '1234567');
    await expect(service.onboard(fakeActor(admin), '1234567')).rejects.toMatchObject({
      status: 409,
      code: 'PHARMACY_ALREADY_ONBOARDED',
    });
  });
});

describe('verification', () => {
  it('verifies only what the registry confirms, and unverifies with a reason, each audited', async () => {
    const sunrise = aPharmacy({ id: 'sunrise', verifiedAt: null });
    const { service, audit, clock } = setup({ organizations: [sunrise] });
    const verified = await service.setVerified(
      fakeActor(admin),
      'sunrise',
      'verify',
      'Checked by phone',
    );
    expect(verified.verified).toBe(true);
    expect(sunrise.verifiedAt).toEqual(clock.now());
    await expect(
      service.setVerified(fakeActor(admin), 'sunrise', 'verify', 'again'),
    ).rejects.toMatchObject({ status: 409, code: 'PHARMACY_VERIFICATION_UNCHANGED' });
    const unverified = await service.setVerified(fakeActor(admin), 'sunrise', 'unverify', 'Closed');
    expect(unverified.verified).toBe(false);
    expect(unverified.history.map((h) => [h.action, h.reason])).toEqual([
      ['unverify', 'Closed'],
      ['verify', 'Checked by phone'],
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['backoffice.pharmacy.verify', { organizationId: 'sunrise', reason: 'Checked by phone' }],
      ['backoffice.pharmacy.unverify', { organizationId: 'sunrise', reason: 'Closed' }],
    ]);
  });

  it('refuses to verify a pharmacy whose phone differs from the registry, naming the field', async () => {
    const differs = aPharmacy({ id: 'sunrise', verifiedAt: null, phone: '3055550000' });
    const { service } = setup({ organizations: [differs] });
    const refusal = service.setVerified(fakeActor(admin), 'sunrise', 'verify', 'x');
    await expect(refusal).rejects.toMatchObject({ status: 409, code: 'PHARMACY_REGISTRY_DIFFERS' });
    expect(differs.verifiedAt).toBeNull();
    await expect(service.detail(fakeActor(admin), 'nobody')).rejects.toMatchObject({ status: 404 });
  });
});

describe("the pharmacy's administrator and fees", () => {
  it("invites the administrator in the caller's language with split names, and refuses an existing invite", async () => {
    const sunrise = aPharmacy({ id: 'sunrise' });
    const { service, invites, audit } = setup({ organizations: [sunrise] });
    await service.inviteAdmin(fakeActor(admin, { lang: 'es' }), 'sunrise', {
      name: 'Ana María López',
      email: 'ana@sunrise.test',
    });
    expect(invites[0]).toMatchObject({
      email: 'ana@sunrise.test',
      firstName: 'Ana María',
      lastName: 'López',
      role: 'pharmacyAdmin',
      organizationId: 'sunrise',
      language: 'es',
    });
    expect(invites[0]?.mail('https://x/link').text).toContain('https://x/link');
    expect(audit.rows.at(-1)).toMatchObject({
      action: 'backoffice.pharmacy.admin.invite',
      detail: { organizationId: 'sunrise', created: true },
    });
    const refused = setup({ organizations: [sunrise], invite: { ok: false, reason: 'exists' } });
    await expect(
      refused.service.inviteAdmin(fakeActor(admin), 'sunrise', {
        name: 'Ana',
        email: 'ana@x.test',
      }),
    ).rejects.toMatchObject({ status: 409, code: 'INVITE_EXISTS' });
    expect(refused.audit.rows).toEqual([]);
  });

  it('gives a claim fee back once, with the reason audited; a second time or an unknown fee is refused', async () => {
    const sunrise = aPharmacy({ id: 'sunrise' });
    const fee: PrepayEntryRecord = {
      id: randomUUID(),
      amountCents: -500,
      kind: 'claimFee',
      relatedId: 'visit-1',
      description: '',
      createdAt: new Date(),
    };
    const { service, credits, audit } = setup({ organizations: [sunrise], entries: [fee] });
    await service.refundFee(fakeActor(admin), 'sunrise', fee.id, 'Claimed by mistake');
    expect(credits).toEqual([
      {
        prepayAccountId: 'sunrise',
        amountCents: 500,
        idempotencyKey: `backoffice-refund:${fee.id}`,
        kind: 'claimFeeReversal',
        relatedId: 'visit-1',
        description: 'Claim fee given back by the back office',
      },
    ]);
    expect(audit.rows).toMatchObject([
      {
        action: 'backoffice.pharmacy.fee.refund',
        detail: { feeEntryId: fee.id, amountCents: 500, reason: 'Claimed by mistake' },
      },
    ]);
    await expect(
      service.refundFee(fakeActor(admin), 'sunrise', fee.id, 'again'),
    ).rejects.toMatchObject({ status: 409, code: 'PHARMACY_FEE_NOT_REFUNDABLE' });
    await expect(
      service.refundFee(fakeActor(admin), 'sunrise', randomUUID(), 'x'),
    ).rejects.toMatchObject({ status: 404 });
    expect(credits).toHaveLength(1);
  });
});
