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
import { paidRxVisit } from '../../../test/paid-rx-visit';
import { visits } from '../../db/schema/care';
import { auditLog } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

const list = '/api/admin/visits/list';

/**
 * The back office's visits area (issue 35) through the whole app, one app per database: admin
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
    expect(claimedRow?.provider).toBeTruthy();
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
});
