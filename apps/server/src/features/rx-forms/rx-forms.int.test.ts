import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedRxVisit, otherPharmacyAdmin } from '../../../test/claimed-rx-visit';
import {
  bearer,
  databaseKinds,
  get,
  login,
  newPatient,
  type Patient,
  send,
  socketFor,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { pdfText } from '../../../test/pdf-text';
import { auditLog } from '../../db/schema/platform';
import { rxFormRequests } from '../../db/schema/rx-forms';

interface FormRow {
  id: string;
  formId: string;
  status: string;
  designeeName: string | null;
  signedAt: string | null;
  signedName?: string | null;
  visitId?: string;
  pharmacyName?: string;
  patientName?: string;
}

/**
 * Form signing on Rx visits through the whole app, one app per database: the
 * pharmacy that claimed a visit asks its patient to sign the HIPAA acknowledgement and a pick-up
 * authorization naming a designee; the same form twice is refused with nothing changed; the
 * patient is told in the app, reads the requests, and signs with the name on their profile (a
 * wrong name or an unticked box is 400, nothing changed); another patient cannot sign for a
 * visit that is not theirs (404); the pharmacy sees it signed, with the time, and downloads the
 * PDF; the signed form is in the patient's documents and opens for them alone; another pharmacy
 * gets 404 everywhere; every read and change is audited.
 */
describe.each(databaseKinds)('Form signing on Rx visits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let pharmacist: string;
  let gulf: string;
  let visitId: string;
  let patient: Patient;
  let otherVisitId: string;
  let other: Patient;
  let hipaaId: string;
  let pickupId: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-forms-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    pharmacist = await login(t, 'pharmacist@apothecall.test');
    gulf = await otherPharmacyAdmin(t);
    ({ visitId, patient } = await claimedRxVisit(t, pharmacist));
    ({ visitId: otherVisitId, patient: other } = await claimedRxVisit(t, pharmacist, {
      patient: await newPatient(t, { name: 'Omar Haddad' }),
    }));
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const requests = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rxFormRequests))[0]?.n;
  const pharmacyForms = async (token: string, id = visitId) =>
    get(t, `/api/pharmacy/rx/${id}/forms`, token);
  const ask = (body: object, lang = 'en', id = visitId, token = pharmacist) =>
    t.fastify.inject({
      method: 'POST',
      url: `/api/pharmacy/rx/${id}/forms`,
      headers: { ...bearer(token), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const sign = (who: Patient, visit: string, form: string, body: object, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url: `/api/rx/visits/${visit}/forms/${form}/sign`,
      headers: { ...bearer(who.token), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .select({ status: rxFormRequests.status })
        .from(rxFormRequests)
        .where(eq(rxFormRequests.id, id))
    )[0]?.status;

  it('waits for the claim: an unclaimed visit takes no request', async () => {
    const { visitId: unclaimed } = await claimedRxVisit(t, pharmacist, { claim: false });
    const res = await ask({ formId: 'hipaaNotice' }, 'en', unclaimed);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      errorCode: 'PHARMACY_NOT_CLAIMED',
      errorMsg: 'Claim this visit (Submit Payment) before asking for signatures.',
    });
    expect(await requests()).toBe(0);
  });

  it('asks the patient to sign two forms, tells them in the app, and refuses the same form twice', async () => {
    const socket = await socketFor(t, patient.token);
    const notice = new Promise<PushPayload>((resolve) =>
      socket.once('notification', (p: PushPayload) => resolve(p)),
    );
    const hipaa = await ask({ formId: 'hipaaNotice' });
    expect(hipaa.statusCode, hipaa.body).toBe(200);
    expect(hipaa.json().form).toMatchObject({
      formId: 'hipaaNotice',
      version: '2026-11-01',
      designeeName: null,
      status: 'requested',
      signedAt: null,
    });
    hipaaId = hipaa.json().form.id;
    expect(await notice).toEqual({
      kind: 'formRequested',
      title: 'Apothecall',
      body: 'Your pharmacy asks you to sign a form.',
      url: '/#/rxvisits',
    });

    const twice = await ask({ formId: 'hipaaNotice' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      errorCode: 'RX_FORM_ALREADY_REQUESTED',
      errorMsg: 'This form is already waiting for the patient’s signature.',
    });

    const noDesignee = await ask({ formId: 'pickupAuthorization' }, 'es');
    expect(noDesignee.statusCode).toBe(400);
    expect(noDesignee.json().errorMsg).toContain(
      'Persona autorizada: el nombre completo de quien recoge',
    );
    const unknown = await ask({ formId: 'taxReturn' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorMsg).toContain('Form: choose one of the forms listed.');
    expect(await requests()).toBe(1);

    const pickup = await ask({ formId: 'pickupAuthorization', designeeName: 'Ana López' });
    expect(pickup.statusCode, pickup.body).toBe(200);
    expect(pickup.json().form).toMatchObject({ designeeName: 'Ana López', status: 'requested' });
    pickupId = pickup.json().form.id;

    const list = await pharmacyForms(pharmacist);
    expect(list.json().forms.map((f: FormRow) => [f.formId, f.status])).toEqual([
      ['pickupAuthorization', 'requested'],
      ['hipaaNotice', 'requested'],
    ]);
  });

  it('answers another pharmacy and a patient 404 or 403, and changes nothing', async () => {
    expect((await pharmacyForms(gulf)).statusCode).toBe(404);
    expect((await ask({ formId: 'hipaaNotice' }, 'en', otherVisitId, gulf)).statusCode).toBe(404);
    expect(
      (await send(t, 'POST', `/api/pharmacy/rx/${visitId}/forms/${hipaaId}/withdraw`, gulf))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(t, `/api/pharmacy/rx/${visitId}/forms/${hipaaId}/signed.pdf`, gulf)).statusCode,
    ).toBe(404);
    const asPatient = await pharmacyForms(patient.token);
    expect(asPatient.statusCode).toBe(403);
    expect(await requests()).toBe(2);
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pharmacy.rx.read'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
  });

  it('shows the patient what to sign, and no one else', async () => {
    const mine = await get(t, '/api/rx/forms', patient.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      mine.json().forms.map((f: FormRow) => [f.formId, f.status, f.visitId, f.pharmacyName]),
    ).toEqual([
      ['pickupAuthorization', 'requested', visitId, 'Sunrise Pharmacy'],
      ['hipaaNotice', 'requested', visitId, 'Sunrise Pharmacy'],
    ]);
    expect(mine.json().forms[0].patientName).toBe(patient.name);
    expect((await get(t, '/api/rx/forms', other.token)).json().forms).toEqual([]);
  });

  it('does not let a patient sign for another visit', async () => {
    // Another patient, with the visit's own id: not their visit.
    const foreign = await sign(other, visitId, hipaaId, { fullName: 'Omar Haddad', agreed: true });
    expect(foreign.statusCode).toBe(404);
    // Their own visit's id, with this visit's form: not a form of their visit.
    const crossed = await sign(other, otherVisitId, hipaaId, {
      fullName: 'Omar Haddad',
      agreed: true,
    });
    expect(crossed.statusCode).toBe(404);
    // The patient, naming the other patient's visit with their own form.
    const swapped = await sign(patient, otherVisitId, hipaaId, {
      fullName: patient.name,
      agreed: true,
    });
    expect(swapped.statusCode).toBe(404);
    expect(await statusOf(hipaaId)).toBe('requested');
  });

  it('needs the name on the profile and the box ticked, then signs once', async () => {
    const wrong = await sign(
      patient,
      visitId,
      hipaaId,
      { fullName: 'Nora Quin', agreed: true },
      'es',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorMsg).toContain(
      'Nombre completo: escriba su nombre y apellido exactamente como están en su perfil.',
    );
    const unticked = await sign(patient, visitId, hipaaId, {
      fullName: patient.name,
      agreed: false,
    });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().errorMsg).toContain('Agreement: tick the box to sign.');
    expect(await statusOf(hipaaId)).toBe('requested');

    // Case and extra spaces do not matter.
    const typed = `  ${patient.firstName.toUpperCase()}   ${patient.lastName.toLowerCase()} `;
    const signed = await sign(patient, visitId, hipaaId, { fullName: typed, agreed: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().form).toMatchObject({ id: hipaaId, status: 'signed' });
    expect(signed.json().form.signedAt).not.toBeNull();

    const again = await sign(patient, visitId, hipaaId, { fullName: patient.name, agreed: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('RX_FORM_NOT_PENDING');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rxForms.sign'), eq(auditLog.outcome, 'success')));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.subjectAccountId).toBe(patient.accountId);
  });

  it('shows the pharmacy the signature with its time, and the signed PDF', async () => {
    const list = (await pharmacyForms(pharmacist)).json().forms as FormRow[];
    const hipaa = list.find((f) => f.id === hipaaId);
    expect(hipaa).toMatchObject({ status: 'signed' });
    expect(hipaa?.signedName?.trim().replace(/\s+/g, ' ').toLowerCase()).toBe(
      patient.name.toLowerCase(),
    );
    expect(Date.parse(hipaa?.signedAt ?? '')).toBeGreaterThan(0);
    const pdf = await get(t, `/api/pharmacy/rx/${visitId}/forms/${hipaaId}/signed.pdf`, pharmacist);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Its times are written out in the reader's zone (X-Time-Zone), never ISO.
    const inChicago = await t.fastify.inject({
      method: 'GET',
      url: `/api/pharmacy/rx/${visitId}/forms/${hipaaId}/signed.pdf`,
      headers: { ...bearer(pharmacist), 'x-time-zone': 'America/Chicago' },
    });
    const text = pdfText(inChicago.rawPayload).replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Signed electronically by .+ on \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M C[SD]T\./,
    );
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // Not before it is signed.
    expect(
      (await get(t, `/api/pharmacy/rx/${visitId}/forms/${pickupId}/signed.pdf`, pharmacist))
        .statusCode,
    ).toBe(404);
    const read = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rxForms.pdf'), eq(auditLog.outcome, 'success')));
    expect(read.length).toBeGreaterThan(0);
  });

  it('lists the signed form in the patient’s documents, opening for its owner only', async () => {
    const docs = await send(t, 'POST', '/api/get-patient-docs', patient.token, {});
    expect(docs.statusCode, docs.body).toBe(200);
    const signed = (
      docs.json().documents as { source: string; fdesc: string; token: string; patient: string }[]
    ).filter((d) => d.source === 'signedForm');
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({
      fdesc: 'Signed form: HIPAA notice of privacy practices acknowledgement',
      patient: patient.personId,
    });
    const token = signed[0]?.token ?? '';
    const opened = await send(t, 'POST', '/api/get-doc-data', patient.token, { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().contentType).toBe('application/pdf');
    expect(Buffer.from(opened.json().data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await send(t, 'POST', '/api/get-doc-data', other.token, { token })).statusCode).toBe(
      404,
    );
    const theirs = await send(t, 'POST', '/api/get-patient-docs', other.token, {});
    expect(
      (theirs.json().documents as { source: string }[]).filter((d) => d.source === 'signedForm'),
    ).toEqual([]);
    // The patient's own copy from the visit, too.
    const own = await get(
      t,
      `/api/rx/visits/${visitId}/forms/${hipaaId}/signed.pdf`,
      patient.token,
    );
    expect(own.statusCode).toBe(200);
    expect(
      (await get(t, `/api/rx/visits/${visitId}/forms/${hipaaId}/signed.pdf`, other.token))
        .statusCode,
    ).toBe(404);
  });

  it('withdraws a request still waiting, which the patient then no longer sees', async () => {
    const signedOne = await send(
      t,
      'POST',
      `/api/pharmacy/rx/${visitId}/forms/${hipaaId}/withdraw`,
      pharmacist,
    );
    expect(signedOne.statusCode).toBe(409);
    expect(signedOne.json().errorCode).toBe('RX_FORM_NOT_PENDING');
    const res = await send(
      t,
      'POST',
      `/api/pharmacy/rx/${visitId}/forms/${pickupId}/withdraw`,
      pharmacist,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().form.status).toBe('withdrawn');
    const mine = (await get(t, '/api/rx/forms', patient.token)).json().forms as FormRow[];
    expect(mine.map((f) => [f.formId, f.status])).toEqual([['hipaaNotice', 'signed']]);
    const late = await sign(patient, visitId, pickupId, { fullName: patient.name, agreed: true });
    expect(late.statusCode).toBe(404);
    // It may be asked for again, now that none waits.
    const anew = await ask({ formId: 'pickupAuthorization', designeeName: 'Luis Ortega' });
    expect(anew.statusCode, anew.body).toBe(200);
  });
});
