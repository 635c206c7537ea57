import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import {
  canTransition,
  type RxVisitStatus,
  rxVisitStatuses,
} from '@apothecall/domain/rx/rx-status.rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  type Payer,
  readyToPay,
  send,
  socketFor,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { jpegWithGps } from '../../../test/image-fixtures';
import { acuteAnswers } from '../../../test/rx-fixtures';

/** LDN answers down the branch that asks for a document (ldnRecords: yes). */
const ldnAnswers = {
  conditions: ['none'],
  medications: 'none',
  allergies: 'none',
  bloodPressure: '118/76',
  weightLbs: '150',
  heightIn: '66',
  ldnCondition: ['fibromyalgia'],
  ldnOpioids: 'no',
  ldnDose: 'start',
  ldnRecords: 'yes',
};
const ldnConsent = [{ id: 'ldn', versionDate: '2025-01-01' }];

/**
 * Asynchronous prescription visits through the whole app: the catalogue, the
 * evaluation and its state rules, payment, the ID photo and attachments, the prescriber's line
 * and review, every move of the spec's status table, the prescription and its PDF, refills,
 * and who may see what. One app per database; every patient is the test's own.
 */
describe.each(databaseKinds)('Rx visits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let provider: string;
  let provider2: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-rx-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    provider = await login(t, demo.provider);
    provider2 = await login(t, demo.provider2);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The answer's JSON, as the tests read it. */
  const json = (res: Awaited<ReturnType<TestApp['fastify']['inject']>>) => res.json();

  async function patientIn(state = 'FL'): Promise<Payer> {
    return readyToPay(t, await newPatient(t), { state });
  }

  async function submit(
    payer: Payer,
    overrides: { productId?: string; answers?: object; state?: string; consents?: object[] } = {},
  ) {
    return send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId: overrides.productId ?? 'ldn',
      answers: overrides.answers ?? ldnAnswers,
      consents: overrides.consents ?? ldnConsent,
      state: overrides.state ?? 'FL',
      idempotencyKey: randomUUID(),
    });
  }

  async function pay(payer: Payer, visitId: string) {
    const price = json(await get(t, `/api/rx/visits/${visitId}/price`, payer.token));
    expect(price.price).toBeGreaterThan(0);
    return send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
  }

  /** A multipart upload as a browser sends it: the fields, then one JPEG photo. */
  async function upload(token: string, url: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const photo = new Uint8Array(await jpegWithGps());
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const request = new Request('http://localhost/upload', { method: 'POST', body: form });
    return t.fastify.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  /** A paid acute visit in the state (no uploads asked for once the ID is on file). */
  async function paidVisit(payer: Payer, state = 'FL'): Promise<string> {
    const visit = json(
      await submit(payer, { productId: 'acute', answers: acuteAnswers, consents: [], state }),
    ).visit;
    expect(visit.status).toBe('pendingMedPayment');
    if (visit.idPending) {
      expect(
        (await upload(payer.token, '/api/rx/id', { patientID: payer.personId })).statusCode,
      ).toBe(200);
    }
    expect((await pay(payer, visit.id)).statusCode).toBe(200);
    return visit.id as string;
  }

  async function review(who: string, id: string) {
    return json(await get(t, `/api/clinic/rx/${id}`, who));
  }
  const move = async (
    who: string,
    id: string,
    status: string,
    note = '',
    requestAttachment = false,
  ) => {
    const version = (await review(who, id)).review?.visit.version ?? 0;
    return send(t, 'POST', `/api/clinic/rx/${id}/status`, who, {
      status,
      version,
      note,
      requestAttachment,
    });
  };
  const prescribeBody = (version: number, medication = 'Mupirocin', strength = '2 %') => ({
    version,
    prescriptions: [
      { medication, strength, quantity: 1, refills: 0, directions: 'Apply twice a day for 5 days' },
    ],
  });
  async function prescribe(who: string, id: string, medication?: string, strength?: string) {
    const version = (await review(who, id)).review.visit.version;
    return send(
      t,
      'POST',
      `/api/clinic/rx/${id}/prescribe`,
      who,
      prescribeBody(version, medication, strength),
    );
  }

  /** A visit of `payer` brought to a status by the prescriber's moves. */
  async function visitIn(payer: Payer, status: RxVisitStatus): Promise<string> {
    const id = await paidVisit(payer);
    if (status === 'waiting') return id;
    if (status === 'refund') {
      expect((await move(provider, id, 'refund')).statusCode).toBe(200);
      return id;
    }
    expect((await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider)).statusCode).toBe(200);
    if (status === 'started') return id;
    if (status === 'exit') {
      expect((await move(provider, id, 'exit', 'Please send a photo of the rash')).statusCode).toBe(
        200,
      );
      return id;
    }
    expect((await move(provider, id, 'ended')).statusCode).toBe(200);
    if (status === 'ended') return id;
    expect((await prescribe(provider, id)).statusCode).toBe(200);
    return id;
  }

  it('answers the catalogue logged out: packages, forms, consents with versions, protocols, prices', async () => {
    const res = await t.fastify.inject({
      method: 'POST',
      url: '/api/get-productInfo-v2',
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const products = json(res).products as {
      id: string;
      priceCents: number;
      protocolId: string | null;
      consentDocuments: { id: string; versionDate: string }[];
      questions: { id: string }[];
    }[];
    expect(products.map((p) => p.id)).toEqual([
      'ldn',
      'cialis',
      'viagra',
      'prophylacticAntibiotics',
      'acute',
      'chronic',
      'prep',
    ]);
    const ldn = products.find((p) => p.id === 'ldn');
    expect(ldn?.consentDocuments).toEqual([
      {
        id: 'ldn',
        titleKey: 'medications.consent.ldn',
        versionDate: '2025-01-01',
        bodyKey: 'rx.consent.body',
      },
    ]);
    expect(ldn?.questions.map((q) => q.id)).toContain('ldnRecords');
    expect(products.find((p) => p.id === 'cialis')?.protocolId).toBe('E13');
    expect(products.every((p) => p.priceCents > 0)).toBe(true);
  });

  it('walks an LDN visit: evaluation, payment, ID and attachment, claim, a request for more, approval, prescription and its PDF', async () => {
    const payer = await patientIn('FL');
    const socket = await socketFor(t, payer.token);
    const updates: { id: string; status: string }[] = [];
    socket.on(realtimeEvents.updateRxVisit, (u: { id: string; status: string }) => updates.push(u));

    expect(
      (await send(t, 'POST', '/api/log-form', payer.token, { productId: 'ldn', step: 'consents' }))
        .statusCode,
    ).toBe(200);
    const submitted = await submit(payer);
    expect(submitted.statusCode).toBe(200);
    const visit = json(submitted).visit;
    expect(visit).toMatchObject({
      status: 'pendingMedPayment',
      idPending: true,
      attachmentsPending: true,
      paid: false,
    });
    // Unpaid: nothing holds the patient yet; it is listed as unpaid.
    expect(json(await get(t, '/api/rx/visits', payer.token)).actionRequired).toBe(false);
    expect(
      json(await get(t, '/api/rx/visits/unpaid', payer.token)).visits.map(
        (v: { id: string }) => v.id,
      ),
    ).toEqual([visit.id]);

    const paid = await pay(payer, visit.id);
    expect(paid.statusCode).toBe(200);
    expect(json(paid).visit).toMatchObject({ status: 'waiting', paid: true });
    // Paid with uploads missing: every route goes to /rxvisits, and no new visit starts.
    expect(json(await get(t, '/api/rx/visits', payer.token)).actionRequired).toBe(true);
    const second = await submit(payer);
    expect(second.statusCode).toBe(409);
    expect(json(second).errorCode).toBe('RX_UPLOADS_PENDING');

    const id = await upload(payer.token, '/api/rx/id', { patientID: payer.personId });
    expect(id.statusCode).toBe(200);
    const attached = await upload(payer.token, `/api/rx/visits/${visit.id}/attachments`, {});
    expect(attached.statusCode).toBe(200);
    expect(json(attached).visit).toMatchObject({ idPending: false, attachmentsPending: false });
    expect(
      json(attached)
        .visit.files.map((f: { docType: string }) => f.docType)
        .sort(),
    ).toEqual(['attachment', 'id']);
    expect(json(await get(t, '/api/rx/visits', payer.token)).actionRequired).toBe(false);

    // The prescriber's line: the visit is there, with what the answers raised.
    const queue = json(await get(t, '/api/clinic/rx/queue', provider));
    expect(queue.waiting.map((v: { id: string }) => v.id)).toContain(visit.id);
    const claim = await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider);
    expect(claim.statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      409,
    );

    const opened = (await review(provider, visit.id)).review;
    expect(opened.visit.status).toBe('started');
    expect(opened.answers.find((a: { id: string }) => a.id === 'ldnCondition')?.data).toEqual([
      'fibromyalgia',
    ]);
    const files = opened.visit.files as { id: string; docType: string }[];
    const photo = await get(t, `/api/clinic/rx/${visit.id}/files/${files[0]?.id}`, provider);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');

    // More information: the patient is asked, and held on /rxvisits until they upload.
    const exit = await move(provider, visit.id, 'exit', 'Please add your latest lab results', true);
    expect(exit.statusCode).toBe(200);
    const asked = json(await get(t, '/api/rx/visits', payer.token));
    expect(asked.actionRequired).toBe(true);
    expect(asked.visits[0]).toMatchObject({
      status: 'exit',
      statusComment: 'Please add your latest lab results',
      attachmentsPending: true,
    });
    const messages = json(
      await get(t, `/api/rx/visits/${visit.id}/messages`, payer.token),
    ).messages;
    expect(messages.map((m: { from: string; text: string }) => [m.from, m.text])).toEqual([
      ['prescriber', 'Please add your latest lab results'],
    ]);
    const answered = await upload(payer.token, `/api/rx/visits/${visit.id}/attachments`, {});
    expect(json(answered).visit).toMatchObject({
      status: 'started',
      attachmentsPending: false,
      statusComment: '',
    });

    expect((await move(provider, visit.id, 'ended')).statusCode).toBe(200);
    const written = await prescribe(provider, visit.id, 'Low dose naltrexone', '1.5 mg');
    expect(written.statusCode).toBe(200);
    expect(json(written).visit).toMatchObject({ status: 'rxed', completed: true });

    for (const url of [`/api/clinic/rx/${visit.id}/prescription.pdf`]) {
      const res = await get(t, url, provider);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const own = await get(t, `/api/rx/visits/${visit.id}/prescription.pdf`, payer.token);
    expect(own.statusCode).toBe(200);
    // The consent record: who accepted which version, printable in the spec's layout.
    for (const [url, token] of [
      [`/api/rx/visits/${visit.id}/consents.pdf`, payer.token],
      [`/api/clinic/rx/${visit.id}/consents.pdf`, provider],
    ] as const) {
      const consents = await get(t, url, token);
      expect(consents.statusCode).toBe(200);
      expect(consents.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }

    // Both are among the family's documents of the month, open as PDFs for the
    // family, and answer 404 to another account.
    const docs = json(await send(t, 'POST', '/api/get-patient-docs', payer.token, {}))
      .documents as { source: string; token: string }[];
    const papers = docs.filter((d) => d.source === 'prescription' || d.source === 'consent');
    expect(papers.map((d) => d.source).sort()).toEqual(['consent', 'prescription']);
    const stranger = await patientIn('FL');
    for (const paper of papers) {
      const opened = await send(t, 'POST', '/api/get-doc-data', payer.token, {
        token: paper.token,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(Buffer.from(json(opened).data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      const refused = await send(t, 'POST', '/api/get-doc-data', stranger.token, {
        token: paper.token,
      });
      expect(refused.statusCode).toBe(404);
    }
    expect(
      (
        json(await send(t, 'POST', '/api/get-patient-docs', stranger.token, {})).documents as {
          source: string;
        }[]
      ).filter((d) => d.source === 'prescription' || d.source === 'consent'),
    ).toEqual([]);

    await expect
      .poll(() => updates.map((u) => u.status))
      .toEqual(expect.arrayContaining(['waiting', 'started', 'exit', 'ended', 'rxed']));
    socket.close();
  });

  it('sends a file with a message: the prescriber and the patient open it, nobody else', async () => {
    const payer = await patientIn('FL');
    const id = await visitIn(payer, 'started');
    const socket = await socketFor(t, provider);
    const told: string[] = [];
    socket.on(realtimeEvents.rxMessage, (m: { visitId: string }) => told.push(m.visitId));
    const form = new FormData();
    form.append('text', 'Here is the photo');
    form.append(
      'file',
      new Blob([new Uint8Array(await jpegWithGps())], { type: 'image/jpeg' }),
      'rash.jpg',
    );
    const request = new Request('http://localhost/upload', { method: 'POST', body: form });
    const sent = await t.fastify.inject({
      method: 'POST',
      url: `/api/rx/visits/${id}/messages/attachment`,
      headers: {
        ...bearer(payer.token),
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(sent.statusCode).toBe(200);
    await expect.poll(() => told).toEqual([id]);
    socket.close();
    const [message] = json(sent).messages as {
      id: string;
      text: string;
      attachments: { fileId: string; name: string }[];
    }[];
    expect(message).toMatchObject({
      text: 'Here is the photo',
      attachments: [{ name: 'rash.jpg' }],
    });
    const ask = { msgId: message?.id, fileId: message?.attachments[0]?.fileId };
    const byPrescriber = await send(t, 'POST', '/api/get-messageAttachment', provider, ask);
    expect(byPrescriber.statusCode).toBe(200);
    expect(byPrescriber.headers['content-type']).toBe('image/jpeg');
    expect((await send(t, 'POST', '/api/get-messageAttachment', payer.token, ask)).statusCode).toBe(
      200,
    );
    const stranger = await patientIn('FL');
    expect(
      (await send(t, 'POST', '/api/get-messageAttachment', stranger.token, ask)).statusCode,
    ).toBe(404);
    expect((await send(t, 'POST', '/api/get-messageAttachment', provider2, ask)).statusCode).toBe(
      404,
    );
    const empty = await send(t, 'POST', `/api/rx/visits/${id}/messages`, payer.token, {
      text: ' ',
    });
    expect(empty.statusCode).toBe(400);
  });

  it('cannot approve a visit before the photo ID and the requested document are uploaded', async () => {
    const payer = await patientIn('FL');
    const visit = json(await submit(payer)).visit;
    expect((await pay(payer, visit.id)).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      200,
    );
    const early = await move(provider, visit.id, 'ended');
    expect(early.statusCode).toBe(409);
    expect(json(early)).toMatchObject({ errorCode: 'RX_UPLOADS_PENDING' });
    expect(json(early).errorMsg).toContain('photo ID');
    await upload(payer.token, '/api/rx/id', { patientID: payer.personId });
    await upload(payer.token, `/api/rx/visits/${visit.id}/attachments`, {});
    expect((await move(provider, visit.id, 'ended')).statusCode).toBe(200);
  });

  it('returns a visit to its review when the patient answers a request that asked for no upload', async () => {
    const payer = await patientIn('FL');
    const id = await visitIn(payer, 'exit');
    const asked = json(await get(t, '/api/rx/visits', payer.token)).visits[0];
    expect(asked).toMatchObject({
      status: 'exit',
      attachmentsPending: false,
      statusComment: 'Please send a photo of the rash',
    });
    const answer = await send(t, 'POST', `/api/rx/visits/${id}/messages`, payer.token, {
      text: 'It is smaller today',
    });
    expect(answer.statusCode).toBe(200);
    expect(json(await get(t, '/api/rx/visits', payer.token)).visits[0]).toMatchObject({
      status: 'started',
      statusComment: '',
    });
    const opened = (await review(provider, id)).review;
    expect(opened.messages.map((m: { from: string }) => m.from)).toEqual(['prescriber', 'patient']);
  });

  it('refuses what stops a treatment, a missing answer, missing consents and an unconfirmed state', async () => {
    const payer = await patientIn('FL');
    const opioids = await submit(payer, { answers: { ...ldnAnswers, ldnOpioids: 'yes' } });
    expect(opioids.statusCode).toBe(400);
    expect(json(opioids)).toMatchObject({ errorCode: 'RX_SCREENING_FAILED' });
    expect(json(opioids).errorMsg).toContain('opioid');
    const noCondition = await submit(payer, { answers: { ...ldnAnswers, ldnCondition: ['none'] } });
    expect(json(noCondition).errorMsg).toBe(
      'LDN is prescribed only for one of the listed conditions.',
    );
    const missing = await submit(payer, { answers: { ...ldnAnswers, ldnDose: '' } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).errorCode).toBe('VALIDATION');
    const noConsent = await submit(payer, { consents: [] });
    expect(noConsent.statusCode).toBe(403);
    const elsewhere = await submit(payer, { state: 'TX' });
    expect(json(elsewhere).errorCode).toBe('LOCATION_NOT_CONFIRMED');
    // ED medicines are offered to the birth gender they are for (the patient here is F).
    const ed = await submit(payer, {
      productId: 'cialis',
      consents: [],
      answers: {
        ...acuteAnswers,
        edNitrates: 'no',
        edChestPain: 'no',
        edOption: 'Cialis 5 mg x90',
      },
    });
    expect(json(ed).errorCode).toBe('RX_SCREENING_FAILED');
    expect(json(await get(t, '/api/rx/visits', payer.token)).visits).toEqual([]);
  });

  it('refuses an async visit from NY with a message that offers a video visit, in English and Spanish', async () => {
    const payer = await patientIn('NY');
    const res = await submit(payer, { state: 'NY' });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      errorCode: 'RX_STATE_REQUIREMENT',
      errorMsg: 'In NY, every visit must be a video visit.',
    });
    const es = await t.fastify.inject({
      method: 'POST',
      url: '/api/submit-rx-evaluation',
      headers: { ...bearer(payer.token), 'x-app-params': 'lang=es' },
      payload: {
        patientID: payer.personId,
        productId: 'ldn',
        answers: ldnAnswers,
        consents: ldnConsent,
        state: 'NY',
        idempotencyKey: randomUUID(),
      },
    });
    expect(json(es).errorMsg).toMatch(/video/i);
    expect(json(es).errorMsg).not.toBe(json(res).errorMsg);
  });

  it('admits a state whose first visit must be by video once the patient had a video visit there', async () => {
    // The brand offers async visits in MD too (MD: "1st Video"); its settings are cached 30 s.
    await t.database.db.execute(
      sql`update brands set settings = jsonb_set(settings, '{asyncStates}', '["FL","TX","GA","NC","NY","MD"]') where id = 'apothecall'`,
    );
    t.advance(31_000);
    const payer = await patientIn('MD');
    const first = await submit(payer, { state: 'MD' });
    expect(json(first)).toMatchObject({
      errorCode: 'RX_STATE_REQUIREMENT',
      errorMsg: 'In MD, your first visit must be a video visit.',
    });
    await t.database.db.execute(
      sql`insert into visits (account_id, person_id, idempotency_key, state, location, reason) values (${payer.accountId}, ${payer.personId}, ${randomUUID()}, 'completed', 'MD', 'soreThroat')`,
    );
    const after = await submit(payer, { state: 'MD' });
    expect(after.statusCode).toBe(200);
    expect(json(after).visit).toMatchObject({ state: 'MD', status: 'pendingMedPayment' });
  });

  it('enforces the status table: every move it allows succeeds, every other is refused with a message', async () => {
    const payer = await patientIn('FL');
    const reachable: RxVisitStatus[] = ['waiting', 'started', 'ended', 'rxed', 'exit', 'refund'];
    const prescriberMoves: RxVisitStatus[] = ['started', 'ended', 'exit', 'refund'];
    for (const from of reachable) {
      // Refused moves change nothing, so one visit serves them all.
      const id = await visitIn(payer, from);
      for (const to of rxVisitStatuses) {
        const allowed = canTransition(from, to) && (prescriberMoves.includes(to) || to === 'rxed');
        if (allowed) continue;
        const res = await move(provider, id, to, 'note');
        expect(res.statusCode, `${from} -> ${to}`).toBe(409);
        expect(json(res).errorCode).toBe('RX_TRANSITION_REFUSED');
        expect(json(res).errorMsg).toBe(`A visit in status ${from} cannot move to ${to}.`);
      }
      expect((await review(provider, id)).review.visit.status).toBe(from);
      const refusedRx = await prescribe(provider, id);
      if (from !== 'ended') expect(refusedRx.statusCode, `prescribe from ${from}`).toBe(409);
      else expect(refusedRx.statusCode).toBe(200);
    }
    for (const from of reachable) {
      for (const to of rxVisitStatuses.filter((s) => canTransition(from, s))) {
        if (from === 'ended' && to === 'rxed') continue; // prescribed above
        const id = await visitIn(payer, from);
        if (to === 'rxed') {
          const viaStatus = await move(provider, id, 'rxed');
          expect(json(viaStatus).errorMsg).toBe('Write the prescription to complete the visit.');
          continue;
        }
        const res = await move(provider, id, to, 'Please add a photo');
        expect(res.statusCode, `${from} -> ${to}`).toBe(200);
        expect(json(res).visit.status).toBe(to);
      }
    }
  }, 120_000);

  it('answers 404 for another account’s visit, files, messages and PDF', async () => {
    const owner = await patientIn('FL');
    const stranger = await patientIn('FL');
    const id = await visitIn(owner, 'rxed');
    const fileId = json(await get(t, '/api/rx/visits', owner.token)).visits[0].files[0]
      .id as string;
    const attempts = [
      get(t, `/api/rx/visits/${id}/price`, stranger.token),
      get(t, `/api/rx/visits/${id}/messages`, stranger.token),
      send(t, 'POST', `/api/rx/visits/${id}/messages`, stranger.token, { text: 'hi' }),
      send(t, 'POST', `/api/rx/visits/${id}/cancel`, stranger.token),
      get(t, `/api/rx/visits/${id}/prescription.pdf`, stranger.token),
      get(t, `/api/rx/visits/${id}/consents.pdf`, stranger.token),
      get(t, `/api/files/${fileId}`, stranger.token),
      send(t, 'POST', '/api/rx/refill', stranger.token, {
        visitId: id,
        idempotencyKey: randomUUID(),
      }),
      send(t, 'POST', '/api/get-verifyId-doc', stranger.token, { patientID: owner.personId }),
      upload(stranger.token, `/api/rx/visits/${id}/attachments`, {}),
      upload(stranger.token, '/api/rx/id', { patientID: owner.personId }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    // A patient is not a prescriber.
    expect((await get(t, `/api/clinic/rx/${id}`, stranger.token)).statusCode).toBe(403);
  });

  it('hides a visit from a prescriber not licensed in its state, and from one who did not claim it', async () => {
    const payer = await patientIn('TX');
    const id = await paidVisit(payer, 'TX');
    expect(
      json(await get(t, '/api/clinic/rx/queue', provider2)).waiting.map(
        (v: { id: string }) => v.id,
      ),
    ).not.toContain(id);
    for (const res of [
      await get(t, `/api/clinic/rx/${id}`, provider2),
      await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider2),
      await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider2, {
        status: 'refund',
        version: 1,
      }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    const flVisit = await visitIn(await patientIn('FL'), 'started');
    expect((await get(t, `/api/clinic/rx/${flVisit}`, provider2)).statusCode).toBe(404);
  });

  it('refuses a controlled substance, and gabapentin in a gabapentin state, with the rule’s message', async () => {
    const fl = await patientIn('FL');
    const id = await visitIn(fl, 'ended');
    const opioid = await prescribe(provider, id, 'Oxycodone', '5 mg');
    expect(opioid.statusCode).toBe(400);
    expect(json(opioid)).toMatchObject({ errorCode: 'PRESCRIPTION_REFUSED' });
    expect(json(opioid).errorMsg).toContain('Oxycodone');

    // A prescriber licensed in North Carolina, where gabapentin is restricted.
    const providerId = json(await get(t, '/api/account/profile', provider)).profile.id as string;
    await t.database.db.execute(
      sql`insert into provider_licenses (account_id, state) values (${providerId}, 'NC') on conflict do nothing`,
    );
    const nc = await patientIn('NC');
    const ncVisit = await paidVisit(nc, 'NC');
    expect((await send(t, 'POST', `/api/clinic/rx/${ncVisit}/claim`, provider)).statusCode).toBe(
      200,
    );
    expect((await move(provider, ncVisit, 'ended')).statusCode).toBe(200);
    const gabapentin = await prescribe(provider, ncVisit, 'Gabapentin', '300 mg');
    expect(gabapentin.statusCode).toBe(400);
    expect(json(gabapentin).errorMsg).toContain('NC');
    expect((await review(provider, ncVisit)).review.visit.status).toBe('ended');
  });

  it('refills an earlier prescription: the evaluation is reused and the prescriber sees the earlier prescription', async () => {
    const payer = await patientIn('FL');
    const first = await visitIn(payer, 'rxed');
    const notYet = await visitIn(payer, 'started');
    expect(
      json(
        await send(t, 'POST', '/api/rx/refill', payer.token, {
          visitId: notYet,
          idempotencyKey: randomUUID(),
        }),
      ).errorCode,
    ).toBe('RX_NOT_REFILLABLE');
    const refill = await send(t, 'POST', '/api/rx/refill', payer.token, {
      visitId: first,
      idempotencyKey: randomUUID(),
    });
    expect(refill.statusCode).toBe(200);
    const visit = json(refill).visit;
    expect(visit).toMatchObject({
      status: 'pendingMedPayment',
      refillOf: first,
      productId: 'acute',
      idPending: false,
    });
    expect((await pay(payer, visit.id)).statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      200,
    );
    const opened = (await review(provider, visit.id)).review;
    expect(opened.answers.find((a: { id: string }) => a.id === 'acuteProblem')?.data).toBe(
      acuteAnswers.acuteProblem,
    );
    const earlier = opened.history.find((v: { id: string }) => v.id === first);
    expect(earlier.prescriptions[0]).toMatchObject({ medication: 'Mupirocin', strength: '2 %' });
  });

  it('cancels an unpaid visit, refunds a paid one not yet claimed, and refuses once it is under review', async () => {
    const payer = await patientIn('FL');
    const unpaid = json(
      await submit(payer, { productId: 'acute', answers: acuteAnswers, consents: [] }),
    ).visit;
    expect(
      json(await send(t, 'POST', `/api/rx/visits/${unpaid.id}/cancel`, payer.token)).visit.status,
    ).toBe('cancel');
    const waiting = await paidVisit(payer);
    expect(
      json(await send(t, 'POST', `/api/rx/visits/${waiting}/cancel`, payer.token)).visit.status,
    ).toBe('refund');
    const started = await visitIn(payer, 'started');
    const late = await send(t, 'POST', `/api/rx/visits/${started}/cancel`, payer.token);
    expect(late.statusCode).toBe(409);
    expect(json(late).errorMsg).toBe('This visit can no longer be cancelled.');
    // A price token for one visit pays no other.
    const other = json(
      await submit(payer, { productId: 'acute', answers: acuteAnswers, consents: [] }),
    ).visit;
    const price = json(await get(t, `/api/rx/visits/${other.id}/price`, payer.token));
    const third = json(
      await submit(payer, { productId: 'acute', answers: acuteAnswers, consents: [] }),
    ).visit;
    const wrong = await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId: third.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).errorCode).toBe('PRICE_TOKEN_STALE');
  });
});
