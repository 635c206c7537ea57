import type { SubscriptionCatalogInput } from '@apothecall/domain/subscriptions/subscriptions.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, fakePaymentsPort, recordingAudit } from '../../../test/fakes';
import type { PersonFacts } from '../accounts/accounts.port';
import type { SubscriptionRecord, SubscriptionsRepo } from './subscriptions.repo';
import { createSubscriptionsService } from './subscriptions.service';

const maria = '5c3b9e20-0000-4000-8000-000000000001';
const leo = '5c3b9e20-0000-4000-8000-000000000002';

const catalog: SubscriptionCatalogInput = {
  plans: [{ plan: 'individual', period: 'quarterly', monthlyCents: 1500, freeMonths: 0 }],
  memberVisitCents: 1000,
  nonmemberVisitCents: 3900,
  rxServices: [
    { id: 'hair', name: { en: 'Hair', es: 'Cabello' }, monthlyCents: 2000, months: [1, 3] },
  ],
};

const defaults = {
  monthlyCents: 1000,
  familyMonthlyCents: 2000,
  memberVisitCents: 500,
  nonmemberVisitCents: 4900,
};

/**
 * Subscriptions kept in an array, with the purchase slots the real repo holds in a table; a
 * conflict on insert can be forced (another purchase stored its plan first).
 */
function memoryRepo(options: { busySlot?: boolean; conflict?: boolean } = {}) {
  const rows: SubscriptionRecord[] = [];
  const slots = new Map<string, string>();
  const released: string[] = [];
  const repo: Pick<
    SubscriptionsRepo,
    | 'byId'
    | 'byPurchaseKey'
    | 'ofAccount'
    | 'claimPurchase'
    | 'releasePurchase'
    | 'insert'
    | 'setStatus'
    | 'lapse'
  > = {
    byId: async (id) => rows.find((r) => r.id === id),
    byPurchaseKey: async (accountId, key) =>
      rows.find((r) => r.accountId === accountId && r.purchaseKey === key),
    ofAccount: async (accountId, kind) =>
      rows.filter((r) => r.accountId === accountId && r.kind === kind).reverse(),
    claimPurchase: async (accountId, slot, key) => {
      if (options.busySlot) return 'busy';
      slots.set(`${accountId}|${slot}`, key);
      return 'claimed';
    },
    releasePurchase: async (accountId, slot, key) => {
      if (slots.get(`${accountId}|${slot}`) === key) slots.delete(`${accountId}|${slot}`);
      released.push(`${slot}|${key}`);
    },
    insert: async (row) => {
      if (options.conflict) return { kind: 'conflict' };
      const stored: SubscriptionRecord = {
        id: `5c3b9e20-0000-4000-8000-${String(rows.length + 1).padStart(12, '0')}`,
        plan: null,
        period: null,
        serviceId: null,
        renewAt: null,
        cycle: 0,
        failedRenewals: 0,
        retryAt: null,
        paymentProfileId: null,
        cancelledAt: null,
        cancelReason: null,
        endedAt: null,
        refunded: false,
        createdAt: row.startedAt,
        ...row,
      } as SubscriptionRecord;
      rows.push(stored);
      return { kind: 'inserted', row: stored };
    },
    setStatus: async (id, from, change) => {
      const row = rows.find((r) => r.id === id && r.status === from);
      if (!row) return undefined;
      Object.assign(row, change);
      return row;
    },
    lapse: async () => true,
  };
  return { repo: repo as SubscriptionsRepo, rows, slots, released };
}

function setUp(options: { sells?: boolean; busySlot?: boolean; conflict?: boolean } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const payments = fakePaymentsPort({ priceCents: 4500 });
  const store = memoryRepo(options);
  const people = new Map<string, PersonFacts>(
    [maria, leo].map((id) => [
      id,
      {
        id,
        accountId: maria,
        firstName: id === maria ? 'Maria' : 'Leo',
        lastName: 'Rivera',
        dob: '1988-04-12',
        gender: 'F',
        phone: null,
        consultLocation: 'FL',
      },
    ]),
  );
  const service = createSubscriptionsService({
    repo: store.repo,
    accounts: { person: async (id) => people.get(id) },
    brands: {
      subscriptionSettings: async () => ({ sells: options.sells ?? true, catalog }),
    },
    payments: payments.port,
    audit,
    defaults,
    now: clock.now,
  });
  return { service, audit, payments, store, clock };
}

const purchase = {
  plan: 'individual' as const,
  period: 'quarterly' as const,
  paymentProfileId: 'card-1',
  idempotencyKey: 'buy-1',
};

describe('subscriptions service', () => {
  it('refuses a plan the brand does not sell, before any charge', async () => {
    const { service, payments, audit } = setUp({ sells: false });
    await expect(service.purchase(fakeActor(maria), purchase)).rejects.toMatchObject({
      status: 400,
      code: 'SUBSCRIPTION_NOT_SOLD',
      messageKey: 'subscriptions.notSold',
    });
    const selling = setUp();
    await expect(
      selling.service.purchase(fakeActor(maria), { ...purchase, period: 'annual' }),
    ).rejects.toMatchObject({
      code: 'SUBSCRIPTION_NOT_SOLD',
      messageKey: 'subscriptions.unknownPlan',
    });
    expect(payments.calls).toEqual([]);
    expect(selling.payments.calls).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('charges a plan once under the purchase key, stores it and gives the slot back', async () => {
    const { service, payments, store, audit } = setUp();
    const bought = await service.purchase(fakeActor(maria), purchase);
    expect(bought).toMatchObject({
      kind: 'visits',
      plan: 'individual',
      period: 'quarterly',
      months: 3,
      status: 'active',
      billedCents: 4500,
      renewDate: '2026-06-02T15:00:00.000Z',
    });
    // A retried purchase answers the first one: no second charge, no second subscription.
    expect(await service.purchase(fakeActor(maria), purchase)).toEqual(bought);
    expect(payments.calls).toEqual([
      { op: 'charge', accountId: maria, key: 'subscription:purchase:buy-1' },
    ]);
    expect(store.rows).toHaveLength(1);
    expect(store.released).toEqual(['visits|buy-1']);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'subscription.purchase',
        detail: { subscriptionId: bought.id, kind: 'visits', amount: 4500 },
      }),
    ]);
    // A second plan with another key is refused while this one is in force.
    await expect(
      service.purchase(fakeActor(maria), { ...purchase, idempotencyKey: 'buy-2' }),
    ).rejects.toMatchObject({ status: 409, code: 'SUBSCRIPTION_ALREADY_ACTIVE' });
  });

  it('refuses a purchase while another one holds the slot, and refunds one that lost', async () => {
    const busy = setUp({ busySlot: true });
    await expect(busy.service.purchase(fakeActor(maria), purchase)).rejects.toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_PURCHASE_IN_PROGRESS',
    });
    expect(busy.payments.calls).toEqual([]);

    const lost = setUp({ conflict: true });
    await expect(lost.service.purchase(fakeActor(maria), purchase)).rejects.toMatchObject({
      status: 409,
      code: 'SUBSCRIPTION_ALREADY_ACTIVE',
    });
    expect(lost.payments.calls.map((c) => [c.op, c.key])).toEqual([
      ['charge', 'subscription:purchase:buy-1'],
      ['refund', 'subscription:purchase-refund:buy-1'],
    ]);
    expect(lost.store.released).toEqual(['visits|buy-1']);
    expect(lost.audit.rows).toEqual([]);
  });

  it('cancels once and uncancels while the plan is still in force', async () => {
    const { service, audit } = setUp();
    const bought = await service.purchase(fakeActor(maria), purchase);
    const cancelled = await service.cancel(fakeActor(maria), { reason: 'too dear' });
    expect(cancelled).toMatchObject({
      id: bought.id,
      status: 'cancelled',
      cancelReason: 'too dear',
    });
    await expect(service.cancel(fakeActor(maria), { reason: 'again' })).rejects.toMatchObject({
      status: 400,
      code: 'SUBSCRIPTION_NOT_ACTIVE',
    });
    const back = await service.uncancel(fakeActor(maria), {});
    expect(back).toMatchObject({ status: 'active', cancelReason: null, cancelledAt: null });
    await expect(service.uncancel(fakeActor(maria), {})).rejects.toMatchObject({
      code: 'SUBSCRIPTION_NOT_CANCELLED',
    });
    expect(audit.rows.map((r) => r.action)).toEqual([
      'subscription.purchase',
      'subscription.cancel',
      'subscription.uncancel',
    ]);
  });

  it('prices a visit at the member price for the holder of an individual plan only', async () => {
    const { service, audit } = setUp();
    await expect(service.price(fakeActor(maria), maria)).rejects.toMatchObject({
      status: 400,
      code: 'SUBSCRIPTION_NOT_ACTIVE',
    });
    await service.purchase(fakeActor(maria), purchase);
    expect(await service.price(fakeActor(maria), maria)).toMatchObject({
      price: 1000,
      pricingChoice: 'member',
    });
    expect(await service.price(fakeActor(maria), leo)).toMatchObject({
      price: 3900,
      pricingChoice: 'nonmember',
    });
    await expect(
      service.price(fakeActor('5c3b9e20-0000-4000-8000-000000000009'), leo),
    ).rejects.toMatchObject({ status: 404 });
    expect(
      audit.rows.filter((r) => r.action === 'subscription.price').map((r) => r.detail),
    ).toEqual([
      expect.objectContaining({ member: true }),
      expect.objectContaining({ member: false }),
    ]);
  });
});
