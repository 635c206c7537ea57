import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { pharmacyLinks } from '../../db/schema/pharmacy';

const search = '/api/pharmacy/links/search';

/**
 * The pharmacy's Rx links as a list that grows, one app per database:
 * newest first, 20 a page with the total, searched by treatment (in the caller's language),
 * medication list, comment or id; bad input is 400 in the caller's language.
 */
describe.each(databaseKinds)('Pharmacy links search on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  const ids: string[] = [];
  /** The demo pharmacy's seeded links, older than the ones made here. */
  let seeded = 0;

  const find = (body: object, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url: search,
      headers: { ...bearer(admin), 'x-app-params': `lang=${lang}` },
      payload: body,
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-links-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    admin = await login(t, 'pharmacy-admin@apothecall.test');
    seeded = (await find({})).json().total;
    const base = Date.now() + 60 * 60_000;
    for (let i = 0; i < 25; i++) {
      const res = await send(t, 'POST', '/api/pharmacy/links', admin, {
        screenId: i === 24 ? 'ldn' : 'acute',
        comment: `Flyer ${String(i + 1).padStart(2, '0')}`,
        ...(i === 3 ? { medListId: 'MED-LIST-77' } : {}),
      });
      expect(res.statusCode).toBe(200);
      const id = res.json().link.id as string;
      ids.push(id);
      // One minute apart, in the order made.
      await t.database.db
        .update(pharmacyLinks)
        .set({ createdAt: new Date(base + i * 60_000) })
        .where(eq(pharmacyLinks.id, id));
    }
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the newest first, 20 a page, with the total', async () => {
    const first = (await find({})).json();
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: seeded + 25 });
    expect(first.links[0].comment).toBe('Flyer 25');
    expect(first.links.map((l: { comment: string }) => l.comment).slice(0, 3)).toEqual([
      'Flyer 25',
      'Flyer 24',
      'Flyer 23',
    ]);
    const second = (await find({ page: 2 })).json();
    expect(second.links.map((l: { comment: string }) => l.comment).slice(0, 5)).toEqual([
      'Flyer 05',
      'Flyer 04',
      'Flyer 03',
      'Flyer 02',
      'Flyer 01',
    ]);
    // The whole list (the pharmacists' grants read it) is newest first too.
    const all = (
      await t.fastify.inject({ method: 'GET', url: '/api/pharmacy/links', headers: bearer(admin) })
    ).json();
    expect(all.links[0].id).toBe(ids[24]);
  });

  it("searches by comment, medication list, treatment name in the reader's language, and id", async () => {
    const byComment = (await find({ query: 'flyer 07' })).json();
    expect(byComment.total).toBe(1);
    expect(byComment.links[0].id).toBe(ids[6]);
    expect(
      (await find({ query: 'med-list-77' })).json().links.map((l: { id: string }) => l.id),
    ).toEqual([ids[3]]);
    expect(
      (await find({ query: 'naltrexone' })).json().links.map((l: { id: string }) => l.id),
    ).toEqual([ids[24]]);
    expect((await find({ query: ids[10]?.slice(0, 12) ?? '' })).json().links[0].id).toBe(ids[10]);
    expect((await find({ query: 'nothing like this' })).json()).toMatchObject({
      total: 0,
      links: [],
    });
  });

  it("refuses bad input with a 400 in the caller's language", async () => {
    for (const [lang, text] of [
      ['en', 'The page is a whole number from 1 to 10,000.'],
      ['es', 'La página es un número entero del 1 al 10.000.'],
    ] as const) {
      const res = await find({ page: 0 }, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
      expect(res.json().errorMsg).toContain(text);
    }
    const long = await find({ query: 'x'.repeat(101) }, 'es');
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMsg).toContain('La búsqueda tiene como máximo 100 caracteres.');
  });

  it("is the pharmacy administrator's (as the links themselves)", async () => {
    const patient = await login(t);
    const res = await t.fastify.inject({
      method: 'POST',
      url: search,
      headers: bearer(patient),
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect((await t.fastify.inject({ method: 'POST', url: search, payload: {} })).statusCode).toBe(
      401,
    );
  });
});
