import { randomBytes } from 'node:crypto';
import { addMonthsUtc } from '@apothecall/domain/subscriptions/subscriptions.rules';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  get,
  itReadsNoDate,
  login,
  newPatient,
  openTestDatabase,
  type Patient,
  readyToPay,
  send,
  setDuty,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { ledger } from '../../db/schema/payments';
import { outbox } from '../../db/schema/platform';
import { subscriptions } from '../../db/schema/subscriptions';

const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

function key(): string {
  return `key-${randomBytes(8).toString('hex')}`;
}

async function cardOf(t: TestApp, p: Patient): Promise<string> {
  return (await readyToPay(t, p)).payProfileID;
}

async function buy(
  t: TestApp,
  p: Patient,
  plan: 'individual' | 'family',
  period: 'quarterly' | 'semiannual' | 'annual',
) {
  const res = await send(t, 'POST', '/api/subscription-purchase/', p.token, {
    plan,
    period,
    paymentProfileId: await cardOf(t, p),
    idempotencyKey: key(),
    acceptTerms: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().subscription as { id: string; renewDate: string; billedCents: number };
}

async function addDependent(t: TestApp, p: Patient): Promise<string> {
  const res = await send(t, 'POST', '/api/account/dependents', p.token, {
    profile: { name: 'Theo Quinn', dob: '06-01-2015', gender: 'M', relation: 'son' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }).id;
}

async function row(t: TestApp, id: string) {
  const [found] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!found) throw new Error('no subscription');
  return found;
}

/** Succeeded and failed charges of an account, from the ledger (the gateway's record follows it). */
async function charges(t: TestApp, accountId: string) {
  const rows = await t.database.db
    .select({ state: ledger.state, kind: ledger.kind, amount: ledger.amountCents })
    .from(ledger)
    .where(eq(ledger.accountId, accountId));
  return {
    succeeded: rows.filter((r) => r.kind === 'charge' && r.state === 'succeeded').length,
    failed: rows.filter((r) => r.kind === 'charge' && r.state === 'failed').length,
    refunds: rows.filter((r) => r.kind === 'refund' && r.state === 'succeeded').length,
  };
}

async function mails(t: TestApp, to: string, subject: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.recipient, to), like(outbox.subject, subject)));
  return rows.length;
}

/** Waits (bounded) for the notice job to have written its mail; no timing is asserted. */
async function untilMail(t: TestApp, to: string, subject: string): Promise<number> {
  const deadline = Date.now() + 30_000;
  let n = await mails(t, to, subject);
  while (n === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    n = await mails(t, to, subject);
  }
  return n;
}

describe.each(databaseKinds)('subscriptions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  itReadsNoDate(
    'sells the brand catalog, and refuses bad input with a clear message and no change',
    async () => {
      const p = await newPatient(t);
      const pricing = (await get(t, '/api/subscription-pricing', p.token)).json();
      expect(pricing.available).toBe(true);
      expect(pricing.subscription).toBeNull();
      expect(pricing.session).toBeNull();
      const annual = pricing.plans.find(
        (o: { plan: string; period: string }) => o.plan === 'individual' && o.period === 'annual',
      );
      expect(annual).toMatchObject({
        months: 12,
        monthlyCents: 2500,
        freeMonths: 1,
        billedCents: 27_500,
      });

      const card = await cardOf(t, p);
      const bad = await t.fastify.inject({
        method: 'POST',
        url: '/api/subscription-purchase/',
        headers: { authorization: `Bearer ${p.token}`, 'accept-language': 'es' },
        payload: {
          plan: 'individual',
          period: 'monthly',
          paymentProfileId: card,
          idempotencyKey: key(),
          acceptTerms: true,
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errorCode).toBe('VALIDATION');
      const noTerms = await send(t, 'POST', '/api/subscription-purchase/', p.token, {
        plan: 'individual',
        period: 'annual',
        paymentProfileId: card,
        idempotencyKey: key(),
        acceptTerms: false,
      });
      expect(noTerms.statusCode).toBe(400);
      const noReason = await send(t, 'POST', '/api/subscription-cancel/', p.token, { reason: ' ' });
      expect(noReason.statusCode).toBe(400);
      expect(await charges(t, p.accountId)).toEqual({ succeeded: 0, failed: 0, refunds: 0 });
      expect((await get(t, '/api/subscription-pricing', p.token)).json().subscription).toBeNull();
    },
  );

  it('a retried purchase is one charge; a second plan while one is in force is refused', async () => {
    const p = await newPatient(t);
    const body = {
      plan: 'individual',
      period: 'semiannual',
      paymentProfileId: await cardOf(t, p),
      idempotencyKey: key(),
      acceptTerms: true,
    };
    const [a, b] = await Promise.all([
      send(t, 'POST', '/api/subscription-purchase/', p.token, body),
      send(t, 'POST', '/api/subscription-purchase/', p.token, body),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().subscription.id).toBe(b.json().subscription.id);
    const again = await send(t, 'POST', '/api/subscription-purchase/', p.token, {
      ...body,
      idempotencyKey: key(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorMsg).toBe('You already have a subscription in force.');
    expect((await charges(t, p.accountId)).succeeded).toBe(1);
  });

  itReadsNoDate(
    'member pricing (section 5): the main user, a family member of a family plan, a family member of an individual plan',
    async () => {
      const single = await newPatient(t);
      const family = await newPatient(t);
      const singleChild = await addDependent(t, single);
      const familyChild = await addDependent(t, family);
      const price = async (p: Patient, patientID: string) =>
        send(t, 'POST', '/api/subscription-price/', p.token, { patientID });

      // No plan: no member price.
      const none = await price(single, single.personId);
      expect(none.statusCode).toBe(400);
      expect(none.json().errorCode).toBe('SUBSCRIPTION_NOT_ACTIVE');

      await buy(t, single, 'individual', 'annual');
      await buy(t, family, 'family', 'annual');
      expect((await price(single, single.personId)).json()).toMatchObject({
        price: 1000,
        pricingChoice: 'member',
      });
      expect((await price(single, singleChild)).json()).toMatchObject({
        price: 3500,
        pricingChoice: 'nonmember',
      });
      expect((await price(family, familyChild)).json()).toMatchObject({
        price: 1000,
        pricingChoice: 'member',
      });
      expect((await price(family, family.personId)).json().price).toBe(1000);
      // Someone else's family member is not found.
      expect((await price(single, familyChild)).statusCode).toBe(404);

      const session = (await get(t, '/api/subscription-pricing', family.token)).json().session;
      expect(session).toMatchObject({
        active: true,
        family: true,
        memberPricing: { price: 1000 },
        nonmemberPricing: { price: 3500 },
      });

      // The dependent's visit is charged the member price with the subscription token, which
      // pays that family member's visit only.
      await setDuty(t, { loginId: demo.provider, password: demo.password }, true);
      const payer = await readyToPay(t, family, { personId: familyChild });
      const { subscriptionToken } = (await price(family, familyChild)).json();
      const forOther = await send(t, 'POST', '/api/visit-start/', family.token, {
        ...startBody({ ...payer, personId: family.personId }),
        subscriptionToken,
      });
      expect(forOther.statusCode).toBe(400);
      expect(forOther.json().errorCode).toBe('PRICE_TOKEN_STALE');
      const visit = await send(t, 'POST', '/api/visit-start/', family.token, {
        ...startBody(payer),
        subscriptionToken,
        pricingChoice: 'member',
      });
      expect(visit.statusCode, visit.body).toBe(200);
      const list = (await send(t, 'POST', '/api/transactionsGET', family.token, {})).json()
        .transactions as { amount: number }[];
      expect(list.map((e) => e.amount).sort((x, y) => x - y)).toEqual([1000, 44_000]);
      await send(t, 'POST', `/api/visits/${visit.json().id}/cancel`, family.token, {});
      await setDuty(t, { loginId: demo.provider, password: demo.password }, false);
    },
  );

  it('a cancelled plan is not renewed at its date; one uncancelled before it is', async () => {
    const stays = await newPatient(t);
    const back = await newPatient(t);
    const s1 = await buy(t, stays, 'individual', 'semiannual');
    const s2 = await buy(t, back, 'individual', 'semiannual');
    for (const p of [stays, back]) {
      const c = await send(t, 'POST', '/api/subscription-cancel/', p.token, {
        reason: 'Too expensive',
      });
      expect(c.statusCode).toBe(200);
      expect(c.json().subscription.status).toBe('cancelled');
    }
    // Still in force while cancelled: the member price holds until the end.
    expect((await get(t, '/api/subscription-pricing', stays.token)).json().session.active).toBe(
      true,
    );
    const un = await send(t, 'POST', '/api/subscription-unCancel/', back.token, {});
    expect(un.json().subscription.status).toBe('active');

    const renewAt = new Date(s1.renewDate).getTime();
    t.advance(renewAt - Date.now() + 60_000);
    await t.renewSubscriptions();
    expect((await row(t, s1.id)).status).toBe('inactive');
    expect((await charges(t, stays.accountId)).succeeded).toBe(1);
    // Half a year on, the sessions have expired: log in again.
    stays.token = await login(t, stays.loginId, stays.password);
    const late = await send(t, 'POST', '/api/subscription-unCancel/', stays.token, {});
    expect(late.statusCode).toBe(400);
    expect(late.json().errorCode).toBe('SUBSCRIPTION_NOT_CANCELLED');

    const renewed = await row(t, s2.id);
    expect(renewed.status).toBe('active');
    expect(renewed.cycle).toBe(1);
    // One period after the date that was due, not after the moment the run paid it.
    expect(renewed.renewAt?.getTime()).toBe(addMonthsUtc(new Date(s2.renewDate).getTime(), 6));
    expect((await charges(t, back.accountId)).succeeded).toBe(2);
    expect(await untilMail(t, back.loginId, 'Your subscription was renewed')).toBe(1);
    // A second run finds nothing due.
    expect(await t.renewSubscriptions()).toMatchObject({ renewed: 0, lapsed: 0 });
  });

  it('a declining card is retried, then the plan turns inactive and the member is e-mailed', async () => {
    const p = await newPatient(t);
    const sub = await buy(t, p, 'individual', 'semiannual');
    // The card it was bought with goes; the one left declines every charge.
    const cards = (await get(t, '/api/account/payments/profiles', p.token)).json();
    const added = await send(t, 'POST', '/api/account/payments/profiles', p.token, {
      profileID: cards.payProfileID,
      signature: cards.payProfileSignature,
      card: {
        cardHolderName: 'Nora Quinn',
        ccNumber: '4000000000000341',
        cvv: '123',
        expiration: future,
        cardZip: '33139',
      },
    });
    expect(added.statusCode).toBe(200);
    const first = cards.payProfiles[0].card.profileID as string;
    const removed = await send(t, 'POST', '/api/account/payments/delete-profiles', p.token, {
      profileID: cards.payProfileID,
      signature: cards.payProfileSignature,
      paymentID: first,
    });
    expect(removed.statusCode).toBe(200);

    t.advance(new Date(sub.renewDate).getTime() - Date.now() + 60_000);
    await t.renewSubscriptions();
    let r = await row(t, sub.id);
    expect(r).toMatchObject({ status: 'active', cycle: 0, failedRenewals: 1 });
    expect(await untilMail(t, p.loginId, 'We could not renew your subscription')).toBe(1);
    // Not retried before its retry time.
    await t.renewSubscriptions();
    expect((await row(t, sub.id)).failedRenewals).toBe(1);
    t.advance(t.config.subscriptions.retryMs);
    await t.renewSubscriptions();
    expect((await row(t, sub.id)).failedRenewals).toBe(2);
    t.advance(t.config.subscriptions.retryMs);
    await t.renewSubscriptions();
    r = await row(t, sub.id);
    expect(r).toMatchObject({ status: 'inactive', failedRenewals: 3, renewAt: null });
    expect(await untilMail(t, p.loginId, 'Your subscription is inactive')).toBe(1);
    expect(await charges(t, p.accountId)).toEqual({ succeeded: 1, failed: 3, refunds: 0 });
    p.token = await login(t, p.loginId, p.password);
    const pricing = (await get(t, '/api/subscription-pricing', p.token)).json();
    expect(pricing.session).toBeNull();
    expect(pricing.subscription.status).toBe('inactive');
  });

  itReadsNoDate(
    'the rx admin sees the company subscribers, cancels and refunds; a patient is refused',
    async () => {
      const p = await newPatient(t);
      const sub = await buy(t, p, 'family', 'quarterly');
      const service = await send(t, 'POST', '/api/purchase-services', p.token, {
        service: 'ldn',
        months: 3,
        paymentProfileId: await cardOf(t, p),
        idempotencyKey: key(),
        acceptTerms: true,
      });
      expect(service.statusCode, service.body).toBe(200);
      expect(service.json().subscription).toMatchObject({ kind: 'rx', billedCents: 11_700 });

      const refused = await get(t, '/api/rxadmin/subscriptions', p.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorMsg).toBe('Unauthorized.');

      const admin = await login(t, 'rx-admin@apothecall.test');
      const overview = (await get(t, '/api/rxadmin/subscriptions', admin)).json();
      const mine = overview.subscribers.filter((s: { id: string }) =>
        [sub.id, service.json().subscription.id].includes(s.id),
      );
      expect(mine).toHaveLength(2);
      expect(mine.find((s: { id: string }) => s.id === sub.id)).toMatchObject({
        memberName: p.name,
        plan: 'family',
        status: 'active',
        lastCharge: { amount: 12_000 },
      });

      const refund = await send(t, 'POST', `/api/rxadmin/subscriptions/${sub.id}/cancel`, admin, {
        refund: true,
        reason: 'Member asked',
      });
      expect(refund.statusCode, refund.body).toBe(200);
      expect(refund.json().subscriber).toMatchObject({
        status: 'inactive',
        refunded: true,
        lastCharge: null,
      });
      // A second refund finds nothing to give back.
      const twice = await send(t, 'POST', `/api/rxadmin/subscriptions/${sub.id}/cancel`, admin, {
        refund: true,
        reason: 'Member asked',
      });
      expect(twice.statusCode).toBe(400);
      expect((await charges(t, p.accountId)).refunds).toBe(1);

      const months = (await get(t, '/api/rxadmin/subscriptions', admin)).json().revenueByMonth as {
        chargedCents: number;
        refundedCents: number;
        netCents: number;
      }[];
      const total = months.reduce(
        (sum, m) => ({
          charged: sum.charged + m.chargedCents,
          refunded: sum.refunded + m.refundedCents,
        }),
        { charged: 0, refunded: 0 },
      );
      expect(total.refunded).toBeGreaterThanOrEqual(12_000);
      expect(months.every((m) => m.netCents === m.chargedCents - m.refundedCents)).toBe(true);
      expect(
        (
          await send(t, 'POST', `/api/rxadmin/subscriptions/${sub.id}/cancel`, p.token, {
            refund: false,
            reason: 'x',
          })
        ).statusCode,
      ).toBe(403);
    },
  );

  it.each([2, 8])(
    '%i purchases at once with different keys (a plan, then an rx service) charge the card once',
    async (n) => {
      const p = await newPatient(t);
      const card = await cardOf(t, p);
      const plans = await Promise.all(
        Array.from({ length: n }, () =>
          send(t, 'POST', '/api/subscription-purchase/', p.token, {
            plan: 'individual',
            period: 'semiannual',
            paymentProfileId: card,
            idempotencyKey: key(),
            acceptTerms: true,
          }),
        ),
      );
      const services = await Promise.all(
        Array.from({ length: n }, () =>
          send(t, 'POST', '/api/purchase-services', p.token, {
            service: 'ldn',
            months: 3,
            paymentProfileId: card,
            idempotencyKey: key(),
            acceptTerms: true,
          }),
        ),
      );
      for (const answers of [plans, services]) {
        const statuses = answers.map((a) => a.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(n - 1);
        for (const refused of answers.filter((a) => a.statusCode === 409)) {
          expect(['SUBSCRIPTION_ALREADY_ACTIVE', 'SUBSCRIPTION_PURCHASE_IN_PROGRESS']).toContain(
            refused.json().errorCode,
          );
        }
      }
      // One charge per purchase, and none made only to be refunded.
      expect(await charges(t, p.accountId)).toEqual({ succeeded: 2, failed: 0, refunds: 0 });
    },
  );
});

describe.each(databaseKinds)('a renewal across two processes and a restart, on %s', (kind) => {
  let shared: Awaited<ReturnType<typeof openTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let c: TestApp | undefined;
  beforeAll(async () => {
    shared = await openTestDatabase(kind);
    a = await startTestApp(kind, { FAULT_INJECTION: 'stop-after-renewal-charge' }, shared);
    b = await startTestApp(kind, {}, shared);
  });
  afterAll(async () => {
    await c?.close();
    await b?.close();
    await shared?.dispose();
  });

  it('charges it exactly once', async () => {
    const p = await newPatient(a);
    const sub = await buy(a, p, 'family', 'annual');
    const late = new Date(sub.renewDate).getTime() - Date.now() + 60_000;
    a.advance(late);
    b.advance(late);

    // The first process charges and stops before the subscription moves on.
    const stopped = await a.renewSubscriptions();
    expect(stopped.deferred).toBeGreaterThanOrEqual(1);
    expect((await row(a, sub.id)).cycle).toBe(0);
    expect((await charges(a, p.accountId)).succeeded).toBe(2);
    await a.close();

    // A restarted process and the second one run the same renewal at once.
    c = await startTestApp(kind, {}, shared);
    c.advance(late);
    await Promise.all([b.renewSubscriptions(), c.renewSubscriptions(), b.renewSubscriptions()]);
    const after = await row(b, sub.id);
    expect(after.cycle).toBe(1);
    expect(after.status).toBe('active');
    expect((await charges(b, p.accountId)).succeeded).toBe(2);
    expect(await untilMail(b, p.loginId, 'Your subscription was renewed')).toBe(1);
    expect(await b.renewSubscriptions()).toMatchObject({ renewed: 0 });
  });
});
