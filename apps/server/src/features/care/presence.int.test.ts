import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  type Payer,
  readyToPay,
  resetCare,
  send,
  setDuty,
  socketFor,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { accounts } from '../../db/schema/accounts';
import { visits } from '../../db/schema/care';
import { outbox } from '../../db/schema/platform';

const minute = 60_000;

/**
 * Presence: on duty follows the provider. Availability needs a connection
 * seen within 2 minutes; logout of the last session ends on duty; the minute sweep switches off
 * the absent, tells stranded patients once, and cancels and refunds (once) a visit nobody claimed
 * within 20 minutes — on two server instances at once, and against a racing claim.
 */
describe.each(databaseKinds)('provider presence on %s', (kind) => {
  let t: TestApp;
  /** A second server instance on the same database (another process of the deployment). */
  let t2: TestApp;
  const advance = (ms: number) => {
    t.advance(ms);
    t2.advance(ms);
  };
  beforeAll(async () => {
    t = await startTestApp(kind);
    t2 = await startTestApp(kind, {}, { database: t.database });
  });
  beforeEach(async () => {
    await resetCare(t);
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  const available = async (token: string, state = 'FL') =>
    (await get(t, `/api/consult/hours?state=${state}`, token)).json().available as boolean;
  const onDuty = async (token: string) =>
    (await get(t, '/api/clinic/queue', token)).json().onDuty as boolean;
  const startVisit = async (payer: Payer) =>
    (await send(t, 'POST', '/api/visit-start/', payer.token, startBody(payer))).json().visit
      .visitId as string;
  /** The patient's ledger, newest first (logged in again: the clock moved past the idle limit). */
  const ledgerOf = async (who: { loginId: string; password: string }) =>
    (
      (
        await send(t, 'POST', '/api/transactionsGET', await login(t, who.loginId, who.password))
      ).json().transactions as {
        kind: string;
        amount: number;
      }[]
    ).map((e) => [e.kind, e.amount]);
  const textsTo = async (phone: string) =>
    (await outboxRows(t, and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))).map(
      (m) => m.body ?? '',
    );

  it('stops counting a provider not seen for 2 minutes as available, before any job runs', async () => {
    const patient = await newPatient(t);
    const provider = await login(t, demo.provider2);
    await setDuty(t, provider, true);
    expect(await available(patient.token)).toBe(true);

    // A request of theirs within the grace keeps them present.
    advance(90_000);
    await get(t, '/api/clinic/queue', provider);
    advance(90_000);
    expect(await available(patient.token)).toBe(true);

    // Their socket counts too: connecting is being seen. Nothing awaits the connection's
    // presence write (the server writes it beside the handshake), so the check waits for it to
    // land instead of racing it (a loaded CI machine read the row first).
    const socket = await socketFor(t, provider);
    advance(90_000);
    await vi.waitFor(async () => expect(await available(patient.token)).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    socket.close();

    // The browser closed: 2 minutes later nobody is available, though the job has not run.
    advance(2 * minute + 1_000);
    expect(await available(patient.token)).toBe(false);
    const swept = await t.sweepPresence();
    expect(swept.offDuty).toBe(1);
    expect(await t.sweepPresence()).toMatchObject({ offDuty: 0 });
    // Back at the console, they are off duty until they switch it on again.
    expect(await onDuty(provider)).toBe(false);
  });

  it('ends on duty when the provider logs out of their last session', async () => {
    // Earlier sessions go idle, so the two below are the provider's only live ones.
    advance(16 * minute);
    const patient = await newPatient(t);
    const laptop = await login(t, demo.provider2);
    const phone = await login(t, demo.provider2);
    await setDuty(t, laptop, true);

    await send(t, 'POST', '/api/account/logout', phone);
    expect(await onDuty(laptop)).toBe(true);
    expect(await available(patient.token)).toBe(true);

    await send(t, 'POST', '/api/account/logout', laptop);
    expect(await available(patient.token)).toBe(false);
    const again = await login(t, demo.provider2);
    expect(await onDuty(again)).toBe(false);
  });

  it('tells a waiting patient once, in their language, when no provider is left in their state', async () => {
    const nora = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ language: 'es' })
      .where(eq(accounts.id, nora.accountId));
    const payer = await readyToPay(t, nora);
    const provider = await login(t, demo.provider2);
    await setDuty(t, provider, true);
    const visitId = await startVisit(payer);
    const active = async () =>
      (await get(t, '/api/visits/active', payer.token)).json().visits[0] as {
        visitId: string;
        noProvider?: boolean;
      };
    expect(await active()).toMatchObject({ visitId, noProvider: false });

    advance(2 * minute + 1_000);
    // The view says so at once; the sweep tells them (a text in Spanish) once.
    expect(await active()).toMatchObject({ visitId, noProvider: true });
    expect(await t.sweepPresence()).toMatchObject({ offDuty: 1, told: 1 });
    expect(await t.sweepPresence()).toMatchObject({ told: 0 });
    const texts = (await textsTo(nora.phone)).filter((b) => b.includes('proveedor disponible'));
    expect(texts).toHaveLength(1);
  });

  it('cancels a visit nobody claimed within 20 minutes and refunds it once, with two instances sweeping at once', async () => {
    const nora = await newPatient(t);
    const payer = await readyToPay(t, nora);
    await setDuty(t, await login(t, demo.provider2), true);
    const visitId = await startVisit(payer);

    advance(19 * minute);
    expect(await t.sweepPresence()).toMatchObject({ cancelled: 0 });
    advance(2 * minute);
    const results = await Promise.all([
      t.sweepPresence(),
      t2.sweepPresence(),
      t.sweepPresence(),
      t2.sweepPresence(),
    ]);
    expect(results.reduce((n, r) => n + r.cancelled, 0)).toBe(1);

    const [row] = await t.database.db.select().from(visits).where(eq(visits.id, visitId));
    expect(row).toMatchObject({ state: 'cancelled', outcome: 'unclaimed' });
    expect(await ledgerOf(nora)).toEqual([
      ['refund', 4900],
      ['charge', 4900],
    ]);
    // The patient cancelling afterwards answers the same and refunds nothing more.
    const token = await login(t, nora.loginId, nora.password);
    const cancel = await send(t, 'POST', `/api/visits/${visitId}/cancel`, token);
    expect(cancel.json().visit.state).toBe('cancelled');
    expect(await ledgerOf(nora)).toHaveLength(2);
    const texts = await textsTo(nora.phone);
    expect(texts.filter((b) => b.includes('no provider could take your visit'))).toHaveLength(1);
  });

  it('lets exactly one of a claim and the cancel job win the same visit', async () => {
    for (let round = 0; round < 3; round += 1) {
      const nora = await newPatient(t);
      const payer = await readyToPay(t, nora);
      await setDuty(t, await login(t, demo.provider), true);
      const visitId = await startVisit(payer);
      advance(21 * minute);
      // Back at the console after 21 minutes away (a new session: the old one went idle).
      const provider = await login(t, demo.provider);
      const [claim, sweepA, sweepB] = await Promise.all([
        send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, provider),
        t.sweepPresence(),
        t2.sweepPresence(),
      ]);
      const [row] = await t.database.db.select().from(visits).where(eq(visits.id, visitId));
      const ledger = await ledgerOf(nora);
      if (claim.statusCode === 200) {
        expect(sweepA.cancelled + sweepB.cancelled).toBe(0);
        expect(row).toMatchObject({ state: 'inProgress' });
        expect(ledger).toEqual([['charge', 4900]]);
      } else {
        expect(claim.statusCode).toBe(409);
        expect(sweepA.cancelled + sweepB.cancelled).toBe(1);
        expect(row).toMatchObject({ state: 'cancelled', providerId: null });
        expect(ledger).toEqual([
          ['refund', 4900],
          ['charge', 4900],
        ]);
      }
      await resetCare(t);
    }
  });
});
