import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { licenceDay } from '@apothecall/domain/clinic/licences.rules';
import { addDays } from '@apothecall/domain/dates/zones.rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
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
import { accounts } from '../../db/schema/accounts';
import { providerLicenses } from '../../db/schema/clinic';

/**
 * Licences with expiry dates: Grace (FL only) whose FL licence expired yesterday in
 * Florida neither sees nor claims an FL visit, on-demand or Rx (403 LICENCE_NOT_IN_FORCE, in the
 * caller's language); the same licence expiring today still lets her. One rule (the roster's
 * `licenses`, and `standing` for the queue's refresh) serves every path.
 */
describe.each(databaseKinds)('Licence expiry on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let grace: string;
  let graceId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-licences-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    grace = await login(t, demo.provider2);
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.loginId, demo.provider2));
    graceId = row?.id ?? '';
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetCare(t);
  });

  const expireFloridaOn = async (days: number) => {
    await t.database.db
      .update(providerLicenses)
      .set({ expiresOn: addDays(licenceDay('FL', Date.now()), days) })
      .where(and(eq(providerLicenses.accountId, graceId), eq(providerLicenses.state, 'FL')));
  };

  const waitingFloridaVisit = async () => {
    const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const started = await ok(
      'visit start',
      await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer)),
    );
    return started.json().visit.visitId as string;
  };

  const queued = async (visitId: string) =>
    (
      (await ok('queue', await get(t, '/api/clinic/queue', grace))).json().visits as {
        visitId: string;
      }[]
    ).some((v) => v.visitId === visitId);
  const rxQueued = async (visitId: string) =>
    (
      (await ok('rx queue', await get(t, '/api/clinic/rx/queue', grace))).json().waiting as {
        id: string;
      }[]
    ).some((v) => v.id === visitId);

  it('an FL licence that expired yesterday hides and refuses FL visits; one expiring today does not', async () => {
    await setDuty(t, grace, true);
    const visitId = await waitingFloridaVisit();
    const rxId = await paidRxVisit(t);

    await expireFloridaOn(-1);
    expect(await queued(visitId)).toBe(false);
    expect(await rxQueued(rxId)).toBe(false);
    const refused = await t.fastify.inject({
      method: 'POST',
      url: `/api/clinic/visits/${visitId}/claim`,
      headers: { ...bearer(grace), 'x-app-params': 'lang=es' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: true, errorCode: 'LICENCE_NOT_IN_FORCE' });
    expect(refused.json().errorMsg).toContain('Su licencia en FL venció el');
    const rxRefused = await send(t, 'POST', `/api/clinic/rx/${rxId}/claim`, grace);
    expect(rxRefused.statusCode).toBe(403);
    expect(rxRefused.json().errorMsg).toContain('Your licence in FL expired on');
    // Her queue is empty: FL was her only state.
    expect((await get(t, '/api/clinic/queue', grace)).json().visits).toEqual([]);

    await expireFloridaOn(0);
    expect(await queued(visitId)).toBe(true);
    expect(await rxQueued(rxId)).toBe(true);
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, grace));
    await ok('rx claim', await send(t, 'POST', `/api/clinic/rx/${rxId}/claim`, grace));
  });

  // The queue reads the licences and the duty in one statement, the line and her own visits in
  // another: with no licence at all, the duty and her visits in progress are still read.
  it('with no licence at all, her queue has no waiting line but still her duty and her own visits', async () => {
    await setDuty(t, grace, true);
    const visitId = await waitingFloridaVisit();
    await ok('claim', await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, grace));
    const other = await waitingFloridaVisit();
    expect(await queued(other)).toBe(true);
    const saved = await t.database.db
      .select()
      .from(providerLicenses)
      .where(eq(providerLicenses.accountId, graceId));
    await t.database.db.delete(providerLicenses).where(eq(providerLicenses.accountId, graceId));
    try {
      const queue = (await ok('queue', await get(t, '/api/clinic/queue', grace))).json();
      expect(queue.onDuty).toBe(true);
      expect(queue.visits).toEqual([]);
      expect(queue.mine.map((v: { visitId: string }) => v.visitId)).toEqual([visitId]);
      await setDuty(t, grace, false);
      expect((await get(t, '/api/clinic/queue', grace)).json().onDuty).toBe(false);
    } finally {
      await t.database.db.insert(providerLicenses).values(saved);
    }
  });
});
