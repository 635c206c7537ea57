import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { SchemaError } from '../../platform/errors';
import type { PharmacyStaff } from '../pharmacy/pharmacy.port';
import type { PharmacyVisitFact } from '../rx/rx.port';
import type { AnalyticsRepo } from './analytics.repo';
import { createAnalyticsService } from './analytics.service';

const owner = '1a9d5b70-0000-4000-8000-000000000001';
const pharmacist = '1a9d5b70-0000-4000-8000-000000000002';
const orgId = 'org-bayfront';

function visit(id: string, overrides: Partial<PharmacyVisitFact>): PharmacyVisitFact {
  return {
    id,
    productId: 'uti',
    status: 'pending',
    pharmacyStatus: null,
    linkId: null,
    brandId: null,
    assessmentId: null,
    createdAt: new Date('2026-03-01T15:00:00.000Z'),
    paidAt: null,
    ledgerId: null,
    prepayRedemptionId: null,
    prescribedAt: null,
    pharmacyClaimedAt: null,
    claimFeeEntryId: null,
    claimFeeCents: null,
    ...overrides,
  };
}

/**
 * Bayfront's month: a card-paid visit through its link, claimed 30 minutes after it was
 * prescribed (part of its charge refunded); a prepay visit waiting to be claimed; an unpaid one.
 */
const visits = [
  visit('v1', {
    productId: 'uri',
    linkId: 'link-1',
    pharmacyStatus: 'shipped',
    paidAt: new Date('2026-03-01T15:05:00.000Z'),
    ledgerId: 'charge-1',
    prescribedAt: new Date('2026-03-01T16:00:00.000Z'),
    pharmacyClaimedAt: new Date('2026-03-01T16:30:00.000Z'),
    claimFeeEntryId: 'fee-1',
    claimFeeCents: 300,
  }),
  visit('v2', {
    pharmacyStatus: 'unclaimed',
    paidAt: new Date('2026-03-01T15:10:00.000Z'),
    prepayRedemptionId: 'redemption-1',
    prescribedAt: new Date('2026-03-01T17:00:00.000Z'),
  }),
  visit('v3', {}),
];

function setUp() {
  const clock = fakeClock();
  const audit = recordingAudit();
  const logins: unknown[] = [];
  const staffOf = (accountId: string): PharmacyStaff =>
    ({
      accountId,
      organization: { id: orgId, name: 'Bayfront' },
      role: accountId === owner ? 'pharmacyAdmin' : 'pharmacist',
      readyRx: false,
      grant: null,
    }) as unknown as PharmacyStaff;
  const ranges: { from: Date; to: Date }[] = [];
  const repo: Pick<AnalyticsRepo, 'insertLoginEvent'> = {
    insertLoginEvent: async (row) => {
      logins.push(row);
    },
  };
  const service = createAnalyticsService({
    repo: repo as AnalyticsRepo,
    pharmacy: {
      staff: async (actor) => staffOf(actor.accountId),
      allLinksOf: async () => [{ id: 'link-1', screenId: 'uri', deletedAt: null }] as never,
    },
    rx: {
      pharmacyVisitsStarted: async (_id, range) => {
        ranges.push(range);
        return visits;
      },
    },
    payments: {
      chargeTotals: async (ids) =>
        ids.includes('charge-1') ? [{ id: 'charge-1', amountCents: 4900, refundedCents: 900 }] : [],
      chargesOf: async () => [],
    },
    brands: {
      byId: async () => ({ id: 'apothecall', name: 'Apothecall' }) as never,
      referralsOf: async () => [],
    },
    accounts: {
      membersOf: async () => [],
      persons: async () => [],
      loginId: async () => undefined,
      membership: async () => undefined,
      referredWith: async () => [],
    },
    audit,
    claimFeeCents: 300,
    now: clock.now,
  });
  return { service, audit, logins, ranges };
}

describe('analytics service', () => {
  it('answers the pharmacy’s administrator only: a pharmacist 403, another pharmacy 404, both audited', async () => {
    const { service, audit, ranges } = setUp();
    await expect(service.overview(fakeActor(pharmacist), orgId, {})).rejects.toMatchObject({
      status: 403,
      code: 'PHARMACY_ADMIN_ONLY',
    });
    await expect(service.overview(fakeActor(owner), 'org-other', {})).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(ranges).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action, r.detail])).toEqual([
      ['denied', 'analytics.access', { what: 'overview', reason: 'not-admin' }],
      ['denied', 'analytics.access', { what: 'overview', reason: 'not-found-or-not-allowed' }],
    ]);
  });

  it('refuses a range that ends before it starts, naming the field', async () => {
    const { service } = setUp();
    const error = await service
      .overview(fakeActor(owner), orgId, { from: '2026-03-02', to: '2026-03-01' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).issues).toEqual([
      { path: 'from', message: 'analytics.range.order' },
    ]);
  });

  it('computes the overview: money, claim fees owed and paid, conversion and time to claim', async () => {
    const { service, audit } = setUp();
    const overview = await service.overview(fakeActor(owner), orgId, {
      from: '2026-03-01',
      to: '2026-03-01',
    });
    expect(overview.range).toEqual({
      from: '2026-03-01',
      to: '2026-03-01',
      timeZone: 'America/New_York',
    });
    expect(overview.visits).toBe(3);
    expect(overview.byTreatment).toEqual([
      { productId: 'uti', count: 2 },
      { productId: 'uri', count: 1 },
    ]);
    expect(overview.byStatus.find((s) => s.status === 'notAtPharmacy')?.count).toBe(1);
    expect(overview.revenue).toEqual({
      paidVisits: 2,
      cardVisits: 1,
      prepayVisits: 1,
      chargedCents: 4900,
      refundedCents: 900,
      netCents: 4000,
    });
    expect(overview.fees).toEqual({
      claimFeeCents: 300,
      claims: 1,
      paidCents: 300,
      awaitingClaim: 1,
      owedCents: 300,
    });
    expect(overview.conversion.links).toEqual([
      { linkId: 'link-1', productId: 'uri', deleted: false, started: 1, paid: 1, rate: 100 },
    ]);
    expect(overview.timeToClaim).toEqual({ claims: 1, medianMinutes: 30, p90Minutes: 30 });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'analytics.overview.read',
        detail: { organizationId: orgId, from: '2026-03-01', to: '2026-03-01' },
      }),
    ]);
  });

  it('keeps a pharmacy staff member’s login attempt, and nothing of anyone else’s', async () => {
    const { service, logins } = setUp();
    const attempt = {
      accountId: pharmacist,
      role: 'pharmacist',
      outcome: 'failure' as const,
      reason: 'password',
      platform: 'web',
      ipPrefix: '203.0.113',
      at: '2026-03-02T15:00:00.000Z',
    };
    await service.recordLogin({ ...attempt, organizationType: null, organizationId: null });
    await service.recordLogin({ ...attempt, organizationType: 'company', organizationId: 'acme' });
    await service.recordLogin({ ...attempt, organizationType: 'pharmacy', organizationId: orgId });
    expect(logins).toEqual([
      {
        accountId: pharmacist,
        organizationId: orgId,
        role: 'pharmacist',
        at: new Date('2026-03-02T15:00:00.000Z'),
        outcome: 'failure',
        reason: 'password',
        platform: 'web',
        ipPrefix: '203.0.113',
      },
    ]);
  });
});
