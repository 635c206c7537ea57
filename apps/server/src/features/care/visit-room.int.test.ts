import type { Message } from '@apothecall/domain/messaging/messaging.schemas';
import {
  type JoinVisitAck,
  type MessageAckResult,
  type RelayedSignal,
  realtimeEvents,
} from '@apothecall/domain/realtime/realtime.events';
import { and, desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  passingScreening,
  readyToPay,
  resetCare,
  send,
  socketFor,
  startAndClaim,
  startBody,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { prescriptions, visitMessages } from '../../db/schema/care';
import { providerLicenses } from '../../db/schema/clinic';
import { auditLog, outbox } from '../../db/schema/platform';

/**
 * The visit itself, end to end on the server: claim, the workspace, the call's signalling and
 * chat over socket.io, the note and prescription, refund and no-show outcomes, the one-time
 * meet link, and who may see what. One app per database; every test starts from an empty line
 * with nobody on duty, with patients of its own (Maria, the demo patient, where her son Leo is
 * needed).
 */
describe.each(databaseKinds)('visit room, outcomes and meet link on %s', (kind) => {
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

  const join = (socket: Socket, visitId: string) =>
    socket.emitWithAck(realtimeEvents.joinVisit, { visitId }) as Promise<JoinVisitAck>;
  const next = <T>(socket: Socket, event: string) =>
    new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

  it('gives the claiming provider the workspace with screening alarms; no one else', async () => {
    const nora = await newPatient(t);
    const { visitId } = await startAndClaim(t, { patient: nora, provider });
    const ws = (await get(t, `/api/clinic/visits/${visitId}`, provider)).json().visit;
    expect(ws).toMatchObject({
      state: 'inProgress',
      reason: 'soreThroat',
      notes: 'Since Monday',
      location: 'FL',
      patient: { firstName: nora.firstName, lastName: nora.lastName, gender: 'F' },
      allergies: ['penicillin'],
      medications: ['lisinopril'],
      pharmacy: { ncpdpId: '1023456', name: 'Bayfront Drugs' },
    });
    expect(ws.alarms).toEqual(expect.arrayContaining(['metabolic', 'highBloodPressure']));
    const queue = (await get(t, '/api/clinic/queue', provider)).json();
    expect(queue.mine.map((v: { visitId: string }) => v.visitId)).toContain(visitId);
    expect(queue.visits.map((v: { visitId: string }) => v.visitId)).not.toContain(visitId);
    expect((await get(t, `/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(404);
    expect((await get(t, `/api/clinic/visits/${visitId}`, nora.token)).statusCode).toBe(403);
    expect((await get(t, '/api/clinic/visits/not-a-uuid', provider)).statusCode).toBe(404);
    const [read] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'clinic.visit.read'))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(read).toBeDefined();
  });

  it('relays signalling between the two sides and stores messages before acknowledging', async () => {
    const nora = await newPatient(t);
    const { visitId } = await startAndClaim(t, { patient: nora, provider });
    const patient = await socketFor(t, nora.token);
    const doctor = await socketFor(t, provider);
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
    const other = await newPatient(t);
    const stranger = await socketFor(t, other.token);
    const refused = await join(stranger, visitId);
    expect(refused).toMatchObject({ ok: false, error: 'Not found.' });
    expect(
      (await send(t, 'POST', '/api/getConversation', other.token, { visitId })).statusCode,
    ).toBe(404);

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
    const conversation = (
      await send(t, 'POST', '/api/getConversation', provider, { visitId })
    ).json();
    expect(conversation.messages.map((m: Message) => m.text)).toEqual(['My throat hurts']);
  });

  it('refuses a controlled substance, then completes with note and prescription', async () => {
    // Maria (the demo patient) brings her son Leo.
    const maria = await login(t);
    const leoId = (await get(t, '/api/account/dependents', maria))
      .json()
      .users.find((d: { firstName: string }) => d.firstName === 'Leo').id;
    const { visitId } = await startAndClaim(t, { patient: maria, personId: leoId, provider });
    const note = {
      subjective: 'Sore throat for two days',
      objective: 'Tonsillar exudate on video',
      assessment: 'Strep pharyngitis, likely',
      plan: 'Amoxicillin; fluids; return if worse',
    };
    const controlled = await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
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
    const noNote = await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'completed',
      note: { ...note, assessment: '' },
    });
    expect(noNote.json().errorCode).toBe('NOTE_REQUIRED');
    expect(
      (
        await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider2, {
          outcome: 'completed',
          note,
        })
      ).statusCode,
    ).toBe(404);

    const ended = await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
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
      (
        await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
          outcome: 'noShow',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (await get(t, '/api/visits/active', maria))
        .json()
        .visits.map((v: { visitId: string }) => v.visitId),
    ).not.toContain(visitId);
    // The note is the holder's to read (Leo is Maria's dependent); not another patient's.
    const read = (await get(t, `/api/notes/${noteId}`, maria)).json().note;
    expect(read.providerCredential.npi).toBe('1234567893');
    expect(read.provider).toBe('Samuel Okafor, MD');
    expect(read.body).toContain('Amoxicillin 500 mg, quantity 20, refills 0');
    expect(read.body).toContain('Bayfront Drugs');
    // The subject is read in the reader's language, from the catalogue (the server once
    // wrote it once, in English, and the Spanish app showed 'Video visit: Sore throat').
    const inSpanish = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (
        await t.fastify.inject({
          method,
          url,
          headers: { ...bearer(maria), 'x-app-params': 'lang=es' },
          ...(payload ? { payload } : {}),
        })
      ).json();
    expect(read.subject).toBe('Video visit: Sore throat');
    expect((await inSpanish('GET', `/api/notes/${noteId}`)).note.subject).toBe(
      'Consulta por video: Dolor de garganta',
    );
    expect(
      (await inSpanish('POST', '/api/notes', { uid: leoId })).notes.find(
        (n: { id: string }) => n.id === noteId,
      ).subject,
    ).toBe('Consulta por video: Dolor de garganta');
    const nora = await newPatient(t);
    expect((await get(t, `/api/notes/${noteId}`, nora.token)).statusCode).toBe(404);
  });

  it('holds the end of a video visit to the prescription rules of every path: LDN only with a listed condition, Cialis only as a package (issue 33)', async () => {
    const note = {
      subjective: 'Widespread pain for a year',
      objective: 'Tender points on video',
      assessment: 'Fibromyalgia',
      plan: 'Low dose naltrexone',
    };
    const rx = (medication: string, strength: string, quantity: number) => ({
      medication,
      strength,
      quantity,
      refills: 0,
      directions: 'One a day',
    });
    const end = (visitId: string, prescription: object, lang?: string) =>
      t.fastify.inject({
        method: 'POST',
        url: `/api/clinic/visits/${visitId}/end`,
        headers: { ...bearer(provider), ...(lang ? { 'accept-language': lang } : {}) },
        payload: { outcome: 'completed', note, prescription },
      });
    const refusedAudits = async (visitId: string) =>
      (
        await t.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, 'clinic.visit.end'), eq(auditLog.outcome, 'denied')))
      ).filter((row) => (row.detail as { visitId?: string }).visitId === visitId);
    const written = (visitId: string) =>
      t.database.db.select().from(prescriptions).where(eq(prescriptions.visitId, visitId));

    // The screening lists no LDN condition: LDN is refused, in English and Spanish.
    const none = await startAndClaim(t, { patient: await newPatient(t), provider });
    const ldn = rx('Low Dose Naltrexone', '4.5 mg', 30);
    const refused = await end(none.visitId, ldn);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'PRESCRIPTION_REFUSED',
      errorMsg:
        'Low dose naltrexone is prescribed only for one of the listed conditions, and the screening lists none.',
    });
    expect((await end(none.visitId, ldn, 'es')).json().errorMsg).toBe(
      'La naltrexona en dosis baja solo se receta para una de las afecciones de la lista, y la evaluación no indica ninguna.',
    );
    // Cialis 5 mg x180 is no package; x90 is.
    const cialis = await end(none.visitId, rx('Cialis', '5 mg', 180));
    expect(cialis.statusCode).toBe(400);
    expect(cialis.json()).toMatchObject({
      errorCode: 'PRESCRIPTION_REFUSED',
      errorMsg:
        'Cialis 5 mg x180 is not one of the packages we prescribe. Choose one of: Cialis 5 mg x90, Cialis 10 mg x60, Cialis 20 mg x30.',
    });
    // Nothing was written, the visit is still in progress, and each refusal is audited.
    expect(await written(none.visitId)).toEqual([]);
    expect((await get(t, `/api/clinic/visits/${none.visitId}`, provider)).json().visit.state).toBe(
      'inProgress',
    );
    expect(
      (await refusedAudits(none.visitId)).map((r) => (r.detail as { rule: string }).rule),
    ).toEqual(expect.arrayContaining(['ldnCondition', 'notInPackage']));
    const ok = await end(none.visitId, rx('Cialis', '5 mg', 90));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await written(none.visitId)).map((p) => [p.medication, p.quantity])).toEqual([
      ['Cialis', 90],
    ]);

    // The screening lists fibromyalgia: LDN is written.
    const listed = await startAndClaim(t, {
      patient: await newPatient(t),
      provider,
      visitScreenResult: {
        ...passingScreening,
        answers: {
          ...passingScreening.answers,
          ldn: { requested: true, conditions: ['fibromyalgia'], takesOpioids: false },
        },
      },
    });
    const allowed = await end(listed.visitId, ldn);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await written(listed.visitId)).map((p) => p.medication)).toEqual([
      'Low Dose Naltrexone',
    ]);
  });

  it('refunds a visit the provider cannot treat (the ledger shows it) and records a no-show', async () => {
    const first = await startAndClaim(t, {
      patient: await newPatient(t),
      provider,
      reason: 'pinkEye',
    });
    const payer = first.patient;
    const refunded = await send(t, 'POST', `/api/clinic/visits/${first.visitId}/end`, provider, {
      outcome: 'refund',
      note: { assessment: 'Needs an in-person eye exam' },
    });
    expect(refunded.json()).toMatchObject({ state: 'refunded' });
    const ledger = (await send(t, 'POST', '/api/transactionsGET', payer.token)).json().transactions;
    expect(ledger.filter((e: { kind: string; amount: number }) => e.kind === 'refund').length).toBe(
      1,
    );

    const noShowVisit = await startAndClaim(t, { patient: payer, provider, reason: 'fever' });
    const noShow = await send(
      t,
      'POST',
      `/api/clinic/visits/${noShowVisit.visitId}/end`,
      provider,
      { outcome: 'noShow' },
    );
    expect(noShow.json()).toMatchObject({ state: 'noShow', noteId: null });
    const after = (await send(t, 'POST', '/api/transactionsGET', payer.token)).json().transactions;
    expect(after.filter((e: { kind: string }) => e.kind === 'refund').length).toBe(1);
  });

  it('texts a one-time meet link on claim that opens only that visit, once', async () => {
    const nora = await newPatient(t);
    const { visitId, patient: payer } = await startAndClaim(t, {
      patient: nora,
      provider,
      reason: 'earPain',
    });
    const latestText = async () => {
      const texts = await outboxRows(
        t,
        and(eq(outbox.channel, 'sms'), eq(outbox.recipient, nora.phone)),
      );
      return texts.at(-1);
    };
    const sms = await latestText();
    const id = /\/#\/meet\?id=([A-Za-z0-9_-]{43})/.exec(sms?.body ?? '')?.[1];
    expect(id).toBeDefined();
    // No PHI in the text: no reason, no visit id.
    expect(sms?.body).not.toContain('earPain');
    expect(sms?.body).not.toContain(visitId);

    const exchanged = await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id}` });
    expect(exchanged.json()).toMatchObject({ visitId, firstName: nora.firstName });
    const again = await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().errorMsg).toBe('This video link has expired or has already been used.');

    const meet = await socketFor(t, { meetToken: exchanged.json().meetToken });
    expect(await join(meet, visitId)).toMatchObject({ ok: true, role: 'patient' });
    const other = await startAndClaim(t, { patient: payer, provider, reason: 'fever' });
    expect(await join(meet, other.visitId)).toMatchObject({ ok: false });
    await expect(socketFor(t, { meetToken: 'x'.repeat(43) })).rejects.toThrow('unauthorized');

    // The meet socket ends with its visit.
    const evicted = new Promise<string>((resolve) =>
      meet.once('disconnect', (reason) => resolve(reason)),
    );
    const ended = await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'noShow',
    });
    expect(ended.statusCode).toBe(200);
    // Closed by the server because the visit ended (not a dropped connection).
    expect(await evicted).toBe('io server disconnect');
    await expect(socketFor(t, { meetToken: exchanged.json().meetToken })).rejects.toThrow(
      'unauthorized',
    );

    // A password change ends the account's other sessions and its meet links too.
    const sms2 = await latestText();
    const id2 = /\/#\/meet\?id=([A-Za-z0-9_-]{43})/.exec(sms2?.body ?? '')?.[1];
    const token2 = (
      await t.fastify.inject({ method: 'GET', url: `/api/meet-param?id=${id2}` })
    ).json().meetToken as string;
    const meet2 = await socketFor(t, { meetToken: token2 });
    const dropped = new Promise<void>((resolve) => meet2.once('disconnect', () => resolve()));
    const changed = await send(t, 'POST', '/api/password-change', nora.token, {
      oldPassword: nora.password,
      newPassword: 'Quinn-Pass-43',
    });
    expect(changed.statusCode).toBe(200);
    await dropped;
    await expect(socketFor(t, { meetToken: token2 })).rejects.toThrow('unauthorized');
  });

  it('never acknowledges a message it lost when the server stops mid-conversation', async () => {
    const nora = await newPatient(t);
    const { visitId } = await startAndClaim(t, { patient: nora, provider, reason: 'coughCold' });
    // A second API process on the same database; it stops while messages are in flight.
    const doomed = await startTestApp(kind, {}, { database: t.database });
    const socket = await socketFor(doomed, nora.token);
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
    const retry = await socketFor(t, nora.token);
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
    const all = (await send(t, 'POST', '/api/getConversation', nora.token, { visitId })).json()
      .messages;
    expect(all).toHaveLength(ids.length);
    expect(new Set(all.map((m: Message) => m.text)).size).toBe(ids.length);
  });

  it('refuses a state the patient did not confirm, and survives hostile payloads', async () => {
    const payer = await readyToPay(t, await newPatient(t));
    await send(t, 'PUT', '/api/consult/location', payer.token, { state: 'TX' });
    const body = startBody(payer, {
      state: 'FL',
      reason: 'fever',
      notes: '',
      pharmacy: null,
      visitScreenResult: { passed: true, answers: {} },
      key: 'room-mismatch-1',
    });
    const mismatch = await send(t, 'POST', '/api/visit-start/', payer.token, body);
    expect(mismatch.json().errorCode).toBe('LOCATION_NOT_CONFIRMED');

    // Deeply nested JSON where the server expects a fixed shape: a clear 400, never a crash.
    const depth = 2_000;
    const deepText = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const { visitScreenResult: _omit, ...rest } = body;
    const nested = await t.fastify.inject({
      method: 'POST',
      url: '/api/visit-start/',
      headers: { ...bearer(payer.token), 'content-type': 'application/json' },
      payload: `${JSON.stringify({ ...rest, idempotencyKey: 'room-deep-1' }).slice(0, -1)},"visitScreenResult":${deepText}}`,
    });
    expect(nested.statusCode).toBe(400);
    const deep: unknown = JSON.parse(deepText);
    const socket = await socketFor(t, payer.token);
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
    const { visitId } = await startAndClaim(t, {
      patient: await newPatient(t),
      provider: provider2,
      reason: 'fever',
      pharmacy: null,
      visitScreenResult: { passed: true, answers: {} },
    });
    expect((await get(t, `/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(200);
    const provider2Id = (await get(t, '/api/account/profile', provider2)).json().profile.personId;
    await t.database.db.delete(providerLicenses).where(eq(providerLicenses.accountId, provider2Id));
    try {
      expect((await get(t, `/api/clinic/visits/${visitId}`, provider2)).statusCode).toBe(404);
      expect(
        (await send(t, 'POST', '/api/getConversation', provider2, { visitId })).statusCode,
      ).toBe(404);
    } finally {
      await t.database.db.insert(providerLicenses).values({ accountId: provider2Id, state: 'FL' });
    }
  });

  it('disconnects a session’s sockets when the session is revoked', async () => {
    const nora = await newPatient(t);
    const token = await login(t, nora.loginId, nora.password);
    const socket = await socketFor(t, token);
    const ended = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await send(t, 'POST', '/api/account/logout', token);
    await ended;
    expect(socket.connected).toBe(false);
  });
});
