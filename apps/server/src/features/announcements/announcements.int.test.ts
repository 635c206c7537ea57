import { calendarAt } from '@apothecall/domain/dates/zones.rules';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  itReadsNoDate,
  login,
  newPatient,
  send,
  socketFor,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { announcementDismissals, announcements } from '../../db/schema/announcements';
import { auditLog } from '../../db/schema/platform';

const sunrisePharmacist = 'pharmacist@apothecall.test';
const sunriseAdmin = 'pharmacy-admin@apothecall.test';
const loneStarPharmacist = 'lonestar-pharmacist@apothecall.test';
const rxAdmin = 'rx-admin@apothecall.test';
const platformAdmin = 'admin@apothecall.test';

interface Shown {
  id: string;
  title: string;
}

/**
 * Announcements to pharmacies through the whole app, one app per database: the rx
 * administrator posts to the company's pharmacies (all, or chosen states), the platform admin to
 * every pharmacy; pharmacists and pharmacy admins read the current ones newest first and are
 * told by an in-app notice; a dismissal hides one for that login only; withdrawn and expired
 * ones are not shown; another company's administrator neither sees nor withdraws them (404);
 * anyone else is refused (403); bad input is 400 naming the field in the caller's language, and
 * nothing is stored.
 */
describe.each(databaseKinds)('Announcements to pharmacies on %s', (kind) => {
  let t: TestApp;
  let writer: string;
  let admin: string;
  let pharmacist: string;
  let pharmacyAdmin: string;
  let loneStar: string;
  let otherWriter: string;
  let first: string;
  let second: string;
  let texas: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    [writer, admin, pharmacist, pharmacyAdmin, loneStar] = await Promise.all([
      login(t, rxAdmin),
      login(t, platformAdmin),
      login(t, sunrisePharmacist),
      login(t, sunriseAdmin),
      login(t, loneStarPharmacist),
    ]);
    // The rx administrator of another company: a login whose credentials come from it.
    const other = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({
        role: 'rxSubscriptionAdmin',
        organizationId: 'other-company',
        permissions: ['rxSubscriptionAdmin:other-company'],
      })
      .where(eq(accounts.id, other.accountId));
    otherWriter = await login(t, other.loginId, other.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const shown = async (token: string): Promise<Shown[]> => {
    const res = await get(t, '/api/pharmacy/announcements', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().announcements;
  };
  const titles = async (token: string) => (await shown(token)).map((a) => a.title);
  const post = (token: string, body: object, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url: '/api/rxadmin/announcements',
      headers: {
        ...bearer(token),
        'x-app-params': `lang=${lang}`,
        'x-time-zone': 'America/New_York',
      },
      payload: body,
    });
  const stored = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(announcements))[0]?.n;

  it('posts the rx admin’s announcement to the company’s pharmacies, newest first, and tells them in the app', async () => {
    const socket = await socketFor(t, pharmacist);
    const notice = new Promise<PushPayload>((resolve) =>
      socket.once('notification', (p: PushPayload) => resolve(p)),
    );
    const one = await post(writer, {
      title: 'Holiday hours',
      body: 'The support line closes at noon on Thursday.',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().announcement).toMatchObject({
      title: 'Holiday hours',
      companyId: 'apothecall',
      // The brand's display name, for 'Pharmacies of Apothecall'.
      companyName: 'Apothecall',
      states: [],
      expiresAt: null,
      withdrawnAt: null,
      status: 'current',
      dismissals: 0,
    });
    first = one.json().announcement.id;
    // The notice names no announcement text: a generic sentence and where to go.
    expect(await notice).toEqual({
      kind: 'announcement',
      title: 'Apothecall',
      body: 'There is a new announcement for your pharmacy.',
      url: '/#/',
    });

    const two = await post(writer, { title: 'New claim fee', body: 'From December 1.' });
    expect(two.statusCode, two.body).toBe(200);
    second = two.json().announcement.id;

    for (const token of [pharmacist, pharmacyAdmin, loneStar]) {
      expect(await titles(token)).toEqual(['New claim fee', 'Holiday hours']);
    }
    const list = await get(t, '/api/rxadmin/announcements', writer);
    expect(list.json().writer).toEqual({ companyId: 'apothecall' });
    expect(list.json().announcements.map((a: Shown) => a.id)).toEqual([second, first]);
    const created = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcements.create'), eq(auditLog.outcome, 'success')));
    expect(created).toHaveLength(2);
  });

  itReadsNoDate('reaches only the pharmacies of the chosen states', async () => {
    const res = await post(writer, {
      title: 'Texas board notice',
      body: 'New rules for Texas pharmacies.',
      states: ['TX'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().announcement.states).toEqual(['TX']);
    texas = res.json().announcement.id;
    // Lone Star is in Texas; Sunrise is in Florida and serves FL and GA.
    expect(await titles(loneStar)).toContain('Texas board notice');
    expect(await titles(pharmacist)).not.toContain('Texas board notice');
    // Sunrise cannot dismiss what it is not shown.
    const dismiss = await send(
      t,
      'POST',
      `/api/pharmacy/announcements/${texas}/dismiss`,
      pharmacist,
    );
    expect(dismiss.statusCode).toBe(404);
  });

  itReadsNoDate('hides a dismissed announcement for that login only', async () => {
    const res = await send(t, 'POST', `/api/pharmacy/announcements/${first}/dismiss`, pharmacist);
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(pharmacist)).toEqual(['New claim fee']);
    // The same pharmacy's administrator and another pharmacy still see it.
    expect(await titles(pharmacyAdmin)).toEqual(['New claim fee', 'Holiday hours']);
    expect(await titles(loneStar)).toContain('Holiday hours');
    // Dismissing again changes nothing.
    const again = await send(t, 'POST', `/api/pharmacy/announcements/${first}/dismiss`, pharmacist);
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(announcementDismissals)
      .where(eq(announcementDismissals.announcementId, first));
    expect(rows).toHaveLength(1);
    const list = (await get(t, '/api/rxadmin/announcements', writer)).json().announcements;
    expect(list.find((a: Shown) => a.id === first).dismissals).toBe(1);
    const unknown = await send(
      t,
      'POST',
      '/api/pharmacy/announcements/00000000-0000-4000-8000-000000000000/dismiss',
      pharmacist,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMsg).toBe('Announcement not found.');
  });

  itReadsNoDate(
    'keeps another company’s administrator out: their own list only, 404 on ours, nothing changed',
    async () => {
      const theirs = await post(otherWriter, { title: 'Other company news', body: 'Hello.' });
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect(theirs.json().announcement.companyId).toBe('other-company');
      // No brand has that key: its key is the name shown.
      expect(theirs.json().announcement.companyName).toBe('other-company');
      // Apothecall's pharmacies are not that company's.
      expect(await titles(pharmacist)).not.toContain('Other company news');
      const list = (await get(t, '/api/rxadmin/announcements', otherWriter)).json();
      expect(list.announcements.map((a: Shown) => a.title)).toEqual(['Other company news']);
      const withdraw = await send(
        t,
        'POST',
        `/api/rxadmin/announcements/${second}/withdraw`,
        otherWriter,
      );
      expect(withdraw.statusCode).toBe(404);
      expect(await titles(pharmacist)).toContain('New claim fee');
    },
  );

  itReadsNoDate(
    'lets the platform admin write to every pharmacy and see every announcement',
    async () => {
      const res = await post(admin, { title: 'Maintenance tonight', body: 'From 1 to 2 am.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().announcement.companyId).toBeNull();
      expect(res.json().announcement.companyName).toBeNull();
      for (const token of [pharmacist, loneStar]) {
        expect((await titles(token))[0]).toBe('Maintenance tonight');
      }
      const list = (await get(t, '/api/rxadmin/announcements', admin)).json();
      expect(list.writer).toEqual({ companyId: null });
      expect(list.announcements.map((a: Shown) => a.title)).toEqual([
        'Maintenance tonight',
        'Other company news',
        'Texas board notice',
        'New claim fee',
        'Holiday hours',
      ]);
    },
  );

  itReadsNoDate('refuses anyone but the writers and the pharmacies’ staff', async () => {
    const patient = await newPatient(t);
    const write = await post(patient.token, { title: 'Hi', body: 'Hi' });
    expect(write.statusCode).toBe(403);
    expect(write.json().errorCode).toBe('ANNOUNCEMENT_WRITERS_ONLY');
    expect((await post(pharmacist, { title: 'Hi', body: 'Hi' })).statusCode).toBe(403);
    const read = await get(t, '/api/pharmacy/announcements', patient.token);
    expect(read.statusCode).toBe(403);
    expect(read.json().errorCode).toBe('PHARMACY_ONLY');
    expect((await get(t, '/api/pharmacy/announcements', writer)).statusCode).toBe(403);
  });

  it('refuses bad input naming the field in the caller’s language, and stores nothing', async () => {
    const before = await stored();
    const empty = await post(writer, { title: '  ', body: 'Body' }, 'es');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMsg).toContain('Título: obligatorio, 120 caracteres como máximo.');
    const past = await post(writer, { title: 'Old', body: 'Old', expiresOn: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errorMsg).toContain('Last day shown: choose today or a later day');
    const state = await post(writer, { title: 'States', body: 'x', states: ['florida'] });
    expect(state.statusCode).toBe(400);
    const long = await post(writer, { title: 'x'.repeat(121), body: 'x' });
    expect(long.statusCode).toBe(400);
    expect(await stored()).toBe(before);
  });

  itReadsNoDate(
    'stops showing a withdrawn announcement, and withdrawing twice changes nothing',
    async () => {
      const res = await send(t, 'POST', `/api/rxadmin/announcements/${second}/withdraw`, writer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().announcement.status).toBe('withdrawn');
      const withdrawnAt = res.json().announcement.withdrawnAt;
      expect(await titles(pharmacyAdmin)).not.toContain('New claim fee');
      const again = await send(t, 'POST', `/api/rxadmin/announcements/${second}/withdraw`, writer);
      expect(again.statusCode).toBe(200);
      expect(again.json().announcement.withdrawnAt).toBe(withdrawnAt);
    },
  );

  it('shows each reader the version in their language when the writer gave both, else the one written (issue 36, finding 17)', async () => {
    const readIn = async (lang: string) => {
      const res = await t.fastify.inject({
        method: 'GET',
        url: '/api/pharmacy/announcements',
        headers: { ...bearer(pharmacist), 'x-app-params': `lang=${lang}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().announcements as {
        id: string;
        title: string;
        body: string;
        language: string;
      }[];
    };
    const both = await post(writer, {
      language: 'en',
      title: 'Inventory count',
      body: 'Count your stock on Friday.',
      translationTitle: 'Conteo de inventario',
      translationBody: 'Cuente sus existencias el viernes.',
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().announcement).toMatchObject({
      language: 'en',
      translation: { title: 'Conteo de inventario', body: 'Cuente sus existencias el viernes.' },
    });
    const bothId = both.json().announcement.id;
    // Written in Spanish only: everyone reads it in Spanish, marked as such.
    const spanishOnly = await post(
      writer,
      { language: 'es', title: 'Cierre temprano', body: 'Cerramos a las 3 p. m.' },
      'en',
    );
    expect(spanishOnly.statusCode, spanishOnly.body).toBe(200);
    expect(spanishOnly.json().announcement.translation).toBeNull();
    const spanishId = spanishOnly.json().announcement.id;

    const en = await readIn('en');
    expect(en.find((a) => a.id === bothId)).toMatchObject({
      title: 'Inventory count',
      body: 'Count your stock on Friday.',
      language: 'en',
    });
    expect(en.find((a) => a.id === spanishId)).toMatchObject({
      title: 'Cierre temprano',
      language: 'es',
    });
    const es = await readIn('es');
    expect(es.find((a) => a.id === bothId)).toMatchObject({
      title: 'Conteo de inventario',
      body: 'Cuente sus existencias el viernes.',
      language: 'es',
    });
    expect(es.find((a) => a.id === spanishId)).toMatchObject({ language: 'es' });
    // Announcements posted before (no language given) are English.
    const managed = (await get(t, '/api/rxadmin/announcements', writer)).json().announcements;
    expect(managed.find((a: Shown) => a.title === 'Holiday hours')).toMatchObject({
      language: 'en',
      translation: null,
    });
  });

  it('refuses half a translation or an unknown language in the caller language; nothing stored', async () => {
    const before = await stored();
    const half = await post(writer, {
      title: 'Half',
      body: 'Only a translated title.',
      translationTitle: 'Mitad',
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().errorMsg).toContain(
      'Message in the other language: at most 4000 characters, required with its title.',
    );
    const french = await post(writer, { title: 'Bonjour', body: 'Salut.', language: 'fr' }, 'es');
    expect(french.statusCode).toBe(400);
    expect(french.json().errorMsg).toContain('Idioma: elija inglés o español.');
    expect(await stored()).toBe(before);
  });

  it('stops showing an announcement after its last day', async () => {
    const today = calendarAt(Date.now(), 'America/New_York').today;
    const res = await post(writer, {
      title: 'Today only',
      body: 'Until midnight.',
      expiresOn: today,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().announcement.status).toBe('current');
    expect(await titles(pharmacist)).toContain('Today only');
    // Two days on (sessions end with the idle limit: log in again).
    t.advance(2 * 24 * 60 * 60 * 1000);
    const [later, laterWriter] = await Promise.all([
      login(t, sunrisePharmacist),
      login(t, rxAdmin),
    ]);
    expect(await titles(later)).not.toContain('Today only');
    const list = (await get(t, '/api/rxadmin/announcements', laterWriter)).json().announcements;
    expect(list.find((a: Shown) => a.title === 'Today only').status).toBe('expired');
  });
});
