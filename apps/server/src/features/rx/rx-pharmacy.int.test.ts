import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  canChangePharmacyStatus,
  isClaimable,
  noteRuleFor,
  type PharmacyStatus,
  pharmacyStatuses,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { eq, sql } from 'drizzle-orm';
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
import { outboxRows } from '../../../test/outbox';
import { pdfText } from '../../../test/pdf-text';
import { acuteAnswers } from '../../../test/rx-fixtures';
import { accounts } from '../../db/schema/accounts';
import { prepayAccounts, prepayEntries } from '../../db/schema/payments';
import { pharmacyOrganizations } from '../../db/schema/pharmacy';
import { auditLog, outbox } from '../../db/schema/platform';
import { rxStatusNotes, rxVisits } from '../../db/schema/rx';
import { demoPrepayBalanceCents } from '../../db/seed/demo-pharmacies';
import { createRxRepo } from './rx.repo';

const admin = 'pharmacy-admin@apothecall.test';
const sunrise = 'sunrise-pharmacy';
const fee = 500;

/**
 * The pharmacy portal through the whole app: routing a visit to a verified pharmacy,
 * pharmacists' grants (invite, states, links, claimed-only, revoke), the dashboard, every
 * pharmacy-side move of the domain table, the prescriber's answer to a change request, the
 * claim and its fee (once, even when ten claims race), the PDF only after it, the live pushes
 * and the new-visit notice. One app per database.
 */
describe.each(databaseKinds)('Pharmacy portal on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let provider: string;
  let adminToken: string;
  let flPharmacist: { token: string; grantId: string; email: string };
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-pharmacy-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir, PUBLIC_URL: 'https://app.example.test' });
    provider = await login(t, demo.provider);
    adminToken = await login(t, admin);
    flPharmacist = await invited(['FL']);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const json = (res: Awaited<ReturnType<TestApp['fastify']['inject']>>) => res.json();

  /** A pharmacist the admin invites; they choose a password through the mailed link. */
  async function invited(
    states: string[],
    extra: { links?: string[]; claimedOnly?: boolean } = {},
  ) {
    const email = `rph-${randomUUID().slice(0, 8)}@example.test`;
    const res = await send(t, 'POST', '/api/pharmacy/pharmacists', adminToken, {
      email,
      firstName: 'Rita',
      lastName: 'Pharm',
      states,
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxRows(t, eq(outbox.recipient, email));
    const code = /#\/resetpw\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const password = 'Pharmacist-Pass-42';
    const saved = await t.fastify.inject({
      method: 'POST',
      url: '/api/resetpw/savepw',
      payload: { resetCode: code, password },
    });
    expect(saved.statusCode).toBe(200);
    return { token: await login(t, email, password), grantId: json(res).pharmacist.id, email };
  }

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

  async function submit(payer: Payer, route: { pharmacyId?: string; linkId?: string }) {
    return send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId: 'acute',
      answers: acuteAnswers,
      consents: [],
      state: payer.state,
      idempotencyKey: randomUUID(),
      ...route,
    });
  }

  const reviewOf = async (id: string) =>
    json(await get(t, `/api/clinic/rx/${id}`, provider)).review;
  const prescription = (strength = '2 %') => [
    { medication: 'Mupirocin', strength, quantity: 1, refills: 0, directions: 'Apply twice a day' },
  ];

  /** A visit routed to a pharmacy (or to none), paid, claimed and approved: ready to prescribe. */
  async function approved(
    route: { pharmacyId?: string; linkId?: string },
    state: string,
  ): Promise<{ id: string; payer: Payer; lastName: string }> {
    const patient = await newPatient(t);
    const payer = await readyToPay(t, patient, { state });
    const submitted = await submit(payer, route);
    expect(submitted.statusCode).toBe(200);
    const visit = json(submitted).visit;
    if (visit.idPending) {
      expect(
        (await upload(payer.token, '/api/rx/id', { patientID: payer.personId })).statusCode,
      ).toBe(200);
    }
    const price = json(await get(t, `/api/rx/visits/${visit.id}/price`, payer.token));
    const paid = await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId: visit.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode).toBe(200);
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      200,
    );
    const ended = await send(t, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
      status: 'ended',
      version: (await reviewOf(visit.id)).visit.version,
    });
    expect(ended.statusCode).toBe(200);
    return { id: visit.id, payer, lastName: patient.lastName };
  }

  /** A visit routed to a pharmacy and prescribed: unclaimed on its dashboard. */
  async function prescribed(
    route: { pharmacyId?: string; linkId?: string } = { pharmacyId: sunrise },
    state = 'FL',
  ): Promise<{ id: string; payer: Payer; lastName: string }> {
    const visit = await approved(route, state);
    const written = await send(t, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
      version: (await reviewOf(visit.id)).visit.version,
      prescriptions: prescription(),
    });
    expect(written.statusCode).toBe(200);
    return visit;
  }

  const detail = async (token: string, id: string) => get(t, `/api/pharmacy/rx/${id}`, token);
  const versionOf = async (id: string) =>
    (
      await t.database.db.select({ v: rxVisits.version }).from(rxVisits).where(eq(rxVisits.id, id))
    )[0]?.v ?? 0;
  const setStatus = async (token: string, id: string, status: string, note = '') =>
    send(t, 'POST', `/api/pharmacy/rx/${id}/status`, token, {
      status,
      version: await versionOf(id),
      note,
    });
  const claim = async (token: string, id: string, body: object = {}) =>
    send(t, 'POST', `/api/pharmacy/rx/${id}/claim`, token, {
      version: await versionOf(id),
      ...body,
    });
  const balance = async () =>
    (
      await t.database.db
        .select({ b: prepayAccounts.balanceCents })
        .from(prepayAccounts)
        .where(eq(prepayAccounts.id, sunrise))
    )[0]?.b ?? 0;

  it('offers the patient verified pharmacies of their state, and refuses any other', async () => {
    const payer = await readyToPay(t, await newPatient(t), { state: 'FL' });
    const choices = json(await get(t, '/api/rx/pharmacies?state=FL', payer.token)).pharmacies;
    expect(choices.map((p: { id: string }) => p.id)).toEqual([sunrise]);
    // Lone Star is unverified (its fax does not match the registry): never offered, refused.
    expect(json(await get(t, '/api/rx/pharmacies?state=TX', payer.token)).pharmacies).toEqual([]);
    const refused = await submit(payer, { pharmacyId: 'lone-star-pharmacy' });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).errorCode).toBe('PHARMACY_NOT_AVAILABLE');
    const bad = await get(t, '/api/rx/pharmacies?state=florida', payer.token);
    expect(bad.statusCode).toBe(400);
  });

  it("shows the prescriber, before they prescribe, which pharmacy receives the prescription, or that none does; the PDF carries the patient's address (issue 36, finding 15)", async () => {
    const routed = await approved({ pharmacyId: sunrise }, 'FL');
    expect((await reviewOf(routed.id)).pharmacy).toEqual({
      name: 'Sunrise Pharmacy',
      address: '1200 Biscayne Boulevard, Suite 104, Miami, FL 33132',
      phone: '(305) 555-0180',
      ncpdpId: '1023456',
    });
    const none = await approved({}, 'FL');
    expect((await reviewOf(none.id)).pharmacy).toBeNull();
    const written = await send(t, 'POST', `/api/clinic/rx/${none.id}/prescribe`, provider, {
      version: (await reviewOf(none.id)).visit.version,
      prescriptions: prescription(),
    });
    expect(written.statusCode).toBe(200);
    // The harness registers every patient at 200 Ocean Dr, FL 33139.
    for (const [url, token] of [
      [`/api/clinic/rx/${none.id}/prescription.pdf`, provider],
      [`/api/rx/visits/${none.id}/prescription.pdf`, none.payer.token],
    ] as const) {
      const pdf = await get(t, url, token);
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload).split('\n')).toContain('Address: 200 Ocean Dr, FL 33139');
    }
  });

  it('brings a prescribed visit to the pharmacy unclaimed; the patient sees its pharmacy status; the pharmacy is told by e-mail', async () => {
    const { id, payer, lastName } = await prescribed();
    const mine = json(await get(t, '/api/rx/visits', payer.token)).visits.find(
      (v: { id: string }) => v.id === id,
    );
    expect(mine).toMatchObject({
      status: 'rxed',
      pharmacy: { id: sunrise, name: 'Sunrise Pharmacy' },
      pharmacyStatus: 'unclaimed',
    });
    const found = json(
      await send(t, 'POST', '/api/pharmacy/rx/search', flPharmacist.token, {
        tab: 'unclaimed',
        query: id.slice(0, 8),
      }),
    );
    expect(found.visits.map((v: { id: string }) => v.id)).toEqual([id]);
    expect(found.counts.unclaimed).toBeGreaterThanOrEqual(1);
    expect(found.newUnclaimed).toBeGreaterThanOrEqual(1);
    // The notice names the pharmacy and the dashboard, never the patient or the medication.
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(outbox)
              .where(eq(outbox.recipient, 'rx@sunrise-pharmacy.test'))
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    const notices = await outboxRows(t, eq(outbox.recipient, 'rx@sunrise-pharmacy.test'));
    for (const notice of notices) {
      expect(notice.body).toContain('#/prescriptions');
      expect(lastName.length).toBeGreaterThan(1);
      expect(notice.body).not.toContain(lastName);
      expect(notice.body).not.toContain('Mupirocin');
    }
  });

  it('finds visits by patient name, date of birth and visit id, and pages them', async () => {
    const { id, lastName } = await prescribed();
    const search = async (query: string, extra: object = {}) =>
      json(
        await send(t, 'POST', '/api/pharmacy/rx/search', adminToken, {
          tab: 'all',
          query,
          ...extra,
        }),
      );
    expect((await search(lastName)).visits.map((v: { id: string }) => v.id)).toContain(id);
    const dob = (await search(id)).visits[0].patientDob;
    expect((await search(dob)).visits.map((v: { id: string }) => v.id)).toContain(id);
    expect((await search('Nobody Byname')).visits).toEqual([]);
    const paged = await search('', { pageSize: 1, page: 2 });
    expect(paged.visits).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(2);
  });

  it('allows and refuses every pharmacy-side move as the domain table says; notes where the spec asks', async () => {
    const { id } = await prescribed();
    for (const from of pharmacyStatuses) {
      for (const to of pharmacyStatuses) {
        await t.database.db
          .update(rxVisits)
          .set({ pharmacyStatus: from, claimFeeEntryId: null })
          .where(eq(rxVisits.id, id));
        const rule = noteRuleFor(to);
        const res = await setStatus(
          flPharmacist.token,
          id,
          to,
          rule === 'none' ? '' : 'Spoke with the patient',
        );
        const allowed = to !== 'claimed' && canChangePharmacyStatus(from, to);
        expect({ from, to, status: res.statusCode }).toEqual({
          from,
          to,
          status: allowed ? 200 : 409,
        });
        if (allowed) {
          expect(json(res).visit.pharmacyStatus).toBe(to);
        } else {
          expect(json(res).errorCode).toBe('PHARMACY_TRANSITION_REFUSED');
        }
      }
    }
    // A required note left blank changes nothing.
    for (const to of ['voided', 'contacted', 'review'] as const) {
      await t.database.db
        .update(rxVisits)
        .set({ pharmacyStatus: 'unclaimed' })
        .where(eq(rxVisits.id, id));
      const before = await versionOf(id);
      const res = await setStatus(flPharmacist.token, id, to, '   ');
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ errorCode: 'VALIDATION' });
      expect(await versionOf(id)).toBe(before);
    }
    // claimed takes no note: the claim refuses a body carrying one.
    const withNote = await claim(flPharmacist.token, id, { note: 'x' });
    expect(withNote.statusCode).toBe(400);
    expect((await detail(flPharmacist.token, id)).json().visit.pharmacyStatus).toBe('unclaimed');
  });

  it('moves the status and writes its history note together: a note that cannot be written moves nothing (issue 37, item 1)', async () => {
    const { id } = await prescribed();
    const repo = createRxRepo(t.database.db);
    const notesOf = async () =>
      (await t.database.db.select().from(rxStatusNotes).where(eq(rxStatusNotes.visitId, id)))
        .length;
    const before = { version: await versionOf(id), notes: await notesOf() };
    // An account that does not exist: the note's insert fails inside the move's transaction.
    await expect(
      repo.movePharmacy(
        id,
        { pharmacyStatus: 'unclaimed', version: before.version },
        'ready',
        { pharmacyNote: '' },
        { note: '', byRole: 'pharmacy', accountId: randomUUID() },
      ),
    ).rejects.toThrow();
    const [row] = await t.database.db.select().from(rxVisits).where(eq(rxVisits.id, id));
    expect({ status: row?.pharmacyStatus, version: row?.version, notes: await notesOf() }).toEqual({
      status: 'unclaimed',
      version: before.version,
      notes: before.notes,
    });
    // The same move with a real author moves the visit and notes it, once.
    const [author] = await t.database.db.select({ id: accounts.id }).from(accounts).limit(1);
    const moved = await repo.movePharmacy(
      id,
      { pharmacyStatus: 'unclaimed', version: before.version },
      'ready',
      { pharmacyNote: '' },
      { note: 'Ready at the counter', byRole: 'pharmacy', accountId: author?.id ?? '' },
    );
    expect(moved?.pharmacyStatus).toBe('ready');
    expect(await notesOf()).toBe(before.notes + 1);
  });

  it('names the real statuses, translated, when it refuses a change (issue 33, finding 5)', async () => {
    const { id } = await prescribed();
    await t.database.db
      .update(rxVisits)
      .set({ pharmacyStatus: 'delivered' })
      .where(eq(rxVisits.id, id));
    const refusal = async (lang: string) =>
      t.fastify.inject({
        method: 'POST',
        url: `/api/pharmacy/rx/${id}/status`,
        headers: { ...bearer(flPharmacist.token), 'accept-language': lang },
        payload: { status: 'ready', version: await versionOf(id), note: '' },
      });
    const english = await refusal('en');
    expect(english.statusCode, english.body).toBe(409);
    expect(json(english)).toMatchObject({
      errorCode: 'PHARMACY_TRANSITION_REFUSED',
      errorMsg: 'The status cannot be changed from Delivered to Ready.',
    });
    const spanish = await refusal('es');
    expect(spanish.statusCode, spanish.body).toBe(409);
    expect(json(spanish).errorMsg).toBe('El estado no puede cambiar de Entregada a Lista.');
  });

  it('moves several visits together, each as the single move, audited; says per visit which were refused and why; bad input changes nothing (issue 36, finding 14)', async () => {
    const to = pharmacyStatuses.find(
      (s) => s !== 'claimed' && canChangePharmacyStatus('unclaimed', s),
    ) as PharmacyStatus;
    const note = noteRuleFor(to) === 'none' ? '' : 'Spoke with the patient';
    const bulk = (body: object, lang = 'en') =>
      t.fastify.inject({
        method: 'POST',
        url: '/api/pharmacy/rx/bulk-status',
        headers: { ...bearer(flPharmacist.token), 'accept-language': lang },
        payload: body,
      });
    const [a, b, c] = [await prescribed(), await prescribed(), await prescribed()];
    const audits = async (id: string) =>
      (
        await t.database.db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(
            sql`${auditLog.action} = 'pharmacy.rx.status' and ${auditLog.detail}->>'visitId' = ${id}`,
          )
      ).length;

    // Bad input: 400 in the caller's language, nothing moved.
    const before = await versionOf(a.id);
    for (const [body, lang, text] of [
      [{ visits: [], status: to }, 'en', 'Choose from 1 to 50 visits'],
      [
        {
          visits: Array.from({ length: 51 }, () => ({ id: a.id, version: before })),
          status: to,
        },
        'es',
        'Elija de 1 a 50 visitas',
      ],
      [
        { visits: [{ id: a.id, version: before }], status: 'shipped-to-mars' },
        'es',
        'Elija uno de los estados',
      ],
    ] as const) {
      const res = await bulk(body, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
      expect(res.json().errorMsg).toContain(text);
    }
    expect(await versionOf(a.id)).toBe(before);

    // Two move; one seen at an old version is refused with the reason, in Spanish.
    const res = await bulk(
      {
        visits: [
          { id: a.id, version: await versionOf(a.id) },
          { id: b.id, version: (await versionOf(b.id)) + 7 },
          { id: c.id, version: await versionOf(c.id) },
        ],
        status: to,
        note,
      },
      'es',
    );
    expect(res.statusCode).toBe(200);
    const results = res.json().results;
    expect(results.map((r: { visitId: string; moved: boolean }) => [r.visitId, r.moved])).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, true],
    ]);
    expect(results[1]).toMatchObject({ errorCode: 'RX_STALE', pharmacyStatus: null });
    expect(results[1].message).toEqual(expect.any(String));
    expect(results[0].pharmacyStatus).toBe(to);
    expect((await detail(flPharmacist.token, b.id)).json().visit.pharmacyStatus).toBe('unclaimed');
    expect([await audits(a.id), await audits(b.id), await audits(c.id)]).toEqual([1, 0, 1]);

    // The same bulk request four times at once: each visit moves once, one audit row each.
    const [d, e] = [await prescribed(), await prescribed()];
    const body = {
      visits: [
        { id: d.id, version: await versionOf(d.id) },
        { id: e.id, version: await versionOf(e.id) },
      ],
      status: to,
      note,
    };
    const raced = await Promise.all([bulk(body), bulk(body), bulk(body), bulk(body)]);
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const moves = raced.flatMap((r) =>
      r
        .json()
        .results.filter((x: { moved: boolean }) => x.moved)
        .map((x: { visitId: string }) => x.visitId),
    );
    expect(moves.filter((id) => id === d.id)).toHaveLength(1);
    expect(moves.filter((id) => id === e.id)).toHaveLength(1);
    expect([await audits(d.id), await audits(e.id)]).toEqual([1, 1]);
  });

  it('claims only from the claimable statuses', async () => {
    const { id } = await prescribed();
    for (const from of pharmacyStatuses) {
      await t.database.db
        .update(rxVisits)
        .set({ pharmacyStatus: from as PharmacyStatus, claimFeeEntryId: null })
        .where(eq(rxVisits.id, id));
      const res = await claim(adminToken, id);
      expect({ from, status: res.statusCode }).toEqual({
        from,
        status: isClaimable(from) ? 200 : 409,
      });
    }
  });

  it('keeps the PDF from the pharmacy until the claim, takes the fee once when ten claims race, then opens it', async () => {
    const { id, payer } = await prescribed();
    expect(
      (await get(t, `/api/pharmacy/rx/${id}/prescription.pdf`, flPharmacist.token)).statusCode,
    ).toBe(404);
    // The patient's own copy is theirs all along.
    expect((await get(t, `/api/rx/visits/${id}/prescription.pdf`, payer.token)).statusCode).toBe(
      200,
    );
    const before = await balance();
    const version = await versionOf(id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        send(t, 'POST', `/api/pharmacy/rx/${id}/claim`, flPharmacist.token, { version }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await balance()).toBe(before - fee);
    const entries = await t.database.db
      .select()
      .from(prepayEntries)
      .where(sql`${prepayEntries.relatedId} = ${id}`);
    expect(entries.map((e) => e.amountCents)).toEqual([-fee]);
    const after = json(await detail(flPharmacist.token, id)).visit;
    expect(after).toMatchObject({ pharmacyStatus: 'claimed', pdfAvailable: true, feePaid: fee });
    const pdf = await get(t, `/api/pharmacy/rx/${id}/prescription.pdf`, flPharmacist.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a claim the prepay account cannot pay, and takes nothing', async () => {
    const { id } = await prescribed();
    const was = await balance();
    await t.database.db
      .update(prepayAccounts)
      .set({ balanceCents: fee - 1 })
      .where(eq(prepayAccounts.id, sunrise));
    const res = await claim(adminToken, id);
    expect(res.statusCode).toBe(402);
    expect(json(res)).toMatchObject({ errorCode: 'PHARMACY_LOW_BALANCE' });
    expect(await balance()).toBe(fee - 1);
    expect(json(await detail(adminToken, id)).visit.pharmacyStatus).toBe('unclaimed');
    await t.database.db
      .update(prepayAccounts)
      .set({ balanceCents: was })
      .where(eq(prepayAccounts.id, sunrise));
  });

  it('sends a change request to the prescriber, who approves a new dose; the pharmacy claims the new one', async () => {
    const { id } = await prescribed();
    const reason = 'Please change to 1 % cream: only dosing change.';
    expect((await setStatus(flPharmacist.token, id, 'review', reason)).statusCode).toBe(200);
    const queue = json(await get(t, '/api/clinic/rx/queue', provider));
    expect(queue.changeRequests.map((e: { id: string }) => e.id)).toContain(id);
    const review = await reviewOf(id);
    expect(review.changeRequest).toMatchObject({ pharmacyName: 'Sunrise Pharmacy', reason });
    // A claim while the prescriber decides is refused.
    expect((await claim(flPharmacist.token, id)).statusCode).toBe(409);
    const approved = await send(t, 'POST', `/api/clinic/rx/${id}/change-request`, provider, {
      decision: 'approve',
      version: review.visit.version,
      note: 'Changed to 1 %',
      prescriptions: prescription('1 %'),
    });
    expect(approved.statusCode).toBe(200);
    const seen = json(await detail(flPharmacist.token, id)).visit;
    expect(seen).toMatchObject({
      pharmacyStatus: 'approved',
      claimable: true,
      statusChanged: true,
    });
    expect(seen.prescriptions.map((p: { strength: string }) => p.strength)).toEqual(['1 %']);
    expect(seen.history.map((h: { status: string; by: string }) => `${h.status}:${h.by}`)).toEqual([
      'review:pharmacy',
      'approved:prescriber',
    ]);
    expect((await claim(flPharmacist.token, id)).statusCode).toBe(200);
  });

  it('lets the prescriber of record answer a change request on a visit with no payment record; the pharmacy may withdraw one (issue 33, finding 4)', async () => {
    const { id } = await prescribed();
    // A visit that reached the pharmacy without a payment record (an import, a seed, a payment
    // later voided): the prescription is still the prescriber's to answer for.
    await t.database.db
      .update(rxVisits)
      .set({ ledgerId: null, prepayRedemptionId: null })
      .where(eq(rxVisits.id, id));
    expect((await setStatus(flPharmacist.token, id, 'review', 'Could it be 1 %?')).statusCode).toBe(
      200,
    );
    const queue = json(await get(t, '/api/clinic/rx/queue', provider));
    expect(queue.changeRequests.map((e: { id: string }) => e.id)).toContain(id);
    const opened = await get(t, `/api/clinic/rx/${id}`, provider);
    expect(opened.statusCode).toBe(200);
    // Another prescriber of the state still cannot open it (it is not theirs, nor waiting).
    const provider2 = await login(t, demo.provider2);
    expect((await get(t, `/api/clinic/rx/${id}`, provider2)).statusCode).toBe(404);
    const other = await prescribed();
    expect(
      (await setStatus(flPharmacist.token, other.id, 'review', 'Half the dose?')).statusCode,
    ).toBe(200);
    // The pharmacy withdraws its request: the visit is unclaimed again, off the prescriber's list.
    expect((await setStatus(flPharmacist.token, other.id, 'unclaimed')).statusCode).toBe(200);
    const after = json(await get(t, '/api/clinic/rx/queue', provider));
    expect(after.changeRequests.map((e: { id: string }) => e.id)).not.toContain(other.id);
    expect(json(await detail(flPharmacist.token, other.id)).visit).toMatchObject({
      pharmacyStatus: 'unclaimed',
      claimable: true,
    });
  });

  it('lets the prescriber deny a change request; the existing prescription stays claimable', async () => {
    const { id } = await prescribed();
    expect((await setStatus(adminToken, id, 'review', 'Could it be 1 %?')).statusCode).toBe(200);
    const denied = await send(t, 'POST', `/api/clinic/rx/${id}/change-request`, provider, {
      decision: 'deny',
      version: (await reviewOf(id)).visit.version,
      note: 'Keep 2 %',
    });
    expect(denied.statusCode).toBe(200);
    const seen = json(await detail(adminToken, id)).visit;
    expect(seen).toMatchObject({ pharmacyStatus: 'denied', claimable: true });
    expect(seen.prescriptions.map((p: { strength: string }) => p.strength)).toEqual(['2 %']);
    const again = await send(t, 'POST', `/api/clinic/rx/${id}/change-request`, provider, {
      decision: 'deny',
      version: (await reviewOf(id)).visit.version,
      note: '',
    });
    expect(again.statusCode).toBe(409);
  });

  it('tells the patient each fulfilment status live, with the note; the staff refetch', async () => {
    const { id, payer } = await prescribed();
    const patientSocket = await socketFor(t, payer.token);
    const staffSocket = await socketFor(t, flPharmacist.token);
    const updates: { id: string; pharmacyStatus: string | null }[] = [];
    let dashboardPushes = 0;
    patientSocket.on(
      realtimeEvents.updateRxVisit,
      (u: { id: string; pharmacyStatus: string | null }) => updates.push(u),
    );
    staffSocket.on(realtimeEvents.pharmacyQueueChanged, () => {
      dashboardPushes += 1;
    });
    expect((await claim(flPharmacist.token, id)).statusCode).toBe(200);
    expect(
      (await setStatus(flPharmacist.token, id, 'ready', 'At the counter, ask for Rita')).statusCode,
    ).toBe(200);
    await expect.poll(() => updates.map((u) => u.pharmacyStatus)).toContain('ready');
    const mine = json(await get(t, '/api/rx/visits', payer.token)).visits.find(
      (v: { id: string }) => v.id === id,
    );
    expect(mine).toMatchObject({
      pharmacyStatus: 'ready',
      pharmacyNote: 'At the counter, ask for Rita',
    });
    expect((await setStatus(flPharmacist.token, id, 'picked-up')).statusCode).toBe(200);
    await expect.poll(() => updates.map((u) => u.pharmacyStatus)).toContain('picked-up');
    await expect.poll(() => dashboardPushes).toBeGreaterThan(0);
    patientSocket.close();
    staffSocket.close();
  });

  it("hides a visit from a pharmacist of another state or pharmacy (404), and a claimed-only pharmacist's before the claim", async () => {
    const { id } = await prescribed();
    const texan = await invited(['TX']);
    expect((await detail(texan.token, id)).statusCode).toBe(404);
    expect((await claim(texan.token, id)).statusCode).toBe(404);
    // Another verified pharmacy: its admin cannot see Sunrise's visits.
    await t.database.db.insert(pharmacyOrganizations).values({
      id: `gulf-${kind}`,
      name: 'Gulf Pharmacy',
      ncpdpId: '9999999',
      address1: '1 Gulf Rd',
      city: 'Tampa',
      state: 'FL',
      zip: '33602',
      phone: '813-555-0000',
      fax: '813-555-0001',
      verifiedAt: new Date(),
    });
    const other = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({
        role: 'pharmacyAdmin',
        organizationType: 'pharmacy',
        organizationId: `gulf-${kind}`,
        permissions: ['readyrx'],
      })
      .where(eq(accounts.id, other.accountId));
    const otherToken = await login(t, other.loginId, other.password);
    expect((await detail(otherToken, id)).statusCode).toBe(404);
    expect((await setStatus(otherToken, id, 'contacted', 'x')).statusCode).toBe(404);
    const claimedOnly = await invited(['FL'], { claimedOnly: true });
    expect((await detail(claimedOnly.token, id)).statusCode).toBe(404);
    expect((await claim(adminToken, id)).statusCode).toBe(200);
    expect((await detail(claimedOnly.token, id)).statusCode).toBe(200);
    expect((await setStatus(claimedOnly.token, id, 'shipped')).statusCode).toBe(200);
  });

  it("answers an unverified pharmacy's staff what verification needs and how to ask for it", async () => {
    const lone = await login(t, 'lonestar-pharmacist@apothecall.test');
    const me = json(await get(t, '/api/pharmacy/me', lone));
    expect(me.organization).toMatchObject({ id: 'lone-star-pharmacy', verified: false });
    const res = await send(t, 'POST', '/api/pharmacy/rx/search', lone, {});
    expect(res.statusCode).toBe(403);
    expect(json(res)).toMatchObject({ errorCode: 'PHARMACY_UNVERIFIED' });
    // No pointer to an "About the pharmacy program" page that does not exist.
    expect(json(res).errorMsg).not.toContain('About the pharmacy program');
    expect(json(res).errorMsg).toContain(
      'Verification needs its NCPDP ID, address, phone and fax to match the NCPDP registry',
    );
    expect(json(res).errorMsg).toContain(
      "your pharmacy's administrator contacts the Apothecall team that set up your pharmacy",
    );
  });

  it('refuses a revoked pharmacist on the next request; refuses invites from non-admins and of a patient', async () => {
    const rph = await invited(['FL']);
    expect((await get(t, '/api/pharmacy/me', rph.token)).statusCode).toBe(200);
    const revoked = await send(
      t,
      'POST',
      `/api/pharmacy/pharmacists/${rph.grantId}/revoke`,
      adminToken,
    );
    expect(revoked.statusCode).toBe(200);
    expect(json(revoked).pharmacist.revokedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await get(t, '/api/pharmacy/me', rph.token)).statusCode).toBe(401);
    const notAdmin = await send(t, 'POST', '/api/pharmacy/pharmacists', flPharmacist.token, {
      email: 'someone@example.test',
      firstName: 'A',
      lastName: 'B',
      states: ['FL'],
    });
    expect(notAdmin.statusCode).toBe(403);
    const patient = await newPatient(t);
    const taken = await send(t, 'POST', '/api/pharmacy/pharmacists', adminToken, {
      email: patient.loginId,
      firstName: 'A',
      lastName: 'B',
      states: ['FL'],
    });
    expect(taken.statusCode).toBe(409);
    expect((await get(t, '/api/account/profile', patient.token)).statusCode).toBe(200);
    const list = json(await get(t, '/api/pharmacy/pharmacists', adminToken)).pharmacists;
    expect(list.find((p: { id: string }) => p.id === rph.grantId).revokedAt).toBe(
      json(revoked).pharmacist.revokedAt,
    );
  });

  it.each([2, 8])(
    'answers %i identical invites sent at once with one grant and a mail per invite made, never a 500',
    async (n) => {
      const email = `rph-${randomUUID().slice(0, 8)}@example.test`;
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          send(t, 'POST', '/api/pharmacy/pharmacists', adminToken, {
            email,
            firstName: 'Rita',
            lastName: 'Pharm',
            states: ['FL'],
          }),
        ),
      );
      // The first creates the login and mails the link; a twin that finds the login being made
      // is told so (409), one that comes after it re-sends the invite (200, as a second invite
      // does): never a 500, and every 200 is one mail.
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(statuses).toContain(200);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(json(refused).errorCode).toBe('INVITE_EXISTS');
      }
      const list = json(await get(t, '/api/pharmacy/pharmacists', adminToken)).pharmacists as {
        email: string;
      }[];
      expect(list.filter((p) => p.email === email)).toHaveLength(1);
      const mails = await t.database.db.select().from(outbox).where(eq(outbox.recipient, email));
      expect(mails).toHaveLength(statuses.filter((s) => s === 200).length);
    },
  );

  it('publishes a link (empty values dropped) that opens one treatment routed to the pharmacy, for the pharmacists of that link', async () => {
    const created = await send(t, 'POST', '/api/pharmacy/links', adminToken, {
      screenId: 'acute',
      medListId: '  ',
      comment: 'Counter flyer',
    });
    expect(created.statusCode).toBe(200);
    const link = json(created).link;
    expect(link).toMatchObject({ screenId: 'acute', medListId: null, comment: 'Counter flyer' });
    expect(link.url).toBe(`https://app.example.test/#/rx?id=${link.id}&company=${sunrise}`);
    const info = json(await send(t, 'POST', '/api/get-productInfo-v2', '', { id: link.id }));
    expect(info.products.map((p: { id: string }) => p.id)).toEqual(['acute']);
    expect(info.link).toMatchObject({ id: link.id, pharmacy: { id: sunrise } });
    expect(
      (await send(t, 'POST', '/api/pharmacy/links', adminToken, { screenId: 'nope' })).statusCode,
    ).toBe(400);

    const viaLink = await prescribed({ linkId: link.id });
    const linkOnly = await invited(['FL'], { links: [link.id] });
    const plain = await prescribed();
    expect(json(await detail(linkOnly.token, viaLink.id)).visit.linkId).toBe(link.id);
    expect((await detail(linkOnly.token, plain.id)).statusCode).toBe(404);
    expect((await send(t, 'DELETE', `/api/pharmacy/links/${link.id}`, adminToken)).statusCode).toBe(
      200,
    );
    expect(
      json(await get(t, '/api/pharmacy/links', adminToken)).links.map((l: { id: string }) => l.id),
    ).not.toContain(link.id);
  });

  it('opens the dashboard to the pharmacist role or the readyrx permission only (guard step 4, server side)', async () => {
    const { id } = await prescribed();
    const other = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ role: 'pharmacyAdmin', organizationType: 'pharmacy', organizationId: sunrise })
      .where(eq(accounts.id, other.accountId));
    const noReadyRx = await login(t, other.loginId, other.password);
    const refused = await send(t, 'POST', '/api/pharmacy/rx/search', noReadyRx, {});
    expect(refused.statusCode).toBe(403);
    expect((await detail(noReadyRx, id)).statusCode).toBe(403);
    expect((await get(t, '/api/pharmacy/links', noReadyRx)).statusCode).toBe(403);
    await t.database.db
      .update(accounts)
      .set({ permissions: ['readyrx'] })
      .where(eq(accounts.id, other.accountId));
    expect((await detail(noReadyRx, id)).statusCode).toBe(200);
    expect((await get(t, '/api/pharmacy/links', noReadyRx)).statusCode).toBe(200);
    // An invited pharmacist works the dashboard without readyrx, but not the links.
    expect((await get(t, '/api/pharmacy/links', flPharmacist.token)).statusCode).toBe(403);
  });

  it('seeds a funded prepay account for the demo pharmacies and a visit on the demo dashboard', async () => {
    expect(demoPrepayBalanceCents).toBeGreaterThan(fee);
    const me = json(await get(t, '/api/pharmacy/me', adminToken));
    expect(me).toMatchObject({
      role: 'pharmacyAdmin',
      organization: { verified: true, claimFee: fee },
    });
    expect(me.organization.prepayBalance).toBeGreaterThan(0);
    // The demo dashboard is not empty: the demo patient's visit waits there, unclaimed.
    const demoPharmacist = await login(t, 'pharmacist@apothecall.test');
    const found = json(
      await send(t, 'POST', '/api/pharmacy/rx/search', demoPharmacist, {
        tab: 'unclaimed',
        query: 'Maria Rivera',
      }),
    );
    expect(found.visits.map((v: { patientName: string }) => v.patientName)).toContain(
      'Maria Rivera',
    );
  });

  it("answers the README's demo change request: the seeded visit is paid, its prescriber opens and approves it (issue 33, finding 4)", async () => {
    const demoPharmacist = await login(t, 'pharmacist@apothecall.test');
    const found = json(
      await send(t, 'POST', '/api/pharmacy/rx/search', demoPharmacist, {
        tab: 'unclaimed',
        query: 'Maria Rivera',
      }),
    );
    const id = found.visits.find((v: { patientName: string }) => v.patientName === 'Maria Rivera')
      ?.id as string;
    expect(id).toBeTruthy();
    // The seed records the payment a real visit has (a card charge on the ledger).
    const [row] = await t.database.db
      .select({ ledgerId: rxVisits.ledgerId })
      .from(rxVisits)
      .where(eq(rxVisits.id, id));
    expect(row?.ledgerId).not.toBeNull();
    const reason = 'Please change to 1 % cream: only dosing change.';
    expect((await setStatus(demoPharmacist, id, 'review', reason)).statusCode).toBe(200);
    const queue = json(await get(t, '/api/clinic/rx/queue', provider));
    expect(queue.changeRequests.map((e: { id: string }) => e.id)).toContain(id);
    const opened = await get(t, `/api/clinic/rx/${id}`, provider);
    expect(opened.statusCode).toBe(200);
    expect(json(opened).review.changeRequest).toMatchObject({ reason });
    const approved = await send(t, 'POST', `/api/clinic/rx/${id}/change-request`, provider, {
      decision: 'approve',
      version: json(opened).review.visit.version,
      note: 'Changed to 1 %',
      prescriptions: prescription('1 %'),
    });
    expect(approved.statusCode).toBe(200);
    expect(json(await detail(demoPharmacist, id)).visit).toMatchObject({
      pharmacyStatus: 'approved',
      claimable: true,
    });
  });
});
