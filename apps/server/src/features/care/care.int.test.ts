import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  type Payer,
  readyToPay,
  resetCare,
  send,
  socketFor,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';

/**
 * The patient's on-demand visit through the app: start (consents, state, screening, payment),
 * the waiting room's live place and wait, the provider queue and its one-winner claim, cancel and
 * refund. One app per database; every test starts from an empty line with nobody on duty, and its
 * patients are its own.
 */
describe.each(databaseKinds)('on-demand visits on %s', (kind) => {
  let t: TestApp;
  let provider: string;
  let provider2: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    provider = await login(t, demo.provider);
    provider2 = await login(t, demo.provider2);
  });
  beforeEach(async () => {
    await resetCare(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The start as the patient's screen sends it (no pharmacy; a screening that passes or not). */
  function visit(payer: Parameters<typeof startBody>[0], key: string, state = 'FL', passed = true) {
    return startBody(payer, {
      key,
      state,
      notes: 'Two days',
      pharmacy: null,
      visitScreenResult: passed
        ? { passed: true, answers: { allergies: ['penicillin'] } }
        : { passed: false, answers: { emergencySigns: ['chestPain'] } },
    });
  }
  const start = (payer: Payer, body: object) =>
    send(t, 'POST', '/api/visit-start/', payer.token, body);

  it('finds pharmacies in the directory by name, city or zip', async () => {
    const { token } = await newPatient(t);
    const res = (await get(t, '/api/pharmacies?q=miami', token)).json();
    expect(res.pharmacies.map((p: { name: string }) => p.name)).toEqual([
      'Bayfront Drugs',
      'Sunrise Pharmacy',
    ]);
    expect(res.pharmacies[0]).toMatchObject({ ncpdpId: '1023456', fax: '305-555-0121' });
    expect((await get(t, '/api/pharmacies?q=78701', token)).json().pharmacies[0].name).toBe(
      'Lone Star Pharmacy',
    );
  });

  it("screens a care reason for the patient's own health only, not for treatments (issue 13)", async () => {
    const nora = await newPatient(t);
    const asked = await send(t, 'POST', '/api/get-prescreening', nora.token, {
      patientID: nora.personId,
      reason: 'soreThroat',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().sections).toEqual([
      'vitals',
      'allergies',
      'medications',
      'medicalProblems',
    ]);
  });

  it('needs the current consents, an offered state and a passed screening', async () => {
    const nora = await newPatient(t);
    const { priceToken } = (await get(t, '/api/account/pricing/default', nora.token)).json();
    const noConsent = await send(
      t,
      'POST',
      '/api/visit-start/',
      nora.token,
      visit(
        { personId: nora.personId, priceToken, state: 'FL', payProfileID: null },
        'visit-key-0',
      ),
    );
    expect(noConsent.json().errorCode).toBe('CONSENTS_REQUIRED');
    const payer = await readyToPay(t, nora);
    expect((await start(payer, visit(payer, 'visit-key-ny', 'NY'))).json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      errorMsg: 'Service unavailable in NY',
    });
    expect((await start(payer, visit(payer, 'visit-key-scr', 'FL', false))).json()).toMatchObject({
      errorCode: 'SCREENING_FAILED',
      errorMsg: 'Screening Failed. Visit Cannot Continue.',
    });
    // The server evaluates the answers itself: a client's own "passed" is not trusted.
    const lying = visit(payer, 'visit-key-lie');
    lying.visitScreenResult = { passed: true, answers: { emergencySigns: ['troubleBreathing'] } };
    expect((await start(payer, lying)).json()).toMatchObject({ errorCode: 'SCREENING_FAILED' });
    // Nobody on duty: no visit is taken and nothing is charged.
    const refused = await start(payer, visit(payer, 'visit-key-nobody'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('NO_PROVIDER_ON_DUTY');
    expect(
      (await send(t, 'POST', '/api/transactionsGET', payer.token)).json().transactions,
    ).toEqual([]);
    const hours = (await get(t, '/api/consult/hours?state=FL', payer.token)).json();
    expect(hours).toMatchObject({ available: false });
    const others = { ...visit(payer, 'visit-key-x'), patientID: crypto.randomUUID() };
    expect((await start(payer, others)).statusCode).toBe(404);
  });

  it('pays once, queues the visit with its place and wait, and pushes changes over the socket', async () => {
    const payer = await readyToPay(t, await newPatient(t));
    const socket = await socketFor(t, payer.token);
    // Availability follows the providers on duty.
    expect((await send(t, 'PUT', '/api/clinic/duty', provider2, { onDuty: true })).statusCode).toBe(
      200,
    );
    expect((await get(t, '/api/consult/hours?state=FL', payer.token)).json().available).toBe(true);
    expect((await get(t, '/api/consult/hours?state=TX', payer.token)).json().available).toBe(false);
    const body = visit(payer, 'visit-key-1');
    const [a, b] = await Promise.all([start(payer, body), start(payer, body)]);
    expect(a.json().visit.visitId).toBe(b.json().visit.visitId);
    expect(a.json().visit).toMatchObject({
      state: 'waiting',
      place: 1,
      reason: 'soreThroat',
      waitTime: 5,
    });
    // One charge, titled for people in their language, never with the reason's id.
    const titles = async (lang: 'en' | 'es') =>
      (
        await t.fastify.inject({
          method: 'POST',
          url: '/api/transactionsGET',
          headers: { ...bearer(payer.token), 'x-app-params': `lang=${lang}` },
        })
      )
        .json()
        .transactions.map((c: { description: string }) => c.description);
    expect(await titles('en')).toEqual(['Video visit: Sore throat']);
    expect(await titles('es')).toEqual(['Consulta por video: Dolor de garganta']);

    // A provider coming on duty changes the estimate: the patient is told without polling.
    const update = new Promise<{ place: number; waitTime: number; dueTime: string }>((resolve) =>
      socket.on(
        realtimeEvents.visitUpdate,
        (v: { place: number; waitTime: number; dueTime: string }) => resolve(v),
      ),
    );
    expect(
      (await send(t, 'PUT', '/api/clinic/duty', provider, { onDuty: true })).json().onDuty,
    ).toBe(true);
    const pushed = await update;
    expect(pushed).toMatchObject({ place: 1, waitTime: 5 });
    expect(Date.parse(pushed.dueTime)).toBeGreaterThan(Date.now());
    socket.close();
  });

  it('shows the queue only to providers, from their licensed states, and exactly one claim wins', async () => {
    const nora = await newPatient(t);
    const payer = await readyToPay(t, nora);
    await send(t, 'PUT', '/api/clinic/duty', provider, { onDuty: true });
    await send(t, 'PUT', '/api/clinic/duty', provider2, { onDuty: true });
    const started = (await start(payer, visit(payer, 'visit-key-queue'))).json().visit.visitId;

    expect((await get(t, '/api/clinic/queue', payer.token)).statusCode).toBe(403);
    const queue = (await get(t, '/api/clinic/queue', provider)).json();
    expect(queue.onDuty).toBe(true);
    expect(queue.visits[0]).toMatchObject({
      visitId: started,
      patientName: nora.name,
      location: 'FL',
      reason: 'soreThroat',
      gender: 'F',
    });
    const visitId = queue.visits[0].visitId;
    const [one, two] = await Promise.all([
      send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, provider),
      send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, provider2),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const active = (await get(t, '/api/visits/active', payer.token)).json().visits[0];
    expect(active).toMatchObject({ state: 'inProgress', place: null });
    expect(['Samuel Okafor, MD', 'Grace Lin, NP']).toContain(active.providerName);
    // A claimed visit can no longer be cancelled by the patient.
    expect((await send(t, 'POST', `/api/visits/${visitId}/cancel`, payer.token)).statusCode).toBe(
      409,
    );
  });

  it('keeps a TX visit out of the FL-only provider’s queue, and refunds a cancelled visit once', async () => {
    const payer = await readyToPay(t, await newPatient(t), { state: 'TX' });
    await send(t, 'PUT', '/api/clinic/duty', provider, { onDuty: true });
    const started = await start(payer, visit(payer, 'visit-key-tx', 'TX'));
    const visitId = started.json().visit.visitId;
    expect(
      (await get(t, '/api/clinic/queue', provider2))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).not.toContain(visitId);
    expect(
      (await send(t, 'POST', `/api/clinic/visits/${visitId}/claim`, provider2)).statusCode,
    ).toBe(404);
    expect(
      (await get(t, '/api/clinic/queue', provider))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).toContain(visitId);
    // Another patient cannot cancel it.
    const stranger = await newPatient(t);
    expect(
      (await send(t, 'POST', `/api/visits/${visitId}/cancel`, stranger.token)).statusCode,
    ).toBe(404);
    const cancelled = await send(t, 'POST', `/api/visits/${visitId}/cancel`, payer.token);
    expect(cancelled.json().visit.state).toBe('cancelled');
    // Cancelling again answers the same and never refunds twice.
    expect(
      (await send(t, 'POST', `/api/visits/${visitId}/cancel`, payer.token)).json().visit.state,
    ).toBe('cancelled');
    const ledger = (await send(t, 'POST', '/api/transactionsGET', payer.token)).json().transactions;
    expect(ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['refund', 4900],
      ['charge', 4900],
    ]);
  });
});
