import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  newPatient,
  ok,
  type Patient,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../db/schema/platform';
import { subscriptions } from '../../db/schema/subscriptions';

const subsUrl = '/api/admin/money/subscriptions';
const prepayUrl = '/api/admin/money/prepay-programs';

/**
 * The back office's money console, its read-only lists of recurring money: every
 * subscription across brands and every prepay program across pharmacies. Admin only (support,
 * patients, providers and pharmacists 403; nobody 401); filters, bad filters 400 in English and
 * Spanish (nothing audited), paging, and every listed row audited as a read of its holder's
 * record. One app per database.
 */
describe.each(databaseKinds)('Back office: subscriptions and prepay programs on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const post = (token: string | null, url: string, body: object = {}, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const audits = async (action: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.outcome, 'success')))
    )[0]?.n ?? 0;

  const denied = async () =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'backoffice.money'), eq(auditLog.outcome, 'denied')))
    )[0]?.n ?? 0;

  async function buy(p: Patient) {
    const payer = await readyToPay(t, p);
    const res = await ok(
      'buy',
      await send(t, 'POST', '/api/subscription-purchase/', payer.token, {
        plan: 'individual',
        period: 'annual',
        paymentProfileId: payer.payProfileID,
        idempotencyKey: randomUUID(),
        acceptTerms: true,
      }),
    );
    return { ...(res.json().subscription as { id: string }), payer };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await login(t, 'admin@apothecall.test');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers admin only: 401 without a session, 403 to support and every other role', async () => {
    const tokens = {
      support: await login(t, 'support@apothecall.test'),
      patient: await login(t, demo.patient),
      provider: await login(t, demo.provider),
      pharmacist: await login(t, 'pharmacist@apothecall.test'),
      pharmacyAdmin: await login(t, 'pharmacy-admin@apothecall.test'),
    };
    const deniedBefore = await denied();
    for (const url of [subsUrl, prepayUrl]) {
      expect((await post(null, url, { page: 1 })).statusCode, url).toBe(401);
      for (const [who, token] of Object.entries(tokens)) {
        const res = await post(token, url, { page: 1 });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json().errorCode).toBe('BACK_OFFICE_REFUSED');
      }
      expect((await post(admin, url, { page: 1 })).statusCode, url).toBe(200);
    }
    // Each refusal is in the audit trail, as the rest of the money console's.
    expect(await denied()).toBe(deniedBefore + 2 * Object.keys(tokens).length);
  });

  it('bad filters are 400 in English and Spanish and read nothing', async () => {
    const before =
      (await audits('backoffice.money.subscriptions')) + (await audits('backoffice.money.prepay'));
    const status = await post(admin, subsUrl, { status: 'late', page: 1 });
    expect(status.statusCode).toBe(400);
    expect(status.json().errorMsg).toContain('Choose active, past due, cancelled or ended.');
    const brand = await post(admin, subsUrl, { brand: 'Not A Key', page: 1 }, 'es');
    expect(brand.statusCode).toBe(400);
    expect(brand.json().errorMsg).toContain(
      'Elija una marca por su clave (letras, dígitos y guiones).',
    );
    const page = await post(admin, prepayUrl, { page: 0 }, 'es');
    expect(page.statusCode).toBe(400);
    expect(page.json().errorMsg).toContain('La página debe ser un número entero desde 1.');
    const pharmacy = await post(admin, prepayUrl, { pharmacy: "x' or 1=1", page: 1 });
    expect(pharmacy.statusCode).toBe(400);
    expect(pharmacy.json().errorMsg).toContain(
      'Choose a pharmacy by its key (letters, digits and dashes).',
    );
    expect(
      (await audits('backoffice.money.subscriptions')) + (await audits('backoffice.money.prepay')),
    ).toBe(before);
  });

  it('lists subscriptions across brands with their status, filtered and audited', async () => {
    const alice = await newPatient(t, { name: 'Odalys Fenwick', dob: '02-03-1980' });
    const bruno = await newPatient(t, { name: 'Bruno Kettering', dob: '05-06-1975' });
    const carla = await newPatient(t, { name: 'Carla Pemberton', dob: '07-08-1990' });
    const active = await buy(alice);
    const late = await buy(bruno);
    const gone = await buy(carla);
    // A declined renewal: past due; a cancel: runs out its period.
    await t.database.db
      .update(subscriptions)
      .set({ failedRenewals: 1 })
      .where(eq(subscriptions.id, late.id));
    await ok(
      'cancel',
      await send(t, 'POST', '/api/subscription-cancel/', gone.payer.token, {
        reason: 'Moving abroad',
      }),
    );
    const [stored] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, active.id));
    const before = await audits('backoffice.money.subscriptions');
    const res = await ok('list', await post(admin, subsUrl, { page: 1 }));
    const body = res.json() as {
      subscriptions: {
        id: string;
        patientName: string;
        brand: string;
        kind: string;
        plan: string;
        period: string;
        months: number;
        price: number;
        status: string;
        nextRenewal: string | null;
      }[];
      page: number;
      pageSize: number;
      total: number;
    };
    expect(body).toMatchObject({ page: 1, pageSize: 50 });
    expect(body.total).toBeGreaterThanOrEqual(3);
    const byId = new Map(body.subscriptions.map((s) => [s.id, s]));
    expect(byId.get(active.id)).toEqual({
      id: active.id,
      patientName: 'Odalys Fenwick',
      accountId: active.payer.accountId,
      brand: stored?.company,
      kind: 'visits',
      plan: 'individual',
      period: 'annual',
      months: 12,
      price: stored?.billedCents,
      status: 'active',
      nextRenewal: stored?.renewAt?.toISOString(),
      startedAt: stored?.startedAt.toISOString(),
    });
    expect(byId.get(late.id)).toMatchObject({ status: 'pastDue', patientName: 'Bruno Kettering' });
    expect(byId.get(gone.id)).toMatchObject({ status: 'cancelled', nextRenewal: null });
    expect(await audits('backoffice.money.subscriptions')).toBe(before + body.subscriptions.length);
    // Filters: status and brand.
    const pastDue = (await ok('late', await post(admin, subsUrl, { status: 'pastDue' }))).json();
    expect(pastDue.subscriptions.map((s: { id: string }) => s.id)).toEqual([late.id]);
    const cancelled = (
      await ok('cancelled', await post(admin, subsUrl, { status: 'cancelled', page: 1 }))
    ).json();
    expect(cancelled.subscriptions.map((s: { id: string }) => s.id)).toContain(gone.id);
    expect(cancelled.subscriptions.every((s: { status: string }) => s.status === 'cancelled')).toBe(
      true,
    );
    const brand = (
      await ok('brand', await post(admin, subsUrl, { brand: stored?.company, page: 1 }))
    ).json();
    expect(brand.subscriptions.map((s: { id: string }) => s.id)).toContain(active.id);
    const none = (
      await ok('none', await post(admin, subsUrl, { brand: 'no-such-brand', page: 1 }))
    ).json();
    expect(none).toMatchObject({ subscriptions: [], total: 0 });
  });

  it('pages through subscriptions 50 at a time', async () => {
    const holder = await newPatient(t);
    const [account] = await t.database.db
      .select({ id: subscriptions.accountId })
      .from(subscriptions)
      .limit(1);
    const accountId = account?.id ?? holder.accountId;
    const started = new Date('2026-01-01T00:00:00Z');
    await t.database.db.insert(subscriptions).values(
      Array.from({ length: 55 }, (_, i) => ({
        accountId,
        company: 'paging-brand',
        kind: 'rx',
        serviceId: `service-${i}`,
        months: 1,
        billedCents: 1000 + i,
        status: 'inactive',
        purchaseKey: `paging-${i}`,
        startedAt: started,
        endedAt: started,
        createdAt: new Date(started.getTime() + i * 60_000),
      })),
    );
    const first = (
      await ok('page 1', await post(admin, subsUrl, { brand: 'paging-brand', page: 1 }))
    ).json();
    const second = (
      await ok('page 2', await post(admin, subsUrl, { brand: 'paging-brand', page: 2 }))
    ).json();
    expect(first.total).toBe(55);
    expect(second.total).toBe(55);
    expect(first.subscriptions).toHaveLength(50);
    expect(second.subscriptions).toHaveLength(5);
    // Newest first, no row on both pages.
    expect(first.subscriptions[0]).toMatchObject({ plan: 'service-54', status: 'inactive' });
    expect(second.subscriptions.at(-1)).toMatchObject({ plan: 'service-0', price: 1000 });
    const ids = new Set([...first.subscriptions, ...second.subscriptions].map((s) => s.id));
    expect(ids.size).toBe(55);
    const third = (
      await ok('page 3', await post(admin, subsUrl, { brand: 'paging-brand', page: 3 }))
    ).json();
    expect(third).toMatchObject({ subscriptions: [], total: 55 });
  });

  it('lists prepay programs across pharmacies with their visits, tokens and sales', async () => {
    const pharmacyAdmin = await login(t, 'pharmacy-admin@apothecall.test');
    const card = (await readyToPay(t, { token: pharmacyAdmin })).payProfileID;
    const name = `Program ${randomUUID().slice(0, 8)}`;
    const program = (
      await ok(
        'buy',
        await send(t, 'POST', '/api/prepay-purchase', pharmacyAdmin, {
          visitCount: 4,
          name,
          payProfileID: card,
          idempotencyKey: randomUUID(),
        }),
      )
    ).json().program as { id: string; programAmt: number };
    for (let i = 0; i < 2; i++) {
      await ok(
        'token',
        await send(t, 'POST', '/api/prepay-nonce/add', pharmacyAdmin, { programId: program.id }),
      );
    }
    const before = await audits('backoffice.money.prepay');
    const all = (await ok('list', await post(admin, prepayUrl, { page: 1 }))).json() as {
      programs: Record<string, unknown>[];
      total: number;
    };
    const row = all.programs.find((p) => p.id === program.id);
    expect(row).toMatchObject({
      name,
      pharmacyId: 'sunrise-pharmacy',
      pharmacy: 'Sunrise Pharmacy',
      visitsBought: 4,
      visitsUsed: 0,
      balance: 4,
      tokensIssued: 2,
      tokensUsed: 0,
      tokensLeft: 2,
    });
    expect(row?.sold).toBeGreaterThan(0);
    expect(typeof row?.owner).toBe('string');
    expect(Date.parse(String(row?.lastSale))).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(await audits('backoffice.money.prepay')).toBe(before + all.programs.length);
    const sunrise = (
      await ok('pharmacy', await post(admin, prepayUrl, { pharmacy: 'sunrise-pharmacy' }))
    ).json();
    expect(
      sunrise.programs.every((p: { pharmacyId: string }) => p.pharmacyId === 'sunrise-pharmacy'),
    ).toBe(true);
    expect(sunrise.programs.map((p: { id: string }) => p.id)).toContain(program.id);
    const other = (
      await ok('other', await post(admin, prepayUrl, { pharmacy: 'no-such-pharmacy', page: 1 }))
    ).json();
    expect(other).toMatchObject({ programs: [], total: 0 });
    const page2 = (await ok('page 2', await post(admin, prepayUrl, { page: 2 }))).json();
    expect(page2.total).toBe(all.total);
    expect(page2.programs).toEqual(all.total > 50 ? expect.any(Array) : []);
  });
});
