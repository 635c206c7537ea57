import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  resetCare,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { paidRxVisit } from '../../../test/paid-rx-visit';
import { rxVisits } from '../../db/schema/rx';

const counts = '/api/home/counts';

/**
 * A staff member's Home counts through the whole app, one app per
 * database: one call per Home, each role gets its own counts (each with the screen where it is
 * acted on), the numbers agree with the screens they lead to, patients are refused in their
 * language and nobody signed in gets 401.
 */
describe.each(databaseKinds)('Home counts on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;

  const countsOf = async (token: string) => {
    const res = await get(t, counts, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { counts: { key: string; count: number; path: string }[] };
    // Counts only: nothing else travels (no names, no visit ids).
    for (const c of body.counts) expect(Object.keys(c).sort()).toEqual(['count', 'key', 'path']);
    return body.counts;
  };
  const countOf = async (token: string, key: string) =>
    (await countsOf(token)).find((c) => c.key === key)?.count;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-home-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    await resetCare(t);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('gives each staff role its own counts, each with the screen where it is acted on', async () => {
    const keysOf = async (loginId: string) =>
      (await countsOf(await login(t, loginId))).map((c) => [c.key, c.path]);
    expect(await keysOf(demo.provider)).toEqual([
      ['rxChangeRequests', '/clinic/rx'],
      ['rxWaiting', '/clinic/rx'],
      ['videoWaiting', '/clinic'],
    ]);
    expect(await keysOf('pharmacy-admin@apothecall.test')).toEqual([
      ['rxUnclaimed', '/prescriptions'],
      ['rxUnclaimedUnseen', '/prescriptions'],
    ]);
    expect(await keysOf('pharmacist@apothecall.test')).toEqual([
      ['rxUnclaimed', '/prescriptions'],
      ['rxUnclaimedUnseen', '/prescriptions'],
    ]);
    expect(await keysOf('rx-admin@apothecall.test')).toEqual([
      ['subscribersRenewalDeclined', '/rxadmin'],
      ['subscribersRenewingSoon', '/rxadmin'],
    ]);
    expect(await keysOf('admin@apothecall.test')).toEqual([
      ['stuckVisits', '/admin/visits'],
      ['pharmaciesUnverified', '/admin/pharmacies'],
      ['failedJobs', '/admin/jobs'],
    ]);
    expect(await keysOf('support@apothecall.test')).toEqual([['stuckVisits', '/admin/visits']]);
  });

  it("agrees with the provider's line and the admin's lists, and counts a new waiting visit", async () => {
    const provider = await login(t, demo.provider);
    const admin = await login(t, 'admin@apothecall.test');
    const before = await countOf(provider, 'rxWaiting');
    const stuckBefore = await countOf(admin, 'stuckVisits');
    const visitId = await paidRxVisit(t);
    expect(await countOf(provider, 'rxWaiting')).toBe((before ?? 0) + 1);
    const queue = (await get(t, '/api/clinic/rx/queue', provider)).json();
    expect(await countOf(provider, 'rxWaiting')).toBe(queue.waiting.length);
    expect(await countOf(provider, 'rxChangeRequests')).toBe(queue.changeRequests.length);
    const videoQueue = (await get(t, '/api/clinic/queue', provider)).json();
    expect(await countOf(provider, 'videoWaiting')).toBe(videoQueue.visits.length);

    // Unreviewed for two days: stuck, on the admin's and support's Home alike.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
    await t.database.db
      .update(rxVisits)
      .set({ paidAt: twoDaysAgo, createdAt: twoDaysAgo, updatedAt: twoDaysAgo })
      .where(eq(rxVisits.id, visitId));
    expect(await countOf(admin, 'stuckVisits')).toBe((stuckBefore ?? 0) + 1);
    expect(await countOf(await login(t, 'support@apothecall.test'), 'stuckVisits')).toBe(
      (stuckBefore ?? 0) + 1,
    );

    const pharmacies = (await get(t, '/api/admin/pharmacies', admin)).json().pharmacies as {
      verified: boolean;
    }[];
    expect(await countOf(admin, 'pharmaciesUnverified')).toBe(
      pharmacies.filter((p) => !p.verified).length,
    );
  });

  it("agrees with the pharmacy's dashboard", async () => {
    const pharmacyAdmin = await login(t, 'pharmacy-admin@apothecall.test');
    const dashboard = (
      await send(t, 'POST', '/api/pharmacy/rx/search', pharmacyAdmin, { tab: 'unclaimed' })
    ).json();
    expect(await countOf(pharmacyAdmin, 'rxUnclaimed')).toBe(dashboard.counts.unclaimed);
    expect(await countOf(pharmacyAdmin, 'rxUnclaimedUnseen')).toBe(dashboard.newUnclaimed);
  });

  it('refuses a patient in their language, and anyone not signed in', async () => {
    const patient = await login(t, demo.patient);
    for (const [lang, text] of [
      ['en', 'Unauthorized.'],
      ['es', 'No autorizado.'],
    ] as const) {
      const res = await t.fastify.inject({
        method: 'GET',
        url: counts,
        headers: { ...bearer(patient), 'x-app-params': `lang=${lang}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'STAFF_ONLY', errorMsg: text });
    }
    expect((await t.fastify.inject({ method: 'GET', url: counts })).statusCode).toBe(401);
  });
});
