import type { AddressInfo } from 'node:net';
import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import { careEvents } from '@apothecall/domain/care/visits.api';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';

const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

describe.each(databaseKinds)('on-demand visits on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let maria: string;
  let mariaPersonId: string;
  let provider: string;
  let provider2: string;
  let nora: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.fastify.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(t.fastify.server.address() as AddressInfo).port}`;
    maria = await login(t);
    provider = await login(t, 'provider@apothecall.test');
    provider2 = await login(t, 'provider2@apothecall.test');
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: registration('nora.care@example.test'),
    });
    nora = await login(t, 'nora.care@example.test', 'Quinn-Pass-42');
    mariaPersonId = (await get('/api/account/profile', maria)).json().profile.personId;
    await send('PUT', '/api/consult/location', maria, { state: 'FL' });
  });
  afterAll(async () => {
    await t?.close();
  });

  function get(path: string, token: string) {
    return t.fastify.inject({ method: 'GET', url: path, headers: bearer(token) });
  }
  function send(method: 'POST' | 'PUT', path: string, token: string, payload: object = {}) {
    return t.fastify.inject({ method, url: path, headers: bearer(token), payload });
  }

  async function readyToPay(token: string) {
    const documents = Object.entries(currentLegalVersions).map(([id, version]) => ({
      id,
      version,
    }));
    await send('POST', '/api/consents', token, { documents });
    const cards = (await get('/api/account/payments/profiles', token)).json();
    const added = await send('POST', '/api/account/payments/profiles', token, {
      profileID: cards.payProfileID,
      signature: cards.payProfileSignature,
      card: {
        cardHolderName: 'Card Holder',
        ccNumber: '4111111111111111',
        cvv: '123',
        expiration: future,
        cardZip: '33132',
      },
    });
    return added.json().payProfiles[0].card.profileID as string;
  }

  async function startBody(
    token: string,
    personId: string,
    key: string,
    state = 'FL',
    passed = true,
  ) {
    const { priceToken } = (await get('/api/account/pricing/default', token)).json();
    return {
      patientID: personId,
      complaint: { reason: 'soreThroat', notes: 'Two days' },
      pharmacy: null,
      states: [state],
      priceToken,
      payProfileID: null as string | null,
      visitScreenResult: passed
        ? { passed: true, answers: { allergies: ['penicillin'] } }
        : { passed: false, answers: { emergencySigns: ['chestPain'] } },
      idempotencyKey: key,
    };
  }

  it('finds pharmacies in the directory by name, city or zip', async () => {
    const res = (await get('/api/pharmacies?q=miami', maria)).json();
    expect(res.pharmacies.map((p: { name: string }) => p.name)).toEqual([
      'Bayfront Drugs',
      'Sunrise Pharmacy',
    ]);
    expect(res.pharmacies[0]).toMatchObject({ ncpdpId: '1023456', fax: '305-555-0121' });
    expect((await get('/api/pharmacies?q=78701', maria)).json().pharmacies[0].name).toBe(
      'Lone Star Pharmacy',
    );
  });

  it('needs the current consents, an offered state and a passed screening', async () => {
    const noConsent = await send(
      'POST',
      '/api/visit-start/',
      maria,
      await startBody(maria, mariaPersonId, 'visit-maria-0'),
    );
    expect(noConsent.json().errorCode).toBe('CONSENTS_REQUIRED');
    const profileId = await readyToPay(maria);
    const ny = {
      ...(await startBody(maria, mariaPersonId, 'visit-maria-ny', 'NY')),
      payProfileID: profileId,
    };
    expect((await send('POST', '/api/visit-start/', maria, ny)).json()).toMatchObject({
      errorCode: 'SERVICE_UNAVAILABLE',
      errorMsg: 'Service unavailable in NY',
    });
    const failed = {
      ...(await startBody(maria, mariaPersonId, 'visit-maria-scr', 'FL', false)),
      payProfileID: profileId,
    };
    expect((await send('POST', '/api/visit-start/', maria, failed)).json()).toMatchObject({
      errorCode: 'SCREENING_FAILED',
      errorMsg: 'Screening Failed. Visit Cannot Continue.',
    });
    // The server evaluates the answers itself: a client's own "passed" is not trusted.
    const lying = await startBody(maria, mariaPersonId, 'visit-maria-lie');
    lying.visitScreenResult = { passed: true, answers: { emergencySigns: ['troubleBreathing'] } };
    expect(
      (
        await send('POST', '/api/visit-start/', maria, { ...lying, payProfileID: profileId })
      ).json(),
    ).toMatchObject({ errorCode: 'SCREENING_FAILED' });
    // Nobody on duty: no visit is taken and nothing is charged.
    const nobody = {
      ...(await startBody(maria, mariaPersonId, 'visit-maria-nobody')),
      payProfileID: profileId,
    };
    const refused = await send('POST', '/api/visit-start/', maria, nobody);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('NO_PROVIDER_ON_DUTY');
    expect((await send('POST', '/api/transactionsGET', maria)).json().transactions).toEqual([]);
    const hours = (await get('/api/consult/hours?state=FL', maria)).json();
    expect(hours).toMatchObject({ available: false });
    const others = {
      ...(await startBody(maria, mariaPersonId, 'visit-maria-x')),
      patientID: crypto.randomUUID(),
    };
    expect((await send('POST', '/api/visit-start/', maria, others)).statusCode).toBe(404);
  });

  it('pays once, queues the visit with its place and wait, and pushes changes over the socket', async () => {
    const profileId = (await get('/api/account/payments/profiles', maria)).json().payProfiles[0]
      .card.profileID;
    const socket: Socket = connect(url, {
      path: '/socket.io',
      auth: { token: maria },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    // Availability follows the providers on duty.
    expect((await send('PUT', '/api/clinic/duty', provider2, { onDuty: true })).statusCode).toBe(
      200,
    );
    expect((await get('/api/consult/hours?state=FL', maria)).json().available).toBe(true);
    expect((await get('/api/consult/hours?state=TX', maria)).json().available).toBe(false);
    const body = {
      ...(await startBody(maria, mariaPersonId, 'visit-maria-1')),
      payProfileID: profileId,
    };
    const [a, b] = await Promise.all([
      send('POST', '/api/visit-start/', maria, body),
      send('POST', '/api/visit-start/', maria, body),
    ]);
    expect(a.json().visit.visitId).toBe(b.json().visit.visitId);
    expect(a.json().visit).toMatchObject({
      state: 'waiting',
      place: 1,
      reason: 'soreThroat',
      waitTime: 5,
    });
    const charges = (await send('POST', '/api/transactionsGET', maria)).json().transactions;
    expect(
      charges.filter((c: { description: string }) => c.description.includes('On-demand visit')),
    ).toHaveLength(1);

    // A provider coming on duty changes the estimate: the patient is told without polling.
    const update = new Promise<{ place: number; waitTime: number; dueTime: string }>((resolve) =>
      socket.on(careEvents.visitUpdate, (v) => resolve(v)),
    );
    expect((await send('PUT', '/api/clinic/duty', provider, { onDuty: true })).json().onDuty).toBe(
      true,
    );
    const pushed = await update;
    expect(pushed).toMatchObject({ place: 1, waitTime: 5 });
    expect(Date.parse(pushed.dueTime)).toBeGreaterThan(Date.now());
    socket.close();
  });

  it('shows the queue only to providers, from their licensed states, and exactly one claim wins', async () => {
    expect((await get('/api/clinic/queue', maria)).statusCode).toBe(403);
    const queue = (await get('/api/clinic/queue', provider)).json();
    expect(queue.onDuty).toBe(true);
    expect(queue.visits[0]).toMatchObject({
      patientName: 'Maria Rivera',
      location: 'FL',
      reason: 'soreThroat',
      gender: 'F',
    });
    const visitId = queue.visits[0].visitId;
    const [one, two] = await Promise.all([
      send('POST', `/api/clinic/visits/${visitId}/claim`, provider),
      send('POST', `/api/clinic/visits/${visitId}/claim`, provider2),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const active = (await get('/api/visits/active', maria)).json().visits[0];
    expect(active).toMatchObject({ state: 'inProgress', place: null });
    expect(['Samuel Okafor', 'Grace Lin']).toContain(active.providerName);
    // A claimed visit can no longer be cancelled by the patient.
    expect((await send('POST', `/api/visits/${visitId}/cancel`, maria)).statusCode).toBe(409);
  });

  it('keeps a TX visit out of the FL-only provider’s queue, and refunds a cancelled visit once', async () => {
    const profileId = await readyToPay(nora);
    const noraPerson = (await get('/api/account/profile', nora)).json().profile.personId;
    await send('PUT', '/api/consult/location', nora, { state: 'TX' });
    const started = await send('POST', '/api/visit-start/', nora, {
      ...(await startBody(nora, noraPerson, 'visit-nora-1', 'TX')),
      payProfileID: profileId,
    });
    const visitId = started.json().visit.visitId;
    expect(
      (await get('/api/clinic/queue', provider2))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).not.toContain(visitId);
    expect((await send('POST', `/api/clinic/visits/${visitId}/claim`, provider2)).statusCode).toBe(
      404,
    );
    expect(
      (await get('/api/clinic/queue', provider))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).toContain(visitId);
    // Another patient cannot cancel it.
    expect((await send('POST', `/api/visits/${visitId}/cancel`, maria)).statusCode).toBe(404);
    const cancelled = await send('POST', `/api/visits/${visitId}/cancel`, nora);
    expect(cancelled.json().visit.state).toBe('cancelled');
    // Cancelling again answers the same and never refunds twice.
    expect((await send('POST', `/api/visits/${visitId}/cancel`, nora)).json().visit.state).toBe(
      'cancelled',
    );
    const ledger = (await send('POST', '/api/transactionsGET', nora)).json().transactions;
    expect(ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['refund', 4900],
      ['charge', 4900],
    ]);
  });
});
