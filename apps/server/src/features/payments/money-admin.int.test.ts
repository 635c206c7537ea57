import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizeNetDouble,
  startAuthorizeNetDouble,
} from '../../../test/authorize-net-double';
import {
  databaseKinds,
  demo,
  login,
  newPatient,
  ok,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { ledger } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/platform';

const admin = 'admin@apothecall.test';

/**
 * The back office's money area through the whole app, with the Authorize.Net double
 * as the gateway: who may use it (admin only; support is refused like every other role), the
 * list of every ledger entry with its filters, bad input, the full refund (once per key, once per
 * charge, eight at once giving one refund in the ledger and one at the gateway), the audit.
 */
describe.each(databaseKinds)('Back office: money on %s', (kind) => {
  let t: TestApp;
  let double: AuthorizeNetDouble;
  let adminToken: string;
  let supportToken: string;
  let others: Record<string, string>;
  /** Two patients' succeeded charges. */
  const charged: { accountId: string; id: string; invoiceNumber: string; name: string }[] = [];
  beforeAll(async () => {
    double = await startAuthorizeNetDouble();
    t = await startTestApp(kind, {
      PAYMENT_GATEWAY: 'authorize-net',
      AUTHORIZE_NET_API_LOGIN_ID: double.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: double.transactionKey,
      AUTHORIZE_NET_ENDPOINT: double.endpoint,
    });
    adminToken = await login(t, admin);
    const staff = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ role: 'support' })
      .where(eq(accounts.loginId, staff.loginId));
    supportToken = await login(t, staff.loginId, staff.password);
    others = {
      patient: await login(t, demo.patient),
      provider: await login(t, demo.provider),
      pharmacist: await login(t, 'pharmacist@apothecall.test'),
    };
    for (let i = 0; i < 2; i++) {
      const patient = await newPatient(t);
      const payer = await readyToPay(t, patient);
      const paid = (
        await ok(
          'charge',
          await send(t, 'POST', '/api/payments/charge', payer.token, {
            priceToken: payer.priceToken,
            paymentProfileId: payer.payProfileID,
            idempotencyKey: randomUUID(),
            description: 'Visit',
          }),
        )
      ).json().transaction as { id: string; invoiceNumber: string };
      charged.push({ accountId: payer.accountId, ...paid, name: patient.name });
    }
    // Settled: a refund is then a refundTransaction at the gateway (not a void).
    double.settle();
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  const json = (res: Awaited<ReturnType<TestApp['fastify']['inject']>>) => res.json();
  const list = (body: object, token = adminToken) =>
    send(t, 'POST', '/api/admin/money/transactions', token, body);
  const refund = (id: string, body: object, token = adminToken) =>
    send(t, 'POST', `/api/admin/money/transactions/${id}/refund`, token, body);
  const ledgerRows = () => t.database.db.select().from(ledger);
  const refundsOf = async (chargeId: string) =>
    (await ledgerRows()).filter((r) => r.kind === 'refund' && r.relatedId === chargeId);
  const gatewayRefunds = () =>
    double.requests.filter((r) =>
      /"(refundTransaction|voidTransaction)"/.test(JSON.stringify(r.body)),
    ).length;
  const audited = (action: string, outcome = 'success') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)));

  it('answers admin only: 401 without a session, 403 to support, patients, providers and pharmacists', async () => {
    const [first] = charged;
    const calls = [
      ['/api/admin/money/transactions', { page: 1 }],
      [
        `/api/admin/money/transactions/${first!.id}/refund`,
        { reason: 'Refused anyway', idempotencyKey: 'access-check-1' },
      ],
    ] as const;
    const before = (await ledgerRows()).length;
    const deniedBefore = (await audited('backoffice.money', 'denied')).length;
    for (const [url, body] of calls) {
      const anonymous = await t.fastify.inject({ method: 'POST', url, payload: body });
      expect(anonymous.statusCode, url).toBe(401);
      for (const [who, token] of Object.entries({ support: supportToken, ...others })) {
        const res = await send(t, 'POST', url, token, body);
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(json(res).errorCode, `${who} ${url}`).toBe('BACK_OFFICE_REFUSED');
      }
    }
    expect((await ledgerRows()).length).toBe(before);
    expect(gatewayRefunds()).toBe(0);
    expect((await audited('backoffice.money', 'denied')).length).toBe(
      deniedBefore + 2 * (1 + Object.keys(others).length),
    );
  });

  it('lists every ledger entry newest first with brand, name, card brand and last four; filters narrow it', async () => {
    const [first, second] = charged;
    const all = json(await ok('list', await list({ page: 1 })));
    expect(all.pageSize).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(2);
    const dates = (all.transactions as { date: string }[]).map((x) => x.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const [brandRow] = await t.database.db
      .select({ brandId: accounts.brandId })
      .from(accounts)
      .where(eq(accounts.id, first!.accountId));
    const mine = (all.transactions as { id: string }[]).find((x) => x.id === first!.id);
    expect(mine).toMatchObject({
      brand: brandRow!.brandId,
      accountName: first!.name,
      accountId: first!.accountId,
      kind: 'charge',
      status: 'succeeded',
      card: { brand: 'visa', last4: '1111' },
      invoiceNumber: first!.invoiceNumber,
      reference: first!.id.replace(/-/g, '').slice(0, 8).toUpperCase(),
      refunded: false,
    });
    // Never a card number.
    expect(JSON.stringify(all)).not.toContain('4111111111111111');

    const byInvoice = json(await ok('invoice', await list({ query: second!.invoiceNumber })));
    expect(byInvoice.transactions.map((x: { id: string }) => x.id)).toEqual([second!.id]);
    const byRef = json(
      await ok('reference', await list({ query: second!.id.slice(0, 8).toUpperCase() })),
    );
    expect(byRef.transactions.map((x: { id: string }) => x.id)).toContain(second!.id);
    const brandOnly = json(await ok('brand', await list({ brand: brandRow!.brandId })));
    expect(brandOnly.total).toBeLessThanOrEqual(all.total);
    expect(brandOnly.transactions.map((x: { id: string }) => x.id)).toContain(first!.id);
    for (const x of brandOnly.transactions) expect(x.brand).toBe(brandRow!.brandId);
    expect(json(await ok('no brand', await list({ brand: 'no-such-brand' }))).total).toBe(0);
    const failedOnly = json(await ok('status', await list({ status: 'failed' })));
    expect(failedOnly.transactions.every((x: { status: string }) => x.status === 'failed')).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    const ofToday = json(await ok('days', await list({ from: today, to: today, kind: 'charge' })));
    expect(ofToday.transactions.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([first!.id, second!.id]),
    );
    expect(
      json(await ok('later', await list({ from: '2999-01-01', to: '2999-01-02' }))).total,
    ).toBe(0);
    expect(json(await ok('page 2', await list({ page: 2 }))).transactions).toHaveLength(
      Math.max(0, Math.min(50, all.total - 50)),
    );
  });

  it('refuses bad input with 400 and a clear message in English and Spanish, changing nothing', async () => {
    const [first] = charged;
    const cases = [
      ['/api/admin/money/transactions', { kind: 'gift' }, /charge or refund/, /cargo o reembolso/],
      ['/api/admin/money/transactions', { status: 'done' }, /pending, succeeded/, /pendiente/],
      ['/api/admin/money/transactions', { from: '2026-02-30' }, /first day/, /primer día/],
      ['/api/admin/money/transactions', { to: 'yesterday' }, /last day/, /último día/],
      [
        '/api/admin/money/transactions',
        { from: '2026-03-02', to: '2026-03-01' },
        /must not be after/,
        /no puede ser posterior/,
      ],
      ['/api/admin/money/transactions', { query: "x' or 1=1" }, /invoice number/, /factura/],
      ['/api/admin/money/transactions', { page: 0 }, /whole number/, /número entero/],
      ['/api/admin/money/transactions', { brand: 'BAD BRAND' }, /brand/, /marca/],
      [
        `/api/admin/money/transactions/${first!.id}/refund`,
        { reason: 'x', idempotencyKey: 'bad-input-1' },
        /reason/,
        /motivo/,
      ],
      [
        `/api/admin/money/transactions/${first!.id}/refund`,
        { reason: 'Patient asked' },
        /request key/,
        /clave de la solicitud/,
      ],
    ] as const;
    const before = (await ledgerRows()).length;
    for (const [url, body, english, spanish] of cases) {
      const en = await send(t, 'POST', url, adminToken, body);
      expect(en.statusCode, url).toBe(400);
      expect(json(en).errorMsg, JSON.stringify(body)).toMatch(english);
      const es = await t.fastify.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
        payload: body,
      });
      expect(es.statusCode, url).toBe(400);
      expect(json(es).errorMsg, JSON.stringify(body)).toMatch(spanish);
    }
    // An id that is no entry: 404, not a 5xx.
    const unknown = await refund('not-an-id', {
      reason: 'Patient asked',
      idempotencyKey: 'x-12345678',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await ledgerRows()).length).toBe(before);
    expect(gatewayRefunds()).toBe(0);
  });

  it('refunds a charge once for 8 identical requests at once: one ledger refund, one at the gateway, audited with the reason', async () => {
    const [first] = charged;
    const body = { reason: 'Charged twice by mistake', idempotencyKey: `money-${randomUUID()}` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => refund(first!.id, body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = new Set(answers.map((a) => json(a).refund.id));
    expect(ids.size).toBe(1);
    // Every answer is the settled refund: a request that found it still in flight waited for it.
    expect(answers.map((a) => json(a).refund.status)).toEqual(Array(8).fill('succeeded'));
    expect(json(answers[0]!).refund).toMatchObject({
      kind: 'refund',
      status: 'succeeded',
      relatedId: first!.id,
      card: { brand: 'visa', last4: '1111' },
    });
    expect(await refundsOf(first!.id)).toHaveLength(1);
    expect(gatewayRefunds()).toBe(1);
    const rows = await audited('backoffice.money.refund');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({
      chargeId: first!.id,
      refundId: [...ids][0],
      reason: 'Charged twice by mistake',
    });

    // The same key again: the same refund, nothing more.
    const replay = await refund(first!.id, body);
    expect(replay.statusCode).toBe(200);
    expect(json(replay).refund.id).toBe([...ids][0]);
    // Another key: refunded already.
    const again = await refund(first!.id, {
      reason: 'Once more',
      idempotencyKey: `money-${randomUUID()}`,
    });
    expect(again.statusCode).toBe(409);
    expect(json(again).errorMsg).toMatch(/refunded already/);
    // The refund itself cannot be refunded.
    const ofRefund = await refund([...ids][0]!, {
      reason: 'Refund the refund',
      idempotencyKey: `money-${randomUUID()}`,
    });
    expect(ofRefund.statusCode).toBe(409);
    expect(json(ofRefund).errorMsg).toMatch(/only a charge/);
    // The key of this refund cannot refund another charge.
    const reused = await refund(charged[1]!.id, body);
    expect(reused.statusCode).toBe(409);
    expect(json(reused).errorMsg).toMatch(/another refund/);
    // The list shows the charge refunded.
    const shown = json(await ok('list', await list({ query: first!.invoiceNumber })));
    expect(shown.transactions[0]).toMatchObject({ id: first!.id, refunded: true });

    expect(await refundsOf(first!.id)).toHaveLength(1);
    expect(await refundsOf(charged[1]!.id)).toHaveLength(0);
    expect(gatewayRefunds()).toBe(1);
    expect(await audited('backoffice.money.refund')).toHaveLength(1);
  });

  it('refuses to refund a failed or pending charge, in English and Spanish', async () => {
    const [, second] = charged;
    const [source] = await t.database.db.select().from(ledger).where(eq(ledger.id, second!.id));
    for (const state of ['failed', 'pending'] as const) {
      const [row] = await t.database.db
        .insert(ledger)
        .values({
          accountId: source!.accountId,
          kind: 'charge',
          state,
          idempotencyKey: `test-${state}-${randomUUID()}`,
          fingerprint: 'test',
          invoiceNumber: `T${randomUUID().replace(/-/g, '').slice(0, 18)}`,
          amountCents: 4900,
          cardCents: 4900,
          cardBrand: 'visa',
          cardLast4: '1111',
          description: 'Visit',
        })
        .returning({ id: ledger.id });
      const body = { reason: 'Patient asked', idempotencyKey: `money-${randomUUID()}` };
      const en = await refund(row!.id, body);
      expect(en.statusCode).toBe(409);
      expect(json(en).errorMsg).toMatch(/only a succeeded charge/i);
      const es = await t.fastify.inject({
        method: 'POST',
        url: `/api/admin/money/transactions/${row!.id}/refund`,
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
        payload: body,
      });
      expect(es.statusCode).toBe(409);
      expect(json(es).errorMsg).toMatch(/solo se puede reembolsar un cargo completado/i);
      expect(await refundsOf(row!.id)).toHaveLength(0);
    }
    expect(gatewayRefunds()).toBe(1);
  });
  it("reconciles a day's card entries with the gateway and lists the differences", async () => {
    const [first, second] = charged;
    const today = new Date().toISOString().slice(0, 10);
    const reconcile = (day: string, token = adminToken, lang = 'en') =>
      t.fastify.inject({
        method: 'GET',
        url: `/api/admin/money/reconciliation?day=${day}`,
        headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      });
    // Who may: admin only.
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: `/api/admin/money/reconciliation?day=${today}`,
        })
      ).statusCode,
    ).toBe(401);
    for (const token of [supportToken, ...Object.values(others)]) {
      expect((await reconcile(today, token)).statusCode).toBe(403);
    }
    for (const [day, english, spanish] of [
      ['2026-02-30', /YYYY-MM-DD/, /AAAA-MM-DD/],
      ['today', /YYYY-MM-DD/, /AAAA-MM-DD/],
    ] as const) {
      const en = await reconcile(day);
      expect(en.statusCode).toBe(400);
      expect(json(en).errorMsg).toMatch(english);
      const es = await reconcile(day, adminToken, 'es');
      expect(es.statusCode).toBe(400);
      expect(json(es).errorMsg).toMatch(spanish);
    }

    const ours = async () => {
      const answer = json(await ok('reconcile', await reconcile(today)));
      return {
        answer,
        of: (id: string) =>
          (answer.differences as { ledgerId: string; kind: string }[]).filter(
            (d) => d.ledgerId === id,
          ),
      };
    };
    const clean = await ours();
    const [refundRow] = await refundsOf(first!.id);
    // Both charges and the refund agree with the gateway.
    expect(clean.of(first!.id)).toEqual([]);
    expect(clean.of(second!.id)).toEqual([]);
    expect(clean.of(refundRow!.id)).toEqual([]);
    expect(clean.answer.checked).toBeGreaterThanOrEqual(3);

    // The three kinds of difference: another amount, an entry the gateway never saw, and a
    // failed entry the gateway holds.
    await t.database.db.update(ledger).set({ cardCents: 1234 }).where(eq(ledger.id, second!.id));
    const [source] = await t.database.db.select().from(ledger).where(eq(ledger.id, first!.id));
    const insert = async (state: string, gatewayTransactionId: string) =>
      (
        await t.database.db
          .insert(ledger)
          .values({
            accountId: source!.accountId,
            kind: 'charge',
            state,
            idempotencyKey: `reconcile-${randomUUID()}`,
            fingerprint: 'test',
            invoiceNumber: `R${randomUUID().replace(/-/g, '').slice(0, 18)}`,
            amountCents: 4900,
            cardCents: 4900,
            gatewayTransactionId,
            description: 'Visit',
          })
          .returning({ id: ledger.id })
      )[0]!.id;
    const ledgerOnly = await insert('succeeded', '999999990');
    const gatewayOnly = await insert('failed', source!.gatewayTransactionId!);
    const after = await ours();
    expect(after.of(second!.id)).toEqual([
      expect.objectContaining({ kind: 'amountDiffers', ledgerAmount: 1234, gatewayAmount: 4900 }),
    ]);
    expect(after.of(ledgerOnly)).toEqual([
      expect.objectContaining({ kind: 'ledgerOnly', gatewayAmount: null }),
    ]);
    expect(after.of(gatewayOnly)).toEqual([
      expect.objectContaining({ kind: 'gatewayOnly', ledgerStatus: 'failed' }),
    ]);
    expect(after.of(first!.id)).toEqual([]);
    expect(after.answer.matched).toBe(after.answer.checked - after.answer.differences.length);
    // Another day: none of these.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const other = json(await ok('yesterday', await reconcile(yesterday)));
    expect(
      (other.differences as { ledgerId: string }[]).some((d) =>
        [second!.id, ledgerOnly, gatewayOnly].includes(d.ledgerId),
      ),
    ).toBe(false);
    expect((await audited('backoffice.money.reconcile')).length).toBeGreaterThanOrEqual(3);
  });
});
