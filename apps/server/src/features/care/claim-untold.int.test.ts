import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  login,
  newPatient,
  readyToPay,
  resetCare,
  send,
  setDuty,
  socketFor,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { visits } from '../../db/schema/care';
import { endedRetellMs } from './care-presence';

/**
 * A claim's push leaves from the process that made the claim, after its commit. Killing one of two
 * instances mid-run (bench/ha) showed a patient never told: the claim (and its end) committed on
 * the instance that was killed before pushing, and the patient's socket, on the other instance,
 * never dropped, so the waiting room never asked again. The minute presence sweep now tells every
 * patient of a visit in progress, or ended in the last minutes, its state again.
 */
describe.each(databaseKinds)(
  'a claim whose process stopped before telling anyone, on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    beforeEach(async () => {
      await resetCare(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reaches its patient at the next presence sweep', async () => {
      const payer = await readyToPay(t, await newPatient(t));
      await setDuty(t, await login(t, demo.provider2), true);
      const started = await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer));
      const visitId = (started.json() as { visit: { visitId: string } }).visit.visitId;
      const socket = await socketFor(t, payer.token);
      const told: { visitId: string; state: string; providerName: string | null }[] = [];
      socket.on('visitUpdate', (visit: (typeof told)[number]) => told.push(visit));

      // Committed as the claim commits it, by a process that then stopped: nobody is told.
      const [provider] = await t.database.db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.loginId, demo.provider2));
      await t.database.db
        .update(visits)
        .set({
          state: 'inProgress',
          providerId: provider?.id,
          claimedAt: new Date(),
          version: sql`${visits.version} + 1`,
        })
        .where(eq(visits.id, visitId));

      expect(await t.sweepPresence()).toMatchObject({ retold: 1 });
      await expect
        .poll(() => told.find((v) => v.visitId === visitId && v.state === 'inProgress'))
        .toMatchObject({ visitId, state: 'inProgress', providerName: expect.any(String) });
      socket.close();
    });

    it('an end told by nobody reaches its patient at the next sweep, and an old end is left alone', async () => {
      const payer = await readyToPay(t, await newPatient(t));
      await setDuty(t, await login(t, demo.provider2), true);
      const started = await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer));
      const visitId = (started.json() as { visit: { visitId: string } }).visit.visitId;
      const other = await readyToPay(t, await newPatient(t));
      const otherStart = await send(t, 'POST', '/api/visit-start/', other.token, startBody(other));
      const otherId = (otherStart.json() as { visit: { visitId: string } }).visit.visitId;
      const socket = await socketFor(t, payer.token);
      const otherSocket = await socketFor(t, other.token);
      const told: { visitId: string; state: string }[] = [];
      socket.on('visitUpdate', (visit: (typeof told)[number]) => told.push(visit));
      const otherTold: { visitId: string; state: string }[] = [];
      otherSocket.on('visitUpdate', (visit: (typeof told)[number]) => otherTold.push(visit));

      // Ended as the provider's end commits it, by a process that then stopped: nobody is told.
      // The other visit ended longer ago than the sweep looks back.
      const end = (id: string, at: Date) =>
        t.database.db
          .update(visits)
          .set({
            state: 'completed',
            outcome: 'completed',
            endedAt: at,
            version: sql`${visits.version} + 1`,
          })
          .where(eq(visits.id, id));
      await end(visitId, new Date());
      await end(otherId, new Date(Date.now() - endedRetellMs - 60_000));

      // (Counted with the visits the reset between tests ended just now.)
      expect((await t.sweepPresence()).retold).toBeGreaterThanOrEqual(1);
      await expect
        .poll(() => told.find((v) => v.visitId === visitId && v.state === 'completed'))
        .toMatchObject({ visitId, state: 'completed' });
      expect(otherTold.filter((v) => v.state === 'completed')).toEqual([]);
      socket.close();
      otherSocket.close();
    });
  },
);
