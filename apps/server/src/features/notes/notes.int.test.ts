import { notesPageSize } from '@apothecall/domain/notes/notes.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts, persons } from '../../db/schema/accounts';
import { providerProfiles } from '../../db/schema/clinic';
import { notes } from '../../db/schema/notes';
import { auditLog } from '../../db/schema/platform';

const zone = 'America/New_York';
const day = 86_400_000;

interface Summary {
  id: string;
  date: string;
  time: string;
  provider: string;
  subject: string;
  ptId: string;
}

describe.each(databaseKinds)('visit notes on %s', (kind) => {
  let t: TestApp;
  let maria: string;
  let nora: string;
  let provider: string;
  let mariaId: string;
  let noraId: string;
  let leoId: string;
  let providerId: string;
  let credential: Record<string, unknown>;
  let leoNoteId: string;
  let marchNoteId: string;

  async function insertNote(personId: string, createdAt: Date, subject: string) {
    const [row] = await t.database.db
      .insert(notes)
      .values({
        accountId: mariaId,
        personId,
        providerId,
        providerName: 'Dr. Samuel Okafor, MD',
        author: 'Dr. Samuel Okafor, MD',
        subject,
        body: `Assessment and plan for ${subject}.\nSecond line — with a dash and ñ.`,
        providerCredential: credential,
        createdAt,
      })
      .returning({ id: notes.id });
    return row!.id;
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    maria = await login(t);
    provider = await login(t, 'provider@apothecall.test');
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('nora.notes@example.test'),
    });
    nora = await login(t, 'nora.notes@example.test', 'Quinn-Pass-42');
    const db = t.database.db;
    const idOf = async (loginId: string) =>
      (await db.select().from(accounts).where(eq(accounts.loginId, loginId)))[0]!.id;
    mariaId = await idOf('patient@apothecall.test');
    noraId = await idOf('nora.notes@example.test');
    providerId = await idOf('provider@apothecall.test');
    leoId = (
      await db
        .select()
        .from(persons)
        .where(and(eq(persons.accountId, mariaId), eq(persons.firstName, 'Leo')))
    )[0]!.id;
    credential = (
      await db.select().from(providerProfiles).where(eq(providerProfiles.accountId, providerId))
    )[0]!.credential;

    // Maria: the 2 seeded notes (12 and 47 days ago) + 23 more on distinct older days, at noon
    // UTC (the same calendar day in New York) = 25 notes.
    const base = Date.UTC(2024, 5, 1, 12);
    for (let i = 0; i < 23; i += 1) {
      await insertNote(mariaId, new Date(base - i * day), `Follow-up ${i}`);
    }
    // Leo: 19 notes on distinct days, then 3 on one older day: the page must stop before that day.
    for (let i = 0; i < 19; i += 1) {
      await insertNote(leoId, new Date(base - i * day), `Leo ${i}`);
    }
    for (let h = 0; h < 3; h += 1) {
      await insertNote(leoId, new Date(base - 30 * day + h * 3_600_000), `Leo same day ${h}`);
    }
    // 03:30 UTC on 10 March is still the evening of 9 March in New York.
    marchNoteId = await insertNote(leoId, new Date('2023-03-10T03:30:00Z'), 'Late evening');
    leoNoteId = await insertNote(leoId, new Date('2023-01-05T15:00:00Z'), 'Ear ache');
  });
  afterAll(async () => {
    await t?.close();
  });

  const headers = (token: string, timeZone = zone) => ({
    ...bearer(token),
    'x-time-zone': timeZone,
  });
  const get = (url: string, token: string, timeZone = zone) =>
    t.fastify.inject({ method: 'GET', url, headers: headers(token, timeZone) });
  const post = (url: string, token: string, payload: object, timeZone = zone) =>
    t.fastify.inject({ method: 'POST', url, headers: headers(token, timeZone), payload });
  const auditRows = (action: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('seeds two past notes for the demo patient, once', async () => {
    const seeded = await t.database.db
      .select()
      .from(notes)
      .where(and(eq(notes.personId, mariaId), eq(notes.subject, 'Video visit: Sore throat')));
    expect(seeded).toHaveLength(1);
    expect(seeded[0]!.providerId).toBe(providerId);
  });

  it('lists all notes of the holder, newest first, and audits the read', async () => {
    const res = await post('/api/notes', maria, { uid: mariaId });
    expect(res.statusCode).toBe(200);
    const list = res.json().notes as Summary[];
    expect(list).toHaveLength(25);
    expect(list.slice(0, 2).map((n) => n.subject)).toEqual([
      'Video visit: Sore throat',
      'Video visit: Cough/cold',
    ]);
    // The seeded notes carry their topic: in Spanish their subjects are Spanish.
    const inSpanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/notes',
      headers: { authorization: `Bearer ${maria}`, 'x-app-params': 'lang=es' },
      payload: { uid: mariaId },
    });
    expect((inSpanish.json().notes as Summary[]).slice(0, 2).map((n) => n.subject)).toEqual([
      'Consulta por video: Dolor de garganta',
      'Consulta por video: Tos/resfriado',
    ]);
    expect(list[2]).toMatchObject({
      subject: 'Follow-up 0',
      date: '2024-06-01',
      time: '08:00:00',
      provider: 'Dr. Samuel Okafor, MD',
      ptId: mariaId,
    });
    expect(list[2]).not.toHaveProperty('body');
    const keys = list.map((n) => `${n.date} ${n.time}`);
    expect([...keys].sort().reverse()).toEqual(keys);
    const audited = await auditRows('notes.list');
    expect(audited.some((r) => r.subjectPersonId === mariaId && r.actorAccountId === mariaId)).toBe(
      true,
    );
  });

  it("lists a dependent's notes for the holder, dated in the requester's time zone", async () => {
    const ny = (await post('/api/notes', maria, { uid: leoId })).json().notes as Summary[];
    expect(ny).toHaveLength(24);
    expect(ny.find((n) => n.id === marchNoteId)).toMatchObject({
      date: '2023-03-09',
      time: '22:30:00',
    });
    const utc = (await post('/api/notes', maria, { uid: leoId }, 'UTC')).json().notes as Summary[];
    expect(utc.find((n) => n.id === marchNoteId)).toMatchObject({
      date: '2023-03-10',
      time: '03:30:00',
    });
  });

  it('pages by date: the next end date follows the last note, and no note is skipped', async () => {
    const range = { uid: mariaId, startDate: '2000-01-01', endDate: '2099-12-31' };
    const first = await post('/api/full-notes', maria, range);
    expect(first.statusCode).toBe(200);
    const one = first.json() as { notes: Summary[]; nextEndDate: string | null };
    expect(one.notes).toHaveLength(notesPageSize);
    const oldest = one.notes.at(-1)!;
    const dayBefore = new Date(Date.parse(`${oldest.date}T00:00:00Z`) - day)
      .toISOString()
      .slice(0, 10);
    expect(one.nextEndDate).toBe(dayBefore);

    const second = await post('/api/full-notes', maria, { ...range, endDate: one.nextEndDate });
    const two = second.json() as { notes: Summary[]; nextEndDate: string | null };
    expect(two.notes).toHaveLength(25 - notesPageSize);
    expect(two.nextEndDate).toBeNull();
    const all = [...one.notes, ...two.notes].map((n) => n.id);
    expect(new Set(all).size).toBe(25);

    const narrow = await post('/api/full-notes', maria, {
      uid: mariaId,
      startDate: '2024-05-30',
      endDate: '2024-06-01',
    });
    expect(narrow.json()).toMatchObject({ nextEndDate: null });
    expect(narrow.json().notes.map((n: Summary) => n.subject)).toEqual([
      'Follow-up 0',
      'Follow-up 1',
      'Follow-up 2',
    ]);
    expect((await auditRows('notes.page')).length).toBeGreaterThanOrEqual(3);
  });

  it("answers a page reaching the calendar's ends (0001-01-01 to 9999-12-31) with the notes, not a 500", async () => {
    const wide = await post('/api/full-notes', maria, {
      uid: mariaId,
      startDate: '0001-01-01',
      endDate: '9999-12-31',
    });
    expect(wide.statusCode).toBe(200);
    const page = wide.json() as { notes: Summary[]; nextEndDate: string | null };
    expect(page.notes).toHaveLength(notesPageSize);
    expect(page.nextEndDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const lastDay = await post('/api/full-notes', maria, {
      uid: mariaId,
      startDate: '9999-12-31',
      endDate: '9999-12-31',
    });
    expect(lastDay.statusCode).toBe(200);
    expect(lastDay.json()).toMatchObject({ notes: [], nextEndDate: null });
  });

  it('keeps a day whole: a page stops before a day it cannot finish', async () => {
    const range = { uid: leoId, startDate: '2000-01-01', endDate: '2099-12-31' };
    const one = (await post('/api/full-notes', maria, range)).json() as {
      notes: Summary[];
      nextEndDate: string;
    };
    expect(one.notes).toHaveLength(19);
    expect(one.nextEndDate).toBe('2024-05-13');
    const two = (
      await post('/api/full-notes', maria, { ...range, endDate: one.nextEndDate })
    ).json() as { notes: Summary[]; nextEndDate: string | null };
    expect(two.notes.map((n) => n.subject)).toEqual([
      'Leo same day 2',
      'Leo same day 1',
      'Leo same day 0',
      'Late evening',
      'Ear ache',
    ]);
    expect(two.nextEndDate).toBeNull();
  });

  it('reads one note with the credential block and audits it', async () => {
    const res = await get(`/api/notes/${leoNoteId}`, maria);
    expect(res.statusCode).toBe(200);
    expect(res.json().note).toMatchObject({
      id: leoNoteId,
      date: '2023-01-05',
      time: '10:00:00',
      subject: 'Ear ache',
      ptId: leoId,
      author: 'Dr. Samuel Okafor, MD',
      body: 'Assessment and plan for Ear ache.\nSecond line — with a dash and ñ.',
      providerCredential: {
        address: {
          name: 'Apothecall Medical Group',
          line1: '100 Biscayne Blvd, Suite 400',
          line2: 'Miami, FL 33132',
          phone: '305-555-0199',
        },
        fax: '305-555-0198',
        npi: '1234567893',
        clientNumber: 'LAB-1001',
      },
    });
    const audited = await auditRows('note.read');
    expect(
      audited.some(
        (r) =>
          r.subjectPersonId === leoId &&
          r.subjectAccountId === mariaId &&
          r.detail?.noteId === leoNoteId,
      ),
    ).toBe(true);
  });

  it('downloads the note as a PDF attachment, in Spanish too', async () => {
    for (const lang of ['en', 'es']) {
      const res = await t.fastify.inject({
        method: 'GET',
        url: `/api/notes/${leoNoteId}/pdf`,
        headers: { ...headers(maria), 'x-app-params': `lang=${lang}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="note-2023-01-05.pdf"; filename*=UTF-8''note-2023-01-05.pdf`,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 612 792]');
    }
    const audited = await auditRows('note.pdf');
    expect(audited.filter((r) => r.detail?.noteId === leoNoteId)).toHaveLength(2);
  });

  it('lets the provider who wrote a note read it, but not list the patient', async () => {
    expect((await get(`/api/notes/${leoNoteId}`, provider)).statusCode).toBe(200);
    expect((await get(`/api/notes/${leoNoteId}/pdf`, provider)).statusCode).toBe(200);
    expect((await post('/api/notes', provider, { uid: mariaId })).statusCode).toBe(404);
    const audited = await auditRows('note.read');
    expect(
      audited.some((r) => r.actorAccountId === providerId && r.subjectAccountId === mariaId),
    ).toBe(true);
  });

  it("answers another patient's notes as not found everywhere and audits each attempt", async () => {
    const before = (await auditRows('notes.access')).filter((r) => r.actorAccountId === noraId);
    const attempts = [
      await post('/api/notes', nora, { uid: mariaId }),
      await post('/api/notes', nora, { uid: leoId }),
      await post('/api/full-notes', nora, {
        uid: leoId,
        startDate: '2000-01-01',
        endDate: '2099-12-31',
      }),
      await get(`/api/notes/${leoNoteId}`, nora),
      await get(`/api/notes/${leoNoteId}/pdf`, nora),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
      expect(res.body).not.toContain('Ear ache');
    }
    expect(attempts[3]!.json().errorMsg).toBe('Note not found.');
    const after = (await auditRows('notes.access')).filter((r) => r.actorAccountId === noraId);
    expect(after.length - before.length).toBe(5);
    expect(after.every((r) => r.outcome === 'denied')).toBe(true);
    expect(after.some((r) => r.detail?.target === leoNoteId && r.detail?.what === 'pdf')).toBe(
      true,
    );
    // Her own (empty) list works.
    const own = await post('/api/notes', nora, { uid: noraId });
    expect(own.json()).toEqual({ error: false, notes: [] });
  });

  it('answers malformed ids with a clear 400 or 404, never 500', async () => {
    const badUid = await post('/api/notes', maria, { uid: 'not-a-uuid' });
    expect(badUid.statusCode).toBe(400);
    expect(badUid.json().errorMsg).toContain('"uid" is not valid.');
    const badPage = await post('/api/full-notes', maria, {
      uid: mariaId,
      startDate: '2024-06-02',
      endDate: '2024-06-01',
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().errorCode).toBe('VALIDATION');
    const missing = await post('/api/full-notes', maria, { uid: mariaId });
    expect(missing.statusCode).toBe(400);
    for (const url of [
      '/api/notes/not-a-uuid',
      '/api/notes/1/pdf',
      `/api/notes/${'9'.repeat(64)}`,
    ]) {
      const res = await get(url, maria);
      expect(res.statusCode).toBe(404);
      expect(res.json().errorCode).toBe('NOT_FOUND');
    }
    const unknown = await get('/api/notes/3f1c2b9e-8a4d-4c6e-9b2a-1d5e7f9a0b1c', maria);
    expect(unknown.statusCode).toBe(404);
    const es = await t.fastify.inject({
      method: 'GET',
      url: '/api/notes/not-a-uuid',
      headers: { ...headers(maria), 'x-app-params': 'lang=es' },
    });
    expect(es.json().errorMsg).toBe('Nota no encontrada.');
  });

  it('needs a session', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/notes',
      payload: { uid: mariaId },
    });
    expect(res.statusCode).toBe(401);
    expect(
      (await t.fastify.inject({ method: 'GET', url: `/api/notes/${leoNoteId}` })).statusCode,
    ).toBe(401);
  });
});
