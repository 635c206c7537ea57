import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  login,
  newPatient,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { subscriptions } from '../../db/schema/subscriptions';

const search = '/api/rxadmin/subscriptions/search';

/**
 * The rx-subscription administrator's subscribers as a list that grows,
 * one app per database: newest first, 20 a page with the total, by member's name and status;
 * bad input 400 in the caller's language; anyone else 403.
 */
describe.each(databaseKinds)('Rx admin subscribers search on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let seeded = 0;
  let seededInactive = 0;

  const find = (body: object, lang = 'en', token = admin) =>
    t.fastify.inject({
      method: 'POST',
      url: search,
      headers: { ...bearer(token), 'x-app-params': `lang=${lang}` },
      payload: body,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-rxadmin-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    admin = await login(t, 'rx-admin@apothecall.test');
    seeded = (await find({})).json().total;
    seededInactive = (await find({ status: 'inactive' })).json().total;
    const company = (await get(t, '/api/rxadmin/subscriptions', admin)).json().company as string;
    const base = Date.now() + 60 * 60_000;
    for (let i = 0; i < 23; i++) {
      // One plan per account: a member each.
      const member = await newPatient(t);
      await t.database.db.insert(subscriptions).values({
        accountId: member.accountId,
        company,
        kind: 'visits',
        plan: 'individual',
        period: 'quarterly',
        months: 3,
        billedCents: 3000 + i,
        status: i < 3 ? 'inactive' : 'active',
        purchaseKey: randomUUID(),
        // One minute apart: the last made is the newest.
        startedAt: new Date(base + i * 60_000),
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the newest first, 20 a page, with the total, and filters by status', async () => {
    const first = (await find({})).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: seeded + 23 });
    expect(first.subscribers).toHaveLength(20);
    expect(first.subscribers[0].billedCents).toBe(3022);
    expect(first.subscribers[19].billedCents).toBe(3003);
    const second = (await find({ page: 2 })).json();
    expect(second.subscribers[0].billedCents).toBe(3002);
    const inactive = (await find({ status: 'inactive' })).json();
    expect(inactive.total).toBe(seededInactive + 3);
    expect(
      inactive.subscribers.slice(0, 3).map((s: { billedCents: number }) => s.billedCents),
    ).toEqual([3002, 3001, 3000]);
  });

  it("searches by the member's name", async () => {
    const quinn = (await find({ query: 'nora QUINN', status: 'inactive' })).json();
    expect(quinn.total).toBeGreaterThanOrEqual(3);
    expect(
      quinn.subscribers.every((s: { memberName: string }) => /nora quinn/i.test(s.memberName)),
    ).toBe(true);
    expect((await find({ query: 'nobody-like-this' })).json()).toMatchObject({
      total: 0,
      subscribers: [],
    });
  });

  it("refuses bad input with a 400 in the caller's language, and anyone else", async () => {
    for (const [lang, text] of [
      ['en', 'The status is active, inactive or cancelled.'],
      ['es', 'El estado es activo, inactivo o cancelado.'],
    ] as const) {
      const res = await find({ status: 'lapsed' }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
      expect(res.json().errorMsg).toContain(text);
    }
    const page = await find({ page: 0 }, 'es');
    expect(page.statusCode).toBe(400);
    expect(page.json().errorMsg).toContain('La página es un número entero del 1 al 10.000.');
    const patient = await login(t);
    expect((await find({}, 'en', patient)).statusCode).toBe(403);
    expect((await t.fastify.inject({ method: 'POST', url: search, payload: {} })).statusCode).toBe(
      401,
    );
  });
});
