import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, fakePaymentsPort, recordingAudit } from '../../../test/fakes';
import type {
  SubscriptionChargeRecord,
  SubscriptionRecord,
  SubscriptionsRepo,
} from './subscriptions.repo';
import { createSubscriptionsAdminService } from './subscriptions-admin.service';

const admin = '4d2c8f30-0000-4000-8000-000000000001';
const otherAdmin = '4d2c8f30-0000-4000-8000-000000000002';
const member = '4d2c8f30-0000-4000-8000-000000000003';
const subId = '4d2c8f30-0000-4000-8000-0000000000a1';

function subscription(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    id: subId,
    accountId: member,
    company: 'acme',
    kind: 'rx',
    plan: null,
    period: null,
    serviceId: 'hair',
    months: 3,
    billedCents: 6000,
    status: 'active',
    renewAt: new Date('2026-05-01T00:00:00.000Z'),
    cycle: 1,
    failedRenewals: 0,
    retryAt: null,
    paymentProfileId: 'card-1',
    purchaseKey: 'buy-1',
    startedAt: new Date('2026-02-01T00:00:00.000Z'),
    cancelledAt: null,
    cancelReason: null,
    endedAt: null,
    refunded: false,
    createdAt: new Date('2026-02-01T00:00:00.000Z'),
    ...overrides,
  } as SubscriptionRecord;
}

function charge(overrides: Partial<SubscriptionChargeRecord>): SubscriptionChargeRecord {
  return {
    id: `charge-${overrides.cycle ?? 0}-${overrides.kind ?? 'purchase'}`,
    subscriptionId: subId,
    kind: 'purchase',
    cycle: 0,
    ledgerId: 'ledger-0',
    amountCents: 6000,
    createdAt: new Date('2026-02-01T00:00:00.000Z'),
    ...overrides,
  } as SubscriptionChargeRecord;
}

/** One rx subscription of the company 'acme', paid at purchase and renewed once. */
function setUp(options: { refunded?: boolean; status?: string } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const payments = fakePaymentsPort();
  let sub = subscription({
    refunded: options.refunded ?? false,
    status: options.status ?? 'active',
  });
  const charges = [
    charge({ cycle: 0, ledgerId: 'ledger-0' }),
    charge({
      cycle: 1,
      kind: 'renewal',
      ledgerId: 'ledger-1',
      createdAt: new Date('2026-03-01T00:00:00.000Z'),
    }),
  ];
  const refunds: unknown[] = [];
  const repo: Pick<SubscriptionsRepo, 'byId' | 'charges' | 'refund' | 'setStatus' | 'ofCompany'> = {
    byId: async (id) => (id === sub.id ? sub : undefined),
    charges: async () => charges,
    ofCompany: async (company) => (company === sub.company ? [sub] : []),
    refund: async (id, paid, reason) => {
      refunds.push({ id, ...paid, reason });
      sub = { ...sub, refunded: true, status: 'inactive', cancelReason: reason };
      charges.push(
        charge({ cycle: paid.cycle, kind: 'refund', ledgerId: paid.ledgerId, createdAt: paid.at }),
      );
      return sub;
    },
    setStatus: async (id, from, change) => {
      if (id !== sub.id || sub.status !== from) return undefined;
      sub = { ...sub, ...change } as SubscriptionRecord;
      return sub;
    },
  };
  const service = createSubscriptionsAdminService({
    repo: repo as SubscriptionsRepo,
    accounts: {
      membership: async (id) =>
        id === admin || id === otherAdmin
          ? {
              role: 'rxadmin',
              organizationType: 'company',
              organizationId: id === admin ? 'acme' : 'globex',
              permissions: [`rxSubscriptionAdmin:${id === admin ? 'acme' : 'globex'}`],
              disabled: false,
            }
          : undefined,
      displayName: async (id) => (id === member ? 'Maria Rivera' : undefined),
    },
    payments: payments.port,
    subscriptions: {
      catalogOf: async () => ({
        sells: true,
        catalog: {
          plans: [],
          memberVisitCents: 0,
          nonmemberVisitCents: 0,
          rxServices: [
            { id: 'hair', name: { en: 'Hair', es: 'Cabello' }, monthlyCents: 2000, months: [3] },
          ],
        },
      }),
    },
    audit,
    now: clock.now,
  });
  return { service, audit, payments, refunds };
}

describe('subscriptions admin service', () => {
  it('answers only its company’s rx administrator: others are refused and the denial audited', async () => {
    const { service, audit } = setUp();
    await expect(service.overview(fakeActor(member))).rejects.toMatchObject({
      status: 403,
      code: 'RX_ADMIN_ONLY',
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({ outcome: 'denied', action: 'subscription.admin' }),
    ]);
    // Another company's administrator does not find this subscription.
    await expect(
      service.cancel(fakeActor(otherAdmin), subId, { refund: false, reason: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('shows the subscribers with the charge a refund would give back, and the revenue by month', async () => {
    const { service, audit } = setUp();
    const overview = await service.overview(fakeActor(admin, { lang: 'es' }));
    expect(overview.company).toBe('acme');
    expect(overview.subscribers).toEqual([
      expect.objectContaining({
        id: subId,
        serviceName: 'Cabello',
        memberName: 'Maria Rivera',
        lastCharge: { amount: 6000, date: '2026-03-01T00:00:00.000Z' },
      }),
    ]);
    expect(overview.revenueByMonth).toEqual([
      { month: '2026-02', chargedCents: 6000, refundedCents: 0, netCents: 6000 },
      { month: '2026-03', chargedCents: 6000, refundedCents: 0, netCents: 6000 },
    ]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'subscription.admin.list',
        detail: { company: 'acme', count: 1 },
      }),
    ]);
  });

  it('refunds the current period once under its key, and refuses a second refund', async () => {
    const { service, payments, refunds, audit } = setUp();
    const refunded = await service.cancel(fakeActor(admin), subId, {
      refund: true,
      reason: 'duplicate',
    });
    expect(refunded).toMatchObject({ refunded: true, status: 'inactive', lastCharge: null });
    expect(payments.calls).toEqual([
      {
        op: 'refund',
        accountId: member,
        key: `subscription:${subId}:refund:1`,
        chargeId: 'ledger-1',
      },
    ]);
    expect(refunds).toEqual([
      expect.objectContaining({ cycle: 1, amountCents: 6000, reason: 'duplicate' }),
    ]);
    await expect(
      service.cancel(fakeActor(admin), subId, { refund: true, reason: 'again' }),
    ).rejects.toMatchObject({ status: 400, code: 'SUBSCRIPTION_NOT_REFUNDABLE' });
    expect(audit.rows.map((r) => [r.action, r.subject])).toEqual([
      ['subscription.admin.refund', { accountId: member }],
    ]);
  });

  it('cancels without a refund (no more renewals), and refuses an ended subscription', async () => {
    const { service, payments, audit } = setUp();
    const cancelled = await service.cancel(fakeActor(admin), subId, {
      refund: false,
      reason: 'asked by phone',
    });
    expect(cancelled).toMatchObject({ status: 'cancelled', refunded: false });
    expect(payments.calls).toEqual([]);
    expect(audit.rows.map((r) => r.action)).toEqual(['subscription.admin.cancel']);
    const ended = setUp({ status: 'inactive' });
    await expect(
      ended.service.cancel(fakeActor(admin), subId, { refund: false, reason: 'x' }),
    ).rejects.toMatchObject({ status: 400, code: 'SUBSCRIPTION_NOT_ACTIVE' });
  });
});
