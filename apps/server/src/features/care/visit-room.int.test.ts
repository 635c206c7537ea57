import type { AddressInfo } from 'node:net';
import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import type { Message } from '@apothecall/domain/messaging/messaging.schemas';
import {
  type JoinVisitAck,
  type MessageAckResult,
  type RelayedSignal,
  realtimeEvents,
} from '@apothecall/domain/realtime/realtime.events';
import { and, desc, eq } from 'drizzle-orm';
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
import { providerLicenses, visitMessages } from '../../db/schema/care';
import { auditLog, outbox } from '../../db/schema/platform';

const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * The visit itself, end to end on the server: claim, the workspace, the call's signalling and
 * chat over socket.io, the note and prescription, refund and no-show outcomes, the one-time
 * meet link, and who may see what.
 */
describe.each(databaseKinds)('visit room, outcomes and meet link on %s', (kind) => {
  let t: TestApp;
  let url: string;
  let maria: string;
  let mariaPersonId: string;
  let leoId: string;
  let provider: string;
  let provider2: string;
  let nora: string;
  let cardId: string;
  const sockets: Socket[] = [];

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
      payload: registration('nora.room@example.test'),
    });
    nora = await login(t, 'nora.room@example.test', 'Quinn-Pass-42');
    const profile = (await get('/api/account/profile', maria)).json().profile;
    mariaPersonId = profile.personId;
    leoId = (await get('/api/account/dependents', maria))
      .json()
      .users.find((d: { firstName: string }) => d.firstName === 'Leo').id;
    const documents = Object.entries(currentLegalVersions).map(([id, version]) => ({
      id,
      version,
    }));
    await send('POST', '/api/consents', maria, { documents });
    const cards = (await get('/api/account/payments/profiles', maria)).json();
    cardId = (
      await send('POST', '/api/account/payments/profiles', maria, {
        profileID: cards.payProfileID,
        signature: cards.payProfileSignature,
        card: {
          cardHolderName: 'Maria Rivera',
          ccNumber: '4111111111111111',
          cvv: '123',
          expiration: future,
          cardZip: '33132',
        },
      })
    ).json().payProfiles[0].card.profileID;
    await send('PUT', '/api/clinic/duty', provider, { onDuty: true });
    await send('PUT', '/api/consult/location', maria, { state: 'FL' });
    await send('PUT', '/api/consult/location', maria, { ptId: leoId, state: 'FL' });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  function get(path: string, token: string) {
    return t.fastify.inject({ method: 'GET', url: path, headers: bearer(token) });
  }
  function send(method: 'POST' | 'PUT', path: string, token: string, payload: object = {}) {
    return t.fastify.inject({ method, url: path, headers: bearer(token), payload });
  }
  async function socketFor(auth: Record<string, string>): Promise<Socket> {
    const socket = connect(url, {
      path: '/socket.io',
      auth,
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }
  const join = (socket: Socket, visitId: string) =>
    socket.emitWithAck(realtimeEvents.joinVisit, { visitId }) as Promise<JoinVisitAck>;
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

  async function startAndClaim(personId: string, key: string, reason = 'soreThroat') {
    const { priceToken } = (await get('/api/account/pricing/default', maria)).json();
    const started = await send('POST', '/api/visit-start/', maria, {
      patientID: personId,
      complaint: { reason, notes: 'Since Monday' },
      pharmacy: { id: '1023456', name: 'Bayfront Drugs' },
      states: ['FL'],
      priceToken,
      payProfileID: cardId,
      visitScreenResult: {
        passed: true,
        answers: {
          allergies: ['penicillin'],
          medications: ['lisinopril'],
          medicalProblems: ['type2Diabetes', 'hypertension'],
          vitals: { bloodPressure: '150/95' },
        },
      },
      idempotencyKey: key,
    });
    expect(started.statusCode).toBe(200);
    const visitId: string = started.json().visit.visitId;
    expect((await send('POST', `/api/clinic/visits/${visitId}/claim`, provider)).statusCode).toBe(
      200,
    );
    return visitId;
  }

  it('gives the claiming provider the workspace with screening alarms; no one else', async () => {
    const visitId = await startAndClaim(mariaPersonId, 'room-ws-1');
    const ws = (await get(`/api/clinic/visits/${visitId}`, provider)).json().visit;
    expect(ws).toMatchObject({
      state: 'inProgress',
      reason: 'soreThroat',
      notes: 'Since Monday',
      location: 'FL',
      patient: { firstName: 'Maria', lastName: 'Rivera', gender: 'F' },
      allergies: ['penicillin'],
      medications: ['lisinopril'],
      pharmacy: { ncpdpId: '1023456', name: 'Bayfront Drugs' },
    });
    expect(ws.alarms).toEqual(expect.arrayContaining(['metabolic', 'highBloodPressure']));
    const queue = (await get('/api/clinic/queue', provider)).json();
    expect(queue.mine.map((v: { visitId: string }) => v.visitId)).toContain(visitId);
    expect(queue.visits.map((v: { visitId: string }) => v.visitId)).not.toContain(visitId);
    expect((await get(`/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(404);
    expect((await get(`/api/clinic/visits/${visitId}`, maria)).statusCode).toBe(403);
    expect((await get('/api/clinic/visits/not-a-uuid', provider)).statusCode).toBe(404);
    const [read] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'clinic.visit.read'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(read).toBeDefined();
  });

  it('relays signalling between the two sides and stores messages before acknowledging', async () => {
    const visitId = await startAndClaim(mariaPersonId, 'room-chat-1');
    const patient = await socketFor({ token: maria });
    const doctor = await socketFor({ token: provider });
    const history = next<{ messages: Message[] }>(patient, realtimeEvents.allMessages);
    const joinedP = await join(patient, visitId);
    expect(joinedP).toMatchObject({ ok: true, role: 'patient', peers: 0 });
    expect((await history).messages).toEqual([]);
    const peer = next<{ role: string }>(patient, realtimeEvents.peerJoined);
    expect(await join(doctor, visitId)).toMatchObject({ ok: true, role: 'provider', peers: 1 });
    expect((await peer).role).toBe('provider');

    // Offer and answer are relayed to the other side only, marked with the sender's role.
    const offer = next<RelayedSignal>(patient, realtimeEvents.signal);
    doctor.emit(realtimeEvents.signal, {
      visitId,
      kind: 'offer',
      payload: { type: 'offer', sdp: 'v=0' },
    });
    expect(await offer).toMatchObject({ kind: 'offer', from: 'provider' });

    // Another patient can neither join nor read the conversation.
    const stranger = await socketFor({ token: nora });
    const refused = await join(stranger, visitId);
    expect(refused).toMatchObject({ ok: false, error: 'Not found.' });
    expect((await send('POST', '/api/getConversation', nora, { visitId })).statusCode).toBe(404);

    // A message is stored, acknowledged, delivered; the receiver marks it received.
    const incoming = next<Message>(doctor, realtimeEvents.message);
    const ack = (await patient.emitWithAck(realtimeEvents.message, {
      visitId,
      type: 'chat',
      text: 'My throat hurts',
      phone: null,
      owner: joinedP.ok ? joinedP.self : '',
      attachments: [],
      clientId: 'client-msg-0001',
    })) as MessageAckResult;
    expect(ack.ok).toBe(true);
    if (!ack.ok) return;
    const stored = await t.database.db
      .select()
      .from(visitMessages)
      .where(eq(visitMessages.id, ack.message.msgId));
    expect(stored).toHaveLength(1);
    const delivered = await incoming;
    expect(delivered).toMatchObject({ text: 'My throat hurts', received: null });
    const receipt = next<Message>(patient, realtimeEvents.messageReceived);
    doctor.emit(realtimeEvents.messageReceived, {
      owner: delivered.owner,
      msgId: delivered.msgId,
      visitId,
    });
    expect((await receipt).received).not.toBeNull();

    // A resend with the same clientId (lost ack) is stored once; empty messages are dropped.
    const again = (await patient.emitWithAck(realtimeEvents.message, {
      visitId,
      text: 'My throat hurts',
      owner: delivered.owner,
      clientId: 'client-msg-0001',
    })) as MessageAckResult;
    expect(again.ok && again.message.msgId).toBe(ack.message.msgId);
    const empty = (await patient.emitWithAck(realtimeEvents.message, {
      visitId,
      text: '   ',
      owner: delivered.owner,
    })) as MessageAckResult;
    expect(empty.ok).toBe(false);
    const attached = (await patient.emitWithAck(realtimeEvents.message, {
      visitId,
      text: 'see photo',
      owner: delivered.owner,
      attachments: [{ id: crypto.randomUUID(), name: 'throat.jpg', type: 'image/jpeg' }],
    })) as MessageAckResult;
    expect(attached).toMatchObject({
      ok: false,
      error: 'Files cannot be sent in the visit chat yet.',
    });
    const conversation = (await send('POST', '/api/getConversation', provider, { visitId })).json();
    expect(conversation.messages.map((m: Message) => m.text)).toEqual(['My throat hurts']);
  });

  it('refuses a controlled substance, then completes with note and prescription', async () => {
    const visitId = await startAndClaim(leoId, 'room-end-1');
    const note = {
      subjective: 'Sore throat for two days',
      objective: 'Tonsillar exudate on video',
      assessment: 'Strep pharyngitis, likely',
      plan: 'Amoxicillin; fluids; return if worse',
    };
    const controlled = await send('POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'completed',
      note,
      prescription: {
        medication: 'Oxycodone',
        strength: '5 mg',
        quantity: 10,
        refills: 0,
        directions: 'One tablet every 6 hours',
      },
    });
    expect(controlled.statusCode).toBe(400);
    expect(controlled.json().errorCode).toBe('PRESCRIPTION_REFUSED');
    const noNote = await send('POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'completed',
      note: { ...note, assessment: '' },
    });
    expect(noNote.json().errorCode).toBe('NOTE_REQUIRED');
    expect(
      (
        await send('POST', `/api/clinic/visits/${visitId}/end`, provider2, {
          outcome: 'completed',
          note,
        })
      ).statusCode,
    ).toBe(404);

    const ended = await send('POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'completed',
      note,
      prescription: {
        medication: 'Amoxicillin',
        strength: '500 mg',
        quantity: 20,
        refills: 0,
        directions: 'One capsule twice a day for 10 days',
      },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'completed' });
    const noteId: string = ended.json().noteId;
    expect(noteId).toMatch(/^[0-9a-f-]{36}$/);
    // Ending twice is refused; the visit is no longer active for the patient.
    expect(
      (await send('POST', `/api/clinic/visits/${visitId}/end`, provider, { outcome: 'noShow' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await get('/api/visits/active', maria))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).not.toContain(visitId);
    // The note is the holder's to read (Leo is Maria's dependent); not another patient's.
    const read = (await get(`/api/notes/${noteId}`, maria)).json().note;
    expect(read.providerCredential.npi).toBe('1234567893');
    expect(read.provider).toBe('Samuel Okafor, MD');
    expect(read.body).toContain('Amoxicillin 500 mg, quantity 20, refills 0');
    expect(read.body).toContain('Bayfront Drugs');
    expect((await get(`/api/notes/${noteId}`, nora)).statusCode).toBe(404);
  });

  it('refunds a visit the provider cannot treat (the ledger shows it) and records a no-show', async () => {
    const refundId = await startAndClaim(mariaPersonId, 'room-refund-1', 'pinkEye');
    const refunded = await send('POST', `/api/clinic/visits/${refundId}/end`, provider, {
      outcome: 'refund',
      note: { assessment: 'Needs an in-person eye exam' },
    });
    expect(refunded.json()).toMatchObject({ state: 'refunded' });
    const ledger = (await send('POST', '/api/transactionsGET', maria)).json().transactions;
    expect(ledger.filter((e: { kind: string; amount: number }) => e.kind === 'refund').length).toBe(
      1,
    );

    const noShowId = await startAndClaim(mariaPersonId, 'room-noshow-1', 'fever');
    const noShow = await send('POST', `/api/clinic/visits/${noShowId}/end`, provider, {
      outcome: 'noShow',
    });
    expect(noShow.json()).toMatchObject({ state: 'noShow', noteId: null });
    const after = (await send('POST', '/api/transactionsGET', maria)).json().transactions;
    expect(after.filter((e: { kind: string }) => e.kind === 'refund').length).toBe(1);
  });

  it('texts a one-time meet link on claim that opens only that visit, once', async () => {
    const visitId = await startAndClaim(mariaPersonId, 'room-meet-1', 'earPain');
    const [sms] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, '305-555-0100')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const id = /\/#\/meet\?id=([A-Za-z0-9_-]{43})/.exec(sms?.body ?? '')?.[1];
    expect(id).toBeDefined();
    // No PHI in the text: no reason, no visit id.
    expect(sms?.body).not.toContain('earPain');
    expect(sms?.body).not.toContain(visitId);

    const exchanged = await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id}` });
    expect(exchanged.json()).toMatchObject({ visitId, firstName: 'Maria' });
    const again = await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorMsg).toBe('This video link has expired or has already been used.');

    const meet = await socketFor({ meetToken: exchanged.json().meetToken });
    expect(await join(meet, visitId)).toMatchObject({ ok: true, role: 'patient' });
    const other = await startAndClaim(mariaPersonId, 'room-meet-2', 'fever');
    expect(await join(meet, other)).toMatchObject({ ok: false });
    await expect(socketFor({ meetToken: 'x'.repeat(43) })).rejects.toThrow('unauthorized');

    // The meet socket ends with its visit.
    const evicted = new Promise<void>((resolve) => meet.once('disconnect', () => resolve()));
    await send('POST', `/api/clinic/visits/${visitId}/end`, provider, { outcome: 'noShow' });
    await evicted;
    await expect(socketFor({ meetToken: exchanged.json().meetToken })).rejects.toThrow(
      'unauthorized',
    );

    // A password change ends the account's other sessions and its meet links too.
    const [sms2] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'sms'), eq(outbox.recipient, '305-555-0100')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const id2 = /\/#\/meet\?id=([A-Za-z0-9_-]{43})/.exec(sms2?.body ?? '')?.[1];
    const token2 = (
      await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id2}` })
    ).json().meetToken as string;
    const meet2 = await socketFor({ meetToken: token2 });
    const dropped = new Promise<void>((resolve) => meet2.once('disconnect', () => resolve()));
    const changed = await send('POST', '/api/password-change', maria, {
      oldPassword: 'Apothecall-Demo-1',
      newPassword: 'Apothecall-Demo-2',
    });
    expect(changed.statusCode).toBe(200);
    await dropped;
    await expect(socketFor({ meetToken: token2 })).rejects.toThrow('unauthorized');
    await send('POST', '/api/password-change', maria, {
      oldPassword: 'Apothecall-Demo-2',
      newPassword: 'Apothecall-Demo-1',
    });
    await send('POST', `/api/clinic/visits/${other}/end`, provider, { outcome: 'noShow' });
  });

  it('never acknowledges a message it lost when the server stops mid-conversation', async () => {
    const visitId = await startAndClaim(mariaPersonId, 'room-restart-1', 'coughCold');
    // A second API process on the same database; it stops while messages are in flight.
    const doomed = await startTestApp(kind, {}, { database: t.database });
    await doomed.fastify.listen({ host: '127.0.0.1', port: 0 });
    const doomedUrl = `http://127.0.0.1:${(doomed.fastify.server.address() as AddressInfo).port}`;
    const socket = connect(doomedUrl, {
      path: '/socket.io',
      auth: { token: maria },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const joined = await join(socket, visitId);
    const self = joined.ok ? joined.self : '';
    const ids = Array.from({ length: 30 }, (_, i) => `restart-msg-${String(i).padStart(4, '0')}`);
    const acked = new Set<string>();
    const sends = ids.map((clientId, i) =>
      socket
        .timeout(3_000)
        .emitWithAck(realtimeEvents.message, { visitId, text: `line ${i}`, owner: self, clientId })
        .then((ack: MessageAckResult) => {
          if (ack.ok) acked.add(clientId);
        })
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    await doomed.close();
    await Promise.all(sends);

    const storedNow = await t.database.db
      .select({ clientId: visitMessages.clientId })
      .from(visitMessages)
      .where(eq(visitMessages.visitId, visitId));
    const stored = new Set(storedNow.map((r) => r.clientId));
    // Every acknowledged message is stored.
    for (const id of acked) expect(stored.has(id)).toBe(true);

    // The client resends what was not acknowledged to the surviving server: stored once each.
    const retry = await socketFor({ token: maria });
    await join(retry, visitId);
    for (const [i, clientId] of ids.entries()) {
      if (acked.has(clientId)) continue;
      const ack = (await retry.emitWithAck(realtimeEvents.message, {
        visitId,
        text: `line ${i}`,
        owner: self,
        clientId,
      })) as MessageAckResult;
      expect(ack.ok).toBe(true);
    }
    const all = (await send('POST', '/api/getConversation', maria, { visitId })).json().messages;
    expect(all).toHaveLength(ids.length);
    expect(new Set(all.map((m: Message) => m.text)).size).toBe(ids.length);
  });

  it('refuses a state the patient did not confirm, and survives hostile payloads', async () => {
    const { priceToken } = (await get('/api/account/pricing/default', maria)).json();
    await send('PUT', '/api/consult/location', maria, { state: 'TX' });
    const body = {
      patientID: mariaPersonId,
      complaint: { reason: 'fever', notes: '' },
      pharmacy: null,
      states: ['FL'],
      priceToken,
      payProfileID: cardId,
      visitScreenResult: { passed: true, answers: {} },
      idempotencyKey: 'room-mismatch-1',
    };
    const mismatch = await send('POST', '/api/visit-start/', maria, body);
    expect(mismatch.json().errorCode).toBe('LOCATION_NOT_CONFIRMED');
    await send('PUT', '/api/consult/location', maria, { state: 'FL' });

    // Deeply nested JSON where the server expects a fixed shape: a clear 400, never a crash.
    const depth = 2_000;
    const deepText = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const { visitScreenResult: _omit, ...rest } = body;
    const nested = await t.fastify.inject({
      method: 'POST',
      url: '/api/visit-start/',
      headers: { ...bearer(maria), 'content-type': 'application/json' },
      payload: `${JSON.stringify({ ...rest, idempotencyKey: 'room-deep-1' }).slice(0, -1)},"visitScreenResult":${deepText}}`,
    });
    expect(nested.statusCode).toBe(400);
    const deep: unknown = JSON.parse(deepText);
    const socket = await socketFor({ token: maria });
    socket.emit(realtimeEvents.signal, {
      visitId: crypto.randomUUID(),
      kind: 'offer',
      payload: deep,
    });
    socket.emit(realtimeEvents.message, { visitId: crypto.randomUUID(), text: deep }, () => {});
    expect(await socket.timeout(5_000).emitWithAck(realtimeEvents.ping)).toMatchObject({
      ok: true,
    });
  });

  it('ends a provider’s access to a claimed visit when their licence there is withdrawn', async () => {
    await send('PUT', '/api/clinic/duty', provider2, { onDuty: true });
    const { priceToken } = (await get('/api/account/pricing/default', maria)).json();
    const started = await send('POST', '/api/visit-start/', maria, {
      patientID: mariaPersonId,
      complaint: { reason: 'fever', notes: '' },
      pharmacy: null,
      states: ['FL'],
      priceToken,
      payProfileID: cardId,
      visitScreenResult: { passed: true, answers: {} },
      idempotencyKey: 'room-licence-1',
    });
    const visitId: string = started.json().visit.visitId;
    expect((await send('POST', `/api/clinic/visits/${visitId}/claim`, provider2)).statusCode).toBe(
      200,
    );
    expect((await get(`/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(200);
    const provider2Id = (await get('/api/account/profile', provider2)).json().profile.personId;
    await t.database.db.delete(providerLicenses).where(eq(providerLicenses.accountId, provider2Id));
    expect((await get(`/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(404);
    expect((await send('POST', '/api/getConversation', provider2, { visitId })).statusCode).toBe(
      404,
    );
    await t.database.db.insert(providerLicenses).values({ accountId: provider2Id, state: 'FL' });
    await send('POST', `/api/clinic/visits/${visitId}/end`, provider2, { outcome: 'noShow' });
  });

  it('disconnects a session’s sockets when the session is revoked', async () => {
    const token = await login(t, 'nora.room@example.test', 'Quinn-Pass-42');
    const socket = await socketFor({ token });
    const ended = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await send('POST', '/api/account/logout', token);
    await ended;
    expect(socket.connected).toBe(false);
  });
});
