import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeClock, recordingAudit } from '../../../test/fakes';
import {
  GatewayError,
  type GatewayTransaction,
  type PaymentGateway,
} from '../../platform/payments/gateway';
import { memoryRateLimiter } from '../../platform/rate-limit';
import type { CardsRepo, ProfileRecord } from './cards.repo';
import { createChargesService, refundRowOf } from './charges.service';
import type { CouponsRepo } from './coupons.repo';
import type { LedgerRecord, LedgerRepo } from './ledger.repo';
import { createPricingService } from './pricing.service';
import type { SecretsRepo } from './secrets.repo';

const maria = '8b3f4c60-0000-4000-8000-000000000001';
const nora = '8b3f4c60-0000-4000-8000-000000000002';
const origin = { ip: '203.0.113.7', requestId: 'req-1' };

/**
 * The payments tables in memory behind the area's repos, with the real repos' guarantees: one
 * ledger row per (account, key); `openCharge` reserves credit and the coupon in one step;
 * `settle` only from pending; one credit entry per (ledger row, reason).
 */
function memoryPaymentsTables(now: () => Date) {
  const rows: LedgerRecord[] = [];
  const credit: {
    accountId: string;
    amountCents: number;
    reason: string;
    ledgerId: string | null;
  }[] = [];
  const profiles: (ProfileRecord & { accountId: string; deleted: boolean })[] = [];
  const customers = new Map<string, string>();
  const redemptions: { accountId: string; code: string; ledgerId: string | null; at: Date }[] = [];
  const secretValues = new Map<string, string>();
  const balance = (accountId: string) =>
    credit.filter((c) => c.accountId === accountId).reduce((sum, c) => sum + c.amountCents, 0);
  const copy = (row: LedgerRecord | undefined) => (row ? { ...row } : undefined);
  const keyUsed = (accountId: string, key: string) =>
    rows.some((r) => r.accountId === accountId && r.idempotencyKey === key);

  const ledger: LedgerRepo = {
    async insertPending(entry) {
      if (keyUsed(entry.accountId, entry.idempotencyKey)) return undefined;
      const row: LedgerRecord = {
        ...entry,
        id: randomUUID(),
        state: 'pending',
        gatewayTransactionId: null,
        errorCode: null,
        createdAt: now(),
      };
      rows.push(row);
      return { ...row };
    },
    async openCharge(entry, couponCode) {
      if (keyUsed(entry.accountId, entry.idempotencyKey)) return { kind: 'exists' };
      const id = randomUUID();
      if (couponCode) {
        const redemption = redemptions.find(
          (r) => r.accountId === entry.accountId && r.code === couponCode && r.ledgerId === null,
        );
        if (!redemption) return { kind: 'coupon-unavailable' };
        redemption.ledgerId = id;
      }
      const creditCents = Math.min(Math.max(0, balance(entry.accountId)), entry.amountCents);
      const row: LedgerRecord = {
        ...entry,
        id,
        state: 'pending',
        creditCents,
        cardCents: entry.amountCents - creditCents,
        gatewayTransactionId: null,
        errorCode: null,
        createdAt: now(),
      };
      rows.push(row);
      if (creditCents > 0) {
        credit.push({
          accountId: entry.accountId,
          amountCents: -creditCents,
          reason: 'charge',
          ledgerId: id,
        });
      }
      return { kind: 'opened', entry: { ...row } };
    },
    async refundOf(chargeId) {
      return copy(
        rows.find((r) => r.relatedId === chargeId && r.kind === 'refund' && r.state !== 'failed'),
      );
    },
    async findByKey(accountId, key) {
      return copy(rows.find((r) => r.accountId === accountId && r.idempotencyKey === key));
    },
    async findEntry(accountId, id) {
      return copy(rows.find((r) => r.accountId === accountId && r.id === id));
    },
    async settle(id, state, detail) {
      const row = rows.find((r) => r.id === id && r.state === 'pending');
      if (!row) return false;
      row.state = state;
      row.gatewayTransactionId = detail.gatewayTransactionId ?? null;
      row.errorCode = detail.errorCode ?? null;
      return true;
    },
    async pendingBefore(at) {
      return rows.filter((r) => r.state === 'pending' && r.createdAt < at).map((r) => ({ ...r }));
    },
    async listEntries(accountId) {
      return rows
        .filter((r) => r.accountId === accountId && r.state === 'succeeded')
        .reverse()
        .map((r) => ({ ...r }));
    },
    async succeededChargesOf(accountIds) {
      return rows.filter(
        (r) => accountIds.includes(r.accountId) && r.kind === 'charge' && r.state === 'succeeded',
      );
    },
    async chargesWithRefunds(chargeIds) {
      const succeeded = (r: LedgerRecord) => r.state === 'succeeded';
      return rows
        .filter((r) => chargeIds.includes(r.id) && r.kind === 'charge' && succeeded(r))
        .map((c) => ({
          id: c.id,
          amountCents: c.amountCents,
          refundedCents: rows
            .filter((r) => r.kind === 'refund' && r.relatedId === c.id && succeeded(r))
            .reduce((sum, r) => sum + r.amountCents, 0),
        }));
    },
    async creditBalance(accountId) {
      return balance(accountId);
    },
    async addCredit(accountId, amountCents, reason, ledgerId) {
      if (ledgerId && credit.some((c) => c.ledgerId === ledgerId && c.reason === reason)) return;
      credit.push({ accountId, amountCents, reason, ledgerId });
    },
  };
  const cards: CardsRepo = {
    async customerOf(accountId, gateway) {
      return customers.get(`${accountId}|${gateway}`);
    },
    async saveCustomer(accountId, gateway, id) {
      if (!customers.has(`${accountId}|${gateway}`)) customers.set(`${accountId}|${gateway}`, id);
    },
    async listProfiles(accountId) {
      return profiles.filter((p) => p.accountId === accountId && !p.deleted);
    },
    async findProfile(accountId, id) {
      return profiles.find(
        (p) => p.accountId === accountId && p.paymentProfileId === id && !p.deleted,
      );
    },
    async gatewayProfileId(id) {
      return profiles.find((p) => p.id === id)?.paymentProfileId;
    },
    async insertProfile(accountId, _gateway, profile) {
      profiles.push({ ...profile, id: randomUUID(), accountId, valid: true, deleted: false });
    },
    async deleteProfile(id) {
      for (const p of profiles) if (p.id === id) p.deleted = true;
    },
    async markProfileInvalid(id) {
      for (const p of profiles) if (p.id === id) p.valid = false;
    },
  };
  const coupons: CouponsRepo = {
    async coupon() {
      return undefined;
    },
    async redeemCoupon(accountId, code) {
      if (!redemptions.some((r) => r.accountId === accountId && r.code === code))
        redemptions.push({ accountId, code, ledgerId: null, at: now() });
      return true;
    },
    async redemptions(accountId) {
      return redemptions
        .filter((r) => r.accountId === accountId)
        .map((r) => ({ code: r.code, title: '', message: '', redeemedAt: r.at }));
    },
    async releaseCoupon(ledgerId) {
      for (const r of redemptions) if (r.ledgerId === ledgerId) r.ledgerId = null;
    },
    // This double knows no coupon records (coupon() answers none): none is ever applied.
    async appliedCoupon() {
      return undefined;
    },
    async setAsideCoupons(accountId) {
      for (let i = redemptions.length - 1; i >= 0; i--) {
        const r = redemptions[i];
        if (r && r.accountId === accountId && r.ledgerId === null) redemptions.splice(i, 1);
      }
    },
  };
  const secrets: SecretsRepo = {
    async secret(name, make) {
      if (!secretValues.has(name)) secretValues.set(name, make());
      return secretValues.get(name)!;
    },
  };
  return { ledger, cards, coupons, secrets, rows, credit, profiles, customers };
}

/**
 * A gateway that keeps its transactions: `declines` lists payment profiles it declines; `lose`
 * makes the next charge go through but its answer get lost (a timeout after the approval);
 * `down` makes the next charge or refund fail before the gateway does anything.
 */
function fakeGateway() {
  const transactions: GatewayTransaction[] = [];
  const refunds: { transactionId: string; amountCents: number }[] = [];
  const declines = new Set<string>();
  let next: 'lose' | 'down' | undefined;
  let n = 0;
  const unused = async (): Promise<never> => {
    throw new Error('not used by charges');
  };
  const gateway: PaymentGateway = {
    name: 'fake',
    createCustomer: unused,
    addCard: unused,
    deleteCard: unused,
    async charge(request) {
      if (declines.has(request.paymentProfileId))
        throw new GatewayError('declined', '2', 'This transaction has been declined.');
      if (next === 'down') {
        next = undefined;
        throw new Error('connect ECONNREFUSED');
      }
      const transaction: GatewayTransaction = {
        transactionId: `tx_${++n}`,
        invoiceNumber: request.invoiceNumber,
        amountCents: request.amountCents,
        status: 'approved',
      };
      transactions.push(transaction);
      if (next === 'lose') {
        next = undefined;
        throw new Error('socket hang up');
      }
      return { transactionId: transaction.transactionId };
    },
    async refund(input) {
      if (next === 'down') {
        next = undefined;
        throw new Error('connect ECONNREFUSED');
      }
      refunds.push({ transactionId: input.transactionId, amountCents: input.amountCents });
      const original = transactions.find((t) => t.transactionId === input.transactionId);
      if (original?.status !== 'approved')
        throw new GatewayError('invalid', '3-55', 'The sum of credits is greater than the charge.');
      original.status = 'refunded';
      return { transactionId: `tx_${++n}` };
    },
    async void() {},
    async findByInvoice(invoiceNumber) {
      return transactions.find((t) => t.invoiceNumber === invoiceNumber);
    },
    async findTransaction(transactionId) {
      return transactions.find((t) => t.transactionId === transactionId);
    },
  };
  return {
    gateway,
    transactions,
    refunds,
    declines,
    failNext: (how: 'lose' | 'down') => {
      next = how;
    },
  };
}

/**
 * The charges service over the memory repo and the fake gateway, with the real pricing service
 * (signed price tokens, a $49 fee, FRIEND10 = $39). Maria has a customer profile and two cards:
 * `pp_visa` approves, `pp_declines` is declined by the gateway. Every `it` builds its own.
 */
function setUp() {
  const clock = fakeClock();
  const store = memoryPaymentsTables(clock.now);
  const pay = fakeGateway();
  const audit = recordingAudit();
  const pricing = createPricingService({
    limiter: memoryRateLimiter(),
    coupons: store.coupons,
    secrets: store.secrets,
    referral: async (code) =>
      code === 'FRIEND10' ? { title: '$10 off', message: '', priceCents: 3900 } : undefined,
    feeCents: 4900,
    now: clock.now,
  });
  const charges = createChargesService({
    ledger: store.ledger,
    cards: store.cards,
    coupons: store.coupons,
    gateway: pay.gateway,
    pricing,
    audit,
    referrals: { codesOwnedBy: async () => [], referredWith: async () => [] },
    abandonedAfterMs: 60_000,
    now: clock.now,
  });
  store.customers.set(`${maria}|fake`, 'cus_1');
  for (const [paymentProfileId, last4] of [
    ['pp_visa', '1111'],
    ['pp_declines', '0002'],
  ] as const) {
    store.profiles.push({
      id: randomUUID(),
      accountId: maria,
      paymentProfileId,
      brand: 'visa',
      last4,
      expiration: '12/29',
      holderName: 'Maria Rivera',
      valid: true,
      deleted: false,
    });
  }
  pay.declines.add('pp_declines');
  const price = async (accountId = maria) => (await pricing.defaultPrice(accountId)).priceToken;
  const charge = async (key: string, paymentProfileId: string | null = 'pp_visa', token?: string) =>
    charges.charge(
      maria,
      {
        priceToken: token ?? (await price()),
        paymentProfileId,
        idempotencyKey: key,
        description: 'On-demand visit (soreThroat)',
      },
      origin,
    );
  return { charges, pricing, store, pay, audit, clock, price, charge };
}

describe('charges.service charge', () => {
  it('makes a retried key one charge: the same entry back, the gateway charged once', async () => {
    const { charge, pay, store } = setUp();
    const first = await charge('visit:key-1');
    const again = await charge('visit:key-1');
    expect(again).toEqual(first);
    expect(first).toMatchObject({ kind: 'charge', amount: 4900, transactionStatus: 'approved' });
    expect(pay.transactions).toHaveLength(1);
    expect(store.rows).toHaveLength(1);
  });

  it('makes concurrent requests with one key one charge with one answer', async () => {
    const { charge, pay, store } = setUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => charge('visit:key-2')));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(pay.transactions).toHaveLength(1);
    expect(store.rows).toHaveLength(1);
  });

  it('refuses a different amount under a key already used', async () => {
    const { charge, pricing, pay } = setUp();
    await charge('visit:key-3');
    const friend = (await pricing.referral(maria, 'friend10')).priceToken;
    await expect(charge('visit:key-3', 'pp_visa', friend)).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_MISMATCH',
    });
    expect(pay.transactions).toHaveLength(1);
  });

  it('answers a stale, forged or foreign price token with PRICE_TOKEN_STALE and the default price', async () => {
    const { charge, price, pricing, clock, pay, store } = setUp();
    const expired = await price();
    clock.advance(31 * 60_000);
    for (const token of [expired, await price(nora), 'e30.forged']) {
      const refused = await charge('visit:key-4', 'pp_visa', token).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({
        status: 400,
        code: 'PRICE_TOKEN_STALE',
        extra: { defaultPrice: 4900 },
      });
      // The fresh token in the answer pays.
      const fresh = String(
        (refused as { extra: { defaultPriceToken: string } }).extra.defaultPriceToken,
      );
      expect(await pricing.verify(maria, fresh)).toMatchObject({ price: 4900 });
    }
    expect(pay.transactions).toEqual([]);
    expect(store.rows).toEqual([]);
  });

  it('uses credit before the card, and only credit when it covers the price', async () => {
    const { charge, charges, store, pay } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    const part = await charge('visit:key-5');
    expect(part).toMatchObject({ amount: 4900, creditCents: 1000 });
    expect(pay.transactions.map((t) => t.amountCents)).toEqual([3900]);
    expect(await charges.creditBalance(maria)).toBe(0);

    await store.ledger.addCredit(maria, 5000, 'goodwill', null);
    const whole = await charge('visit:key-6', null);
    expect(whole).toMatchObject({ amount: 4900, creditCents: 4900 });
    expect(pay.transactions).toHaveLength(1);
    expect(await charges.creditBalance(maria)).toBe(100);
  });

  it('records a declined card as a failed entry, audits the failure, marks the card and returns the credit', async () => {
    const { charge, charges, store, pay, audit } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    await expect(charge('visit:key-7', 'pp_declines')).rejects.toMatchObject({
      status: 400,
      code: 'CARD_DECLINED',
    });
    expect(store.rows).toMatchObject([{ state: 'failed', errorCode: 'declined' }]);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        outcome: 'failure',
        action: 'payment.charge',
        actorAccountId: maria,
        detail: { ledgerId: store.rows[0]?.id, reason: 'declined' },
      }),
    ]);
    expect(store.profiles.find((p) => p.paymentProfileId === 'pp_declines')?.valid).toBe(false);
    expect(await charges.creditBalance(maria)).toBe(1000);
    // The retry is answered from the ledger, without asking the gateway again.
    await expect(charge('visit:key-7', 'pp_declines')).rejects.toMatchObject({
      code: 'CARD_DECLINED',
    });
    expect(pay.transactions).toEqual([]);
  });

  it('asks the gateway what happened when its answer is lost, and never charges twice', async () => {
    const { charge, pay, store } = setUp();
    pay.failNext('lose');
    const settled = await charge('visit:key-8');
    expect(settled).toMatchObject({ transactionStatus: 'approved', transId: 'tx_1' });
    expect(await charge('visit:key-8')).toEqual(settled);
    expect(pay.transactions).toHaveLength(1);

    // The gateway holds no charge for it: not charged, said as a 4xx (the next try takes a new
    // key), the same for a retry of the key, and a new key pays.
    pay.failNext('down');
    const notCharged = { status: 409, code: 'PAYMENT_NOT_CHARGED' };
    await expect(charge('visit:key-9')).rejects.toMatchObject(notCharged);
    expect(store.rows.find((r) => r.idempotencyKey === 'visit:key-9')).toMatchObject({
      state: 'failed',
      errorCode: 'not-charged',
    });
    await expect(charge('visit:key-9')).rejects.toMatchObject(notCharged);
    expect(await charge('visit:key-10')).toMatchObject({ transactionStatus: 'approved' });
    expect(pay.transactions).toHaveLength(2);
  });
});

describe('charges.service refund', () => {
  it('refunds a charge once, whatever the key, each part where it came from', async () => {
    const { charge, charges, store, pay } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    const paid = await charge('visit:key-10');
    const refund = await charges.refund(maria, paid.id, 'refund:visit:1', origin);
    expect(refund).toMatchObject({ kind: 'refund', amount: 4900, transactionStatus: 'refunded' });
    expect(pay.refunds).toEqual([
      { transactionId: pay.transactions[0]?.transactionId, amountCents: 3900 },
    ]);
    expect(await charges.creditBalance(maria)).toBe(1000);

    expect(await charges.refund(maria, paid.id, 'refund:visit:1', origin)).toEqual(refund);
    expect(await charges.refund(maria, paid.id, 'another-key', origin)).toEqual(refund);
    expect(pay.refunds).toHaveLength(1);
    expect(await charges.creditBalance(maria)).toBe(1000);
    expect(store.rows.filter((r) => r.kind === 'refund')).toHaveLength(1);
  });

  it('answers not found for a charge that failed, is unknown, or is another account’s', async () => {
    const { charge, charges, pay, store } = setUp();
    await expect(charge('visit:key-11', 'pp_declines')).rejects.toMatchObject({
      code: 'CARD_DECLINED',
    });
    const failed = store.rows.find((r) => r.idempotencyKey === 'visit:key-11');
    expect(failed?.state).toBe('failed');
    await expect(charges.refund(maria, failed?.id ?? '', 'k', origin)).rejects.toMatchObject({
      status: 404,
    });
    const paid = await charge('visit:key-12');
    await expect(charges.refund(nora, paid.id, 'k', origin)).rejects.toMatchObject({ status: 404 });
    await expect(charges.refund(maria, randomUUID(), 'k', origin)).rejects.toMatchObject({
      status: 404,
    });
    expect(pay.refunds).toEqual([]);
  });
});

describe('charges.service reconcile', () => {
  it('settles entries a stopped process left pending from the gateway’s own record', async () => {
    const { charges, store, pay, clock } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    const open = async (key: string) => {
      const opened = await store.ledger.openCharge(
        {
          accountId: maria,
          kind: 'charge',
          idempotencyKey: key,
          fingerprint: '4900:pp_visa',
          invoiceNumber: `AC${key}`,
          amountCents: 4900,
          paymentProfileId: store.profiles[0]?.id ?? null,
          cardBrand: 'visa',
          cardLast4: '1111',
          cardHolder: 'Maria Rivera',
          relatedId: null,
          description: 'On-demand visit',
        },
        null,
      );
      if (opened.kind !== 'opened') throw new Error(opened.kind);
      return opened.entry;
    };
    // Never reached the gateway (it holds the reserved credit), and approved before the crash.
    const lost = await open('crash-1');
    const approved = await open('crash-2');
    await pay.gateway.charge({
      customerProfileId: 'cus_1',
      paymentProfileId: 'pp_visa',
      amountCents: approved.cardCents,
      invoiceNumber: approved.invoiceNumber,
      description: 'On-demand visit',
    });
    clock.advance(2 * 60_000);
    // Still in flight in a live process: not touched.
    const live = await open('live-1');

    expect(await charges.reconcile()).toEqual({ succeeded: 1, failed: 1 });
    const row = (id: string) => store.rows.find((r) => r.id === id);
    expect(row(approved.id)).toMatchObject({ state: 'succeeded', gatewayTransactionId: 'tx_1' });
    expect(row(lost.id)).toMatchObject({ state: 'failed', errorCode: 'not-charged' });
    expect(row(live.id)?.state).toBe('pending');
    expect(lost.creditCents).toBe(1000);
    expect(await charges.creditBalance(maria)).toBe(1000);
    expect(pay.transactions).toHaveLength(1);
    // A second round finds nothing more to do.
    expect(await charges.reconcile()).toEqual({ succeeded: 0, failed: 0 });
  });

  /** A refund row left pending, as a process that stopped mid-refund leaves it. */
  async function pendingRefund(
    store: ReturnType<typeof memoryPaymentsTables>,
    paid: { id: string },
    key: string,
  ) {
    const charge = store.rows.find((r) => r.id === paid.id);
    if (!charge) throw new Error('no charge');
    const entry = await store.ledger.insertPending(
      refundRowOf(charge, key, `R${key}`.slice(0, 20)),
    );
    if (!entry) throw new Error('key used');
    return { charge, entry };
  }

  it('settles refunds a stopped process left pending: done at the gateway, or done now; credit back once', async () => {
    const { charge, charges, store, pay, clock } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    const first = await charge('visit:key-20');
    await store.ledger.addCredit(maria, 500, 'goodwill', null);
    const second = await charge('visit:key-21');
    expect(await charges.creditBalance(maria)).toBe(0);
    // The first refund reached the gateway before the process stopped; the second did not.
    const reached = await pendingRefund(store, first, 'refund:visit:20');
    await pay.gateway.refund({
      transactionId: reached.charge.gatewayTransactionId ?? '',
      amountCents: reached.charge.cardCents,
      customerProfileId: 'cus_1',
      paymentProfileId: '',
      invoiceNumber: reached.entry.invoiceNumber,
    });
    const notReached = await pendingRefund(store, second, 'refund:visit:21');
    clock.advance(2 * 60_000);

    expect(await charges.reconcile()).toEqual({ succeeded: 2, failed: 0 });
    const row = (id: string) => store.rows.find((r) => r.id === id);
    expect(row(reached.entry.id)?.state).toBe('succeeded');
    expect(row(notReached.entry.id)?.state).toBe('succeeded');
    // Each charge refunded at the gateway exactly once, each credit part returned once.
    expect(pay.refunds.map((r) => r.transactionId)).toEqual([
      reached.charge.gatewayTransactionId,
      notReached.charge.gatewayTransactionId,
    ]);
    expect(await charges.creditBalance(maria)).toBe(1500);
    expect(await charges.reconcile()).toEqual({ succeeded: 0, failed: 0 });
    expect(await charges.creditBalance(maria)).toBe(1500);
  });

  it('answers a refund retried after its process stopped as the refund, returning the credit once', async () => {
    const { charge, charges, store, pay, clock } = setUp();
    await store.ledger.addCredit(maria, 1000, 'goodwill', null);
    const paid = await charge('visit:key-22');
    const { entry } = await pendingRefund(store, paid, 'refund:visit:22');
    clock.advance(2 * 60_000);

    const answer = await charges.refund(maria, paid.id, 'refund:visit:22', origin);
    expect(answer).toMatchObject({ id: entry.id, kind: 'refund', transactionStatus: 'refunded' });
    expect(pay.refunds).toHaveLength(1);
    expect(store.credit.filter((c) => c.ledgerId === entry.id)).toEqual([
      expect.objectContaining({ amountCents: 1000, reason: 'refund' }),
    ]);
    expect(await charges.creditBalance(maria)).toBe(1000);
    expect(await charges.refund(maria, paid.id, 'refund:visit:22', origin)).toEqual(answer);
    expect(await charges.creditBalance(maria)).toBe(1000);
  });

  it('keeps a refund the gateway did not answer pending, and reconciliation finishes it', async () => {
    const { charge, charges, store, pay, clock } = setUp();
    const paid = await charge('visit:key-23');
    pay.failNext('down');
    await expect(charges.refund(maria, paid.id, 'refund:visit:23', origin)).rejects.toMatchObject({
      status: 503,
      code: 'PAYMENT_UNAVAILABLE',
    });
    const refund = store.rows.find((r) => r.idempotencyKey === 'refund:visit:23');
    expect(refund?.state).toBe('pending');
    clock.advance(2 * 60_000);
    expect(await charges.reconcile()).toEqual({ succeeded: 1, failed: 0 });
    expect(store.rows.find((r) => r.id === refund?.id)?.state).toBe('succeeded');
    expect(pay.refunds).toHaveLength(1);
  });
});
