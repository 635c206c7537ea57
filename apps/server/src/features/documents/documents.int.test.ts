import { calendarAt } from '@apothecall/domain/dates/zones.rules';
import type { DocumentView } from '@apothecall/domain/documents/documents.schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  itReadsNoDate,
  login,
  newPatient,
  type Patient,
  resetCare,
  send,
  startAndClaim,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { pdf } from '../../../test/image-fixtures';
import { files } from '../../db/schema/files';

/**
 * Documents and Covid certificates, on both databases: a completed Covid
 * certification visit issues a certificate the patient finds among the month's documents with
 * the visit note and the receipt, opens as a PDF, and anyone verifies by its id (initials, day,
 * result only); uploads list by their month, open byte for byte and are removed; another
 * account's documents, certificates and tokens answer 404.
 */
describe.each(databaseKinds)('documents and certificates (%s)', (kind) => {
  let t: TestApp;
  let provider: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    provider = await login(t, demo.provider);
  });
  beforeEach(async () => {
    await resetCare(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  // The requests below name UTC as the patient's zone, so the calendar is read in UTC.
  const calendar = () => calendarAt(Date.now(), 'UTC');
  const month = () => calendar().month;
  const today = () => calendar().today;
  const list = async (who: Patient, fdate?: string) => {
    const res = fdate
      ? await send(t, 'POST', '/api/get-patient-docs-date', who.token, { fdate })
      : await send(t, 'POST', '/api/get-patient-docs', who.token, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { month: string; documents: DocumentView[] };
  };
  const open = (who: Patient, token: string) =>
    send(t, 'POST', '/api/get-doc-data', who.token, { token });
  const utc = { 'x-time-zone': 'UTC' };

  async function upload(who: Patient, fields: Record<string, string>, bytes = pdf('Lab result')) {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.append(k, v);
    data.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'lab.pdf');
    const request = new Request('http://localhost/api/documents', { method: 'POST', body: data });
    return t.fastify.inject({
      method: 'POST',
      url: '/api/documents',
      headers: {
        ...bearer(who.token),
        ...utc,
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
  }

  it('issues a Covid certificate with the visit, lists it with the note and receipt, and verifies it publicly', async () => {
    const nora = await newPatient(t);
    const { visitId } = await startAndClaim(t, {
      patient: nora,
      provider,
      reason: 'covidCertification',
    });
    const end = (body: Record<string, unknown>) =>
      send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
        outcome: 'completed',
        note: { subjective: '', objective: '', assessment: 'Tested', plan: 'Certificate' },
        ...body,
      });
    // Without the test, or with a test from the future or too long ago: refused, nothing ends.
    const missing = await end({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errorCode: 'VALIDATION' });
    const future = calendar().day(3);
    expect(
      (await end({ covidTest: { testType: 'antigen', result: 'negative', testedOn: future } }))
        .statusCode,
    ).toBe(400);
    const stale = calendar().day(-10);
    expect(
      (await end({ covidTest: { testType: 'antigen', result: 'negative', testedOn: stale } }))
        .statusCode,
    ).toBe(400);
    const ended = await end({
      covidTest: { testType: 'antigen', result: 'negative', testedOn: today() },
    });
    expect(ended.statusCode, ended.body).toBe(200);

    const { documents } = await list(nora);
    const sources = documents.map((d) => d.source).sort();
    expect(sources).toEqual(['certificate', 'receipt', 'visitNote']);
    // The receipt is titled by what was bought, not by its invoice number.
    expect(documents.find((d) => d.source === 'receipt')?.fdesc).toBe(
      'Receipt for Video visit: Covid certification',
    );
    for (const d of documents) {
      expect(d).toMatchObject({ owner: nora.accountId, patient: nora.personId, removable: false });
      expect(d.patientName).toBe(nora.name);
      const opened = await open(nora, d.token);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(Buffer.from(opened.json().data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      expect(opened.json().contentType).toBe('application/pdf');
    }
    const certificate = documents.find((d) => d.source === 'certificate')!;
    const verificationId = /verification id ([0-9A-Z]{10})/.exec(certificate.fdesc)?.[1];
    expect(verificationId).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    // The public check, no login: initials, the day, the test and the result; nothing else.
    const verified = await t.fastify.inject({
      method: 'GET',
      url: `/api/covid-certificates/verify?id=${verificationId}`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().certificate).toEqual({
      verificationId,
      initials: `${nora.firstName[0]}.${nora.lastName[0]}.`,
      testedOn: today(),
      testType: 'antigen',
      result: 'negative',
      issuedAt: expect.any(String),
    });
    expect(verified.body).not.toContain(nora.lastName);
    expect(verified.body).not.toContain(nora.firstName);
    // Lower case is the same id; unknown and malformed ids are refused plainly.
    const lower = await t.fastify.inject({
      method: 'GET',
      url: `/api/covid-certificates/verify?id=${verificationId!.toLowerCase()}`,
    });
    expect(lower.statusCode).toBe(200);
    const unknown = await t.fastify.inject({
      method: 'GET',
      url: '/api/covid-certificates/verify?id=0000000000',
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      errorCode: 'CERTIFICATE_NOT_FOUND',
      errorMsg: 'Ningún certificado tiene este identificador de verificación.',
    });
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: '/api/covid-certificates/verify?id=not-an-id',
        })
      ).statusCode,
    ).toBe(400);

    // Another account: every token of Nora's answers 404, and its own list is empty.
    const other = await newPatient(t);
    for (const d of documents) expect((await open(other, d.token)).statusCode).toBe(404);
    expect((await list(other)).documents).toEqual([]);
    expect(
      (await send(t, 'POST', '/api/get-doc-data', other.token, { token: 'x' })).statusCode,
    ).toBe(404);
    // A visit that is not a Covid certification issues no certificate.
    const { visitId: sore } = await startAndClaim(t, { patient: other, provider });
    await send(t, 'POST', `/api/clinic/visits/${sore}/end`, provider, {
      outcome: 'completed',
      note: { subjective: '', objective: '', assessment: 'Pharyngitis', plan: 'Rest' },
      covidTest: { testType: 'pcr', result: 'positive', testedOn: today() },
    });
    expect((await list(other)).documents.map((d) => d.source).sort()).toEqual([
      'receipt',
      'visitNote',
    ]);
  });

  it("titles a visit note in the reader's language, as Notes does (issue 36, finding 6)", async () => {
    const ana = await newPatient(t);
    const { visitId } = await startAndClaim(t, { patient: ana, provider, reason: 'soreThroat' });
    const ended = await send(t, 'POST', `/api/clinic/visits/${visitId}/end`, provider, {
      outcome: 'completed',
      note: { subjective: '', objective: '', assessment: 'Pharyngitis', plan: 'Rest' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const read = async (lang: 'en' | 'es') => {
      const headers = { ...bearer(ana.token), ...utc, 'accept-language': lang };
      const docs = await t.fastify.inject({
        method: 'POST',
        url: '/api/get-patient-docs',
        headers,
        payload: {},
      });
      expect(docs.statusCode, docs.body).toBe(200);
      const notes = await t.fastify.inject({
        method: 'POST',
        url: '/api/notes',
        headers,
        payload: { uid: ana.personId },
      });
      expect(notes.statusCode, notes.body).toBe(200);
      return {
        document: (docs.json() as { documents: DocumentView[] }).documents.find(
          (d) => d.source === 'visitNote',
        )?.fdesc,
        note: (notes.json() as { notes: { subject: string }[] }).notes[0]?.subject,
      };
    };
    expect(await read('es')).toEqual({
      document: 'Consulta por video: Dolor de garganta',
      note: 'Consulta por video: Dolor de garganta',
    });
    expect(await read('en')).toEqual({
      document: 'Video visit: Sore throat',
      note: 'Video visit: Sore throat',
    });
  });

  itReadsNoDate(
    'refuses a NUL byte in a text field of the form, and stores no file for it',
    async () => {
      const who = await newPatient(t);
      const stored = async () => (await t.database.db.select({ id: files.id }).from(files)).length;
      const before = await stored();
      for (const fields of [
        { patient: who.personId, fdesc: 'Blood\u0000panel' },
        { patient: `${who.personId}\u0000`, fdesc: 'Blood panel' },
      ]) {
        const res = await upload(who, fields);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ error: true, errorCode: 'VALIDATION' });
      }
      expect(await stored()).toBe(before);
      expect((await list(who)).documents).toEqual([]);
    },
  );

  it("lists uploads by their month, opens them byte for byte, removes only the family's own", async () => {
    const ann = await newPatient(t);
    const previous = calendar().monthStart(-1).slice(0, 7);
    const bytes = pdf('Blood panel');
    const now = await upload(ann, { patient: ann.personId, fdesc: 'Blood panel' }, bytes);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().document).toMatchObject({
      source: 'upload',
      fdesc: 'Blood panel',
      fdate: today(),
      removable: true,
      ftype: 'application/pdf',
    });
    const old = await upload(ann, {
      patient: ann.personId,
      fdesc: 'Old X-ray report',
      fdate: `${previous}-15`,
    });
    expect(old.statusCode).toBe(200);

    const current = await list(ann);
    expect(current.month).toBe(month());
    expect(current.documents.map((d) => d.fdesc)).toEqual(['Blood panel']);
    const before = await list(ann, previous);
    expect(before.month).toBe(previous);
    expect(before.documents.map((d) => d.fdesc)).toEqual(['Old X-ray report']);

    const opened = await open(ann, current.documents[0]!.token);
    expect(Buffer.from(opened.json().data, 'base64').equals(bytes)).toBe(true);

    // Bad input changes nothing: no description, someone else's person, a wrong month.
    const noDesc = await upload(ann, { patient: ann.personId, fdesc: '' });
    expect(noDesc.statusCode).toBe(400);
    const other = await newPatient(t);
    expect((await upload(other, { patient: ann.personId, fdesc: 'Not mine' })).statusCode).toBe(
      404,
    );
    expect(
      (await send(t, 'POST', '/api/get-patient-docs-date', ann.token, { fdate: '2024-13' }))
        .statusCode,
    ).toBe(400);
    expect((await list(ann)).documents).toHaveLength(1);

    // Removal: not by another account; by the owner, once; then it is gone.
    const token = current.documents[0]!.token;
    expect(
      (await send(t, 'POST', '/api/documents-remove', other.token, { token })).statusCode,
    ).toBe(404);
    expect((await send(t, 'POST', '/api/documents-remove', ann.token, { token })).statusCode).toBe(
      200,
    );
    expect((await list(ann)).documents).toEqual([]);
    expect((await open(ann, token)).statusCode).toBe(404);

    // The pharmacy upload list answers the family's (none filed yet).
    const pharmacy = await send(t, 'POST', '/api/get-patient-pharmacy-upload', ann.token, {});
    expect(pharmacy.statusCode).toBe(200);
    expect(pharmacy.json().documents).toEqual([]);
    // Unauthenticated: refused.
    expect(
      (await t.fastify.inject({ method: 'POST', url: '/api/get-patient-docs', payload: {} }))
        .statusCode,
    ).toBe(401);
    void get;
  });
});
