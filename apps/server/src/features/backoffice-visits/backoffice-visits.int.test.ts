import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  login,
  newPatient,
  ok,
  readyToPay,
  resetCare,
  send,
  setDuty,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { paidRxVisit } from '../../../test/paid-rx-visit';
import { visitMessages, visits } from '../../db/schema/care';
import { auditLog, outbox } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

const list = '/api/admin/visits/list';

/**
 * The back office's visits area through the whole app, one app per database: admin
 * and support list (patient, provider and pharmacist 403, nobody 401); bad input is 400 in the
 * caller's language; stuck visits come first with their reason; every listed visit is audited.
 */
describe.each(databaseKinds)('Back office: visits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;

  const post = (token: string | null, url: string, body: object = {}, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const auditCount = async (action: string) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.outcome, 'success')))
    )[0]?.n ?? 0;

  const ledgerOf = async (who: { loginId: string; password: string }) =>
    (
      (
        await send(t, 'POST', '/api/transactionsGET', await login(t, who.loginId, who.password))
      ).json().transactions as { kind: string; amount: number }[]
    ).map((e) => [e.kind, e.amount]);
  const stateOf = async (visitId: string) =>
    (await t.database.db.select().from(visits).where(eq(visits.id, visitId)))[0];
  const notesOf = async (visitId: string) =>
    (
      await t.database.db.select().from(visitMessages).where(eq(visitMessages.visitId, visitId))
    ).map((m) => m.text);
  const startWaiting = async () => {
    const patient = await newPatient(t);
    const payer = await readyToPay(t, patient, { state: 'FL' });
    const visitId = (
      await ok('start', await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer)))
    ).json().visit.visitId as string;
    return { patient, visitId };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-admin-visits-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    await resetCare(t);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('admin and support may list; other roles 403; no session 401', async () => {
    const [admin, support, patient, provider, pharmacist] = await Promise.all([
      login(t, 'admin@apothecall.test'),
      login(t, 'support@apothecall.test'),
      login(t, demo.patient),
      login(t, demo.provider),
      login(t, 'pharmacist@apothecall.test'),
    ]);
    expect((await post(admin, list, { page: 1 })).statusCode).toBe(200);
    expect((await post(support, list, { page: 1 })).statusCode).toBe(200);
    for (const token of [patient, provider, pharmacist]) {
      const res = await post(token, list, { page: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorMsg).toBe('Your role may not use this part of the back office.');
    }
    expect((await post(null, list, { page: 1 })).statusCode).toBe(401);
  });

  it('bad input is 400 naming the field, in English and Spanish, and audits nothing', async () => {
    const admin = await login(t, 'admin@apothecall.test');
    const before = await auditCount('backoffice.visits.list');
    const en = await post(admin, list, { kind: 'house-call', page: 1 });
    expect(en.statusCode).toBe(400);
    expect(en.json().errorMsg).toContain('Choose a kind of visit: video, appointment or Rx.');
    const es = await post(admin, list, { page: 0 }, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.json().errorMsg).toContain('Elija una página del 1 al 1000.');
    const status = await post(admin, list, { status: "x' or 1=1", page: 1 });
    expect(status.statusCode).toBe(400);
    expect(status.json().errorMsg).toContain('Enter a status (2 to 40 letters).');
    expect(await auditCount('backoffice.visits.list')).toBe(before);
  });

  it('lists stuck visits first with the reason, the reference, the name and the age', async () => {
    // A video visit claimed (not stuck), one waiting 11 minutes (stuck), an Rx visit unreviewed
    // for 25 hours (stuck).
    const providerToken = await login(t, demo.provider);
    await setDuty(t, providerToken, true);
    const claimer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const claimed = (
      await ok(
        'start',
        await send(t, 'POST', '/api/visit-start/', claimer.token, startBody(claimer)),
      )
    ).json().visit.visitId as string;
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${claimed}/claim`, providerToken));
    const waiter = await readyToPay(
      t,
      await newPatient(t, { name: 'Wendeline Quarry', dob: '03-04-1979' }),
      { state: 'FL' },
    );
    const waiting = (
      await ok('start', await send(t, 'POST', '/api/visit-start/', waiter.token, startBody(waiter)))
    ).json().visit.visitId as string;
    const rxId = await paidRxVisit(t);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await t.database.db
      .update(rxVisits)
      .set({ createdAt: dayAgo, paidAt: dayAgo, updatedAt: dayAgo })
      .where(eq(rxVisits.id, rxId));
    await setDuty(t, providerToken, false);
    t.advance(11 * 60_000);

    const admin = await login(t, 'admin@apothecall.test');
    const before = await auditCount('backoffice.visits.list');
    const res = await ok('list', await post(admin, list, { page: 1 }));
    const rows = res.json().visits as {
      id: string;
      ref: string;
      kind: string;
      status: string;
      patientName: string;
      state: string;
      provider: string | null;
      ageMinutes: number;
      stuck: string | null;
      final: boolean;
    }[];
    // Stuck first (the demo's pharmacy visits unclaimed for days among them), oldest first: the
    // Rx visit (25 hours), then the waiting one (11 minutes).
    const firstFree = rows.findIndex((r) => r.stuck === null);
    expect(firstFree).toBeGreaterThan(0);
    expect(rows.slice(firstFree).every((r) => r.stuck === null)).toBe(true);
    const ours = rows.filter((r) => [rxId, waiting].includes(r.id));
    expect(ours.map((r) => [r.id, r.stuck])).toEqual([
      [rxId, 'rxUnreviewed'],
      [waiting, 'waitingNoProvider'],
    ]);
    expect(rows.indexOf(ours[1] as (typeof rows)[number])).toBeLessThan(firstFree);
    expect(ours[1]).toMatchObject({
      ref: waiting.replace(/-/g, '').slice(0, 8).toUpperCase(),
      kind: 'video',
      status: 'waiting',
      patientName: 'Wendeline Quarry',
      state: 'FL',
      provider: null,
      final: false,
    });
    expect(ours[1]?.ageMinutes).toBeGreaterThanOrEqual(11);
    const claimedRow = rows.find((r) => r.id === claimed);
    expect(claimedRow).toMatchObject({ stuck: null, status: 'inProgress', final: false });
    expect(claimedRow?.provider).toContain('Okafor');
    expect(await auditCount('backoffice.visits.list')).toBe(before + rows.length);

    // Filters: kind and status.
    const rx = (await ok('rx', await post(admin, list, { kind: 'rx', page: 1 }))).json().visits;
    expect(rx.map((r: { kind: string }) => r.kind)).toEqual(rx.map(() => 'rx'));
    expect(rx.map((r: { id: string }) => r.id)).toContain(rxId);
    const inProgress = (
      await ok('status', await post(admin, list, { kind: 'video', status: 'inProgress', page: 1 }))
    ).json().visits;
    expect(inProgress.map((r: { id: string }) => r.id)).toEqual([claimed]);
    const [stored] = await t.database.db.select().from(visits).where(eq(visits.id, waiting));
    expect(stored?.state).toBe('waiting');
  });

  it('cancels a waiting visit with a note and refunds it once, of 8 cancels at once', async () => {
    const [admin, patientToken] = await Promise.all([
      login(t, 'admin@apothecall.test'),
      login(t, demo.patient),
    ]);
    const providerToken = await login(t, demo.provider);
    await setDuty(t, providerToken, true);
    const { patient, visitId } = await startWaiting();
    const url = `/api/admin/visits/${visitId}/cancel`;

    // Refused to a patient, bad notes refused in both languages: nothing changes.
    expect((await post(patientToken, url, { note: 'Closing this visit' })).statusCode).toBe(403);
    expect((await post(null, url, { note: 'Closing this visit' })).statusCode).toBe(401);
    const en = await post(admin, url, { note: 'x' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errorMsg).toContain('Write a note for the patient (3 to 500 characters).');
    const es = await post(admin, url, {}, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.json().errorMsg).toContain(
      'Escriba una nota para el paciente (de 3 a 500 caracteres).',
    );
    expect(
      (await post(admin, '/api/admin/visits/not-an-id/cancel', { note: 'abc' })).statusCode,
    ).toBe(404);
    expect((await stateOf(visitId))?.state).toBe('waiting');
    expect(await ledgerOf(patient)).toEqual([['charge', 4900]]);

    const note = 'No provider is free in Florida tonight.';
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(admin, url, { note })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().errorMsg).toBe(
      'This visit is already over (cancelled): it cannot be cancelled.',
    );
    expect(await stateOf(visitId)).toMatchObject({ state: 'cancelled', outcome: 'support' });
    expect(await ledgerOf(patient)).toEqual([
      ['refund', 4900],
      ['charge', 4900],
    ]);
    expect(await auditCount('backoffice.visits.cancel')).toBeGreaterThanOrEqual(1);
    const cancels = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backoffice.visits.cancel'));
    expect(
      cancels.filter((r) => (r.detail as { visitId: string }).visitId === visitId),
    ).toHaveLength(1);
    const told = `Your visit was cancelled by our support team and fully refunded: ${note}`;
    expect(await notesOf(visitId)).toEqual([told]);
    const texts = (
      await outboxRows(t, and(eq(outbox.channel, 'sms'), eq(outbox.recipient, patient.phone)))
    ).map((r) => JSON.stringify(r));
    expect(texts.filter((b) => b.includes('cancelled by our support team'))).toHaveLength(1);
    // The patient cancelling afterwards refunds nothing more.
    const token = await login(t, patient.loginId, patient.password);
    await send(t, 'POST', `/api/visits/${visitId}/cancel`, token);
    expect(await ledgerOf(patient)).toHaveLength(2);
    await setDuty(t, providerToken, false);
  });

  it('reassigns a claimed visit back to the line with a note; refused when not claimed', async () => {
    const support = await login(t, 'support@apothecall.test');
    const providerToken = await login(t, demo.provider);
    await setDuty(t, providerToken, true);
    const { visitId } = await startWaiting();
    const url = `/api/admin/visits/${visitId}/reassign`;
    const note = 'Your doctor had to leave; another will see you.';

    const notClaimed = await post(support, url, { note }, 'es');
    expect(notClaimed.statusCode).toBe(409);
    expect(notClaimed.json().errorMsg).toBe(
      'Ningún proveedor ha tomado esta consulta: no hay nada que reasignar.',
    );
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, providerToken));
    expect((await post(providerToken, url, { note })).statusCode).toBe(403);
    await ok('reassign', await post(support, url, { note }));
    expect(await stateOf(visitId)).toMatchObject({ state: 'waiting', providerId: null });
    expect(await notesOf(visitId)).toEqual([
      `Your visit goes back to the line for the next provider: ${note}`,
    ]);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backoffice.visits.reassign'));
    expect(rows.map((r) => (r.detail as { visitId: string }).visitId)).toEqual([visitId]);
    // Another provider may claim it now.
    const other = await login(t, demo.provider2);
    await setDuty(t, other, true);
    await ok('claim again', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, other));
    await setDuty(t, other, false);
    await setDuty(t, providerToken, false);
  });

  it('reassigns an Rx review a prescriber started back to the prescribers line', async () => {
    const admin = await login(t, 'admin@apothecall.test');
    const providerToken = await login(t, demo.provider);
    const rxId = await paidRxVisit(t);
    const url = `/api/admin/visits/${rxId}/reassign`;
    const note = 'Your prescriber is away; another will review your request.';
    const notStarted = await post(admin, url, { note });
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json().errorMsg).toBe(
      'No provider has claimed this visit: there is nothing to reassign.',
    );
    await ok('rx claim', await send(t, 'POST', `/api/clinic/rx/${rxId}/claim`, providerToken));
    await ok('reassign', await post(admin, url, { note }));
    const [review] = await t.database.db.select().from(rxVisits).where(eq(rxVisits.id, rxId));
    expect(review).toMatchObject({ status: 'waiting', prescriberId: null });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'backoffice.visits.reassign'));
    expect(rows.map((r) => (r.detail as { visitId: string }).visitId)).toContain(rxId);
  });
});
