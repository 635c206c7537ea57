import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  newPatient,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { crmCustomers } from '../../db/schema/crm';
import { auditLog } from '../../db/schema/platform';

const sunrisePharmacist = 'pharmacist@apothecall.test';
const sunriseAdmin = 'pharmacy-admin@apothecall.test';
const loneStarPharmacist = 'lonestar-pharmacist@apothecall.test';

/**
 * The CRM's customers as a list that grows: searched and paged by the
 * server, 20 a page with the total, by name; every word of the search must match the name, the
 * e-mail or (digits only) the phone; a tag narrows it. Another pharmacy's customers never show;
 * a patient gets 403, no session 401; bad input is 400 naming the field in English and Spanish.
 */
describe.each(databaseKinds)('CRM customer search on %s', (kind) => {
  let t: TestApp;
  let pharmacist: string;
  let admin: string;
  let other: string;
  // Letters only: the searches below match digits against the phone and the names ("07" for
  // Customer 07), and a tag with digits in it (one run's was Smx0071rc) matched every name.
  const tag = `S${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => String.fromCharCode(113 + Number(d)))}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [pharmacist, admin, other] = await Promise.all([
      login(t, sunrisePharmacist),
      login(t, sunriseAdmin),
      login(t, loneStarPharmacist),
    ]);
    // 25 customers of Sunrise named for this run, one of them VIP with a known phone and e-mail.
    for (let i = 0; i < 25; i += 1) {
      const n = String(i).padStart(2, '0');
      const res = await send(t, 'POST', '/api/pharmacy/crm/customers', pharmacist, {
        name: `${tag} Customer ${n}`,
        email: i === 7 ? `harbor.${tag.toLowerCase()}@example.test` : '',
        phone: i === 7 ? '(305) 555-0177' : '',
        tag: i === 7 ? 'VIP' : 'Active',
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Lone Star's customer of the same name is never Sunrise's.
    const theirs = await send(t, 'POST', '/api/pharmacy/crm/customers', other, {
      name: `${tag} Customer 99`,
      tag: 'Active',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = (token: string, body: object, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/crm/customers/search',
      headers: { ...bearer(token), 'x-app-params': `lang=${lang}` },
      payload: body,
    });

  it('pages the matching customers by name, 20 a page, with the total', async () => {
    const first = await search(pharmacist, { query: tag });
    expect(first.statusCode, first.body).toBe(200);
    const one = first.json();
    expect(one).toMatchObject({ error: false, page: 1, pageSize: 20, total: 25 });
    const names = one.customers.map((c: { name: string }) => c.name);
    expect(names).toHaveLength(20);
    expect(names[0]).toBe(`${tag} Customer 00`);
    expect(names).toEqual([...names].sort());
    const second = (await search(admin, { query: tag, page: 2 })).json();
    expect(second).toMatchObject({ page: 2, total: 25 });
    expect(second.customers.map((c: { name: string }) => c.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `${tag} Customer ${20 + i}`),
    );
    // Past the last page: an empty page, the same total.
    expect((await search(pharmacist, { query: tag, page: 3 })).json()).toMatchObject({
      customers: [],
      total: 25,
    });
  });

  it('matches every word in the name, the e-mail, or the phone by its digits, and narrows by tag', async () => {
    const names = async (body: object) =>
      (await search(pharmacist, body))
        .json()
        .customers.map((c: { name: string }) => c.name) as string[];
    expect(await names({ query: `${tag.toLowerCase()} customer 07` })).toEqual([
      `${tag} Customer 07`,
    ]);
    expect(await names({ query: `harbor.${tag.toLowerCase()}` })).toEqual([`${tag} Customer 07`]);
    expect(await names({ query: `${tag} 305-555-0177` })).toEqual([`${tag} Customer 07`]);
    expect(await names({ query: `${tag} 5550177` })).toEqual([`${tag} Customer 07`]);
    expect(await names({ query: tag, tag: 'VIP' })).toEqual([`${tag} Customer 07`]);
    expect(await names({ query: `${tag} nobody` })).toEqual([]);
    // Lone Star sees its own customer only.
    const theirs = (await search(other, { query: tag })).json();
    expect(theirs.customers.map((c: { name: string }) => c.name)).toEqual([`${tag} Customer 99`]);
  });

  it('audits each page shown without the words searched for', async () => {
    await search(pharmacist, { query: `${tag} Customer 07` });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.customers.list'), eq(auditLog.outcome, 'success')));
    const last = rows.at(-1);
    expect(last?.detail).toMatchObject({ count: 1, page: 1, searched: true });
    expect(JSON.stringify(last?.detail)).not.toContain('Customer 07');
  });

  it('answers bad input 400 naming the field in English and Spanish, a patient 403, no session 401', async () => {
    const before = await t.database.db.select().from(crmCustomers);
    for (const [body, en, es] of [
      [{ page: 0 }, 'page', 'página'],
      [{ page: 1.5 }, 'page', 'página'],
      [{ query: 'x'.repeat(101) }, 'search', 'búsqueda'],
      [{ tag: 'Gold' }, 'Customer tag', 'Etiqueta del cliente'],
    ] as const) {
      const english = await search(pharmacist, body);
      expect(english.statusCode, JSON.stringify(body)).toBe(400);
      expect(english.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
      expect(english.json().errorMsg).toContain(en);
      const spanish = await search(pharmacist, body, 'es');
      expect(spanish.statusCode).toBe(400);
      expect(spanish.json().errorMsg).toContain(es);
    }
    const patient = await newPatient(t);
    const refused = await search(patient.token, { query: tag });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: true, errorCode: 'PHARMACY_ONLY' });
    const anonymous = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/crm/customers/search',
      payload: { query: tag },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.select().from(crmCustomers)).toHaveLength(before.length);
  });
});
