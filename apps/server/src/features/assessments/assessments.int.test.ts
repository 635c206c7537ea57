import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { jpegWithGps } from '../../../test/image-fixtures';
import { outboxRows } from '../../../test/outbox';
import { invitedPharmacist, sunriseAdmin } from '../../../test/pharmacists';
import { accounts, persons } from '../../db/schema/accounts';
import { pharmacyAssessments } from '../../db/schema/assessments';
import { auditLog, outbox } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

const sunrisePharmacist = 'pharmacist@apothecall.test';
const loneStarPharmacist = 'lonestar-pharmacist@apothecall.test';
const publicUrl = 'https://app.example.test';

/** A UTI intake for `email` in `state` (what the pharmacist's form sends). */
function uti(email: string, state = 'FL', language = 'en') {
  return {
    form: 'uti',
    patient: {
      firstName: 'Ana',
      lastName: 'Lopez',
      email,
      dob: '04-12-1990',
      gender: 'F',
      phone: '305-555-0101',
      state,
      language,
    },
    symptoms: ['dysuria', 'frequency'],
    onsetDays: 2,
    history: {
      pregnantOrBreastfeeding: false,
      allergies: 'Sulfa drugs',
      medications: '',
      recentAntibiotics: false,
      recurrentInfections: true,
      conditions: ['diabetes'],
    },
    tests: { flu: 'notDone', covid: 'negative', strep: 'notDone', urineDipstick: 'leukocytes' },
    comments: 'Burning for two days.',
  };
}

/** What the patient adds in the flow to the answers the intake holds (acute treatment). */
const addedAnswers = {
  conditions: ['none'],
  medications: 'none',
  weightLbs: '150',
  heightIn: '65',
};

/**
 * The pharmacy's in-store assessment through the whole app: a verified pharmacy's
 * UTI intake in FL e-mails the patient a link (never the symptoms or results); NY and the other
 * listed states, a state the pharmacy does not take and an unverified pharmacy are refused with
 * nothing stored or sent; the patient's account is matched by e-mail or made (its password then
 * chosen with the same link); the link is single-use and expires; it continues into one Rx visit
 * with the intake, the pharmacy and the assessment id; the intake is filed as the patient's
 * pharmacy document; another pharmacy's assessment and another account's document are 404.
 */
describe.each(databaseKinds)('In-store assessments on %s', (kind) => {
  let t: TestApp;
  let pharmacist: string;
  let loneStar: string;
  let provider: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { PUBLIC_URL: publicUrl });
    [pharmacist, loneStar, provider] = await Promise.all([
      login(t, sunrisePharmacist),
      login(t, loneStarPharmacist),
      login(t, demo.provider),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (email: string) => outboxRows(t, eq(outbox.recipient, email.toLowerCase()));
  const codeOf = (body: string) => /#\/instore\?code=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
  const counts = async () => {
    const [a] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pharmacyAssessments);
    const [b] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    const [c] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    return { assessments: a?.n, accounts: b?.n, mails: c?.n };
  };
  const newEmail = () => `walkin-${randomUUID().slice(0, 8)}@example.test`;

  /** Submits an assessment for a new e-mail; answers the e-mailed code. */
  async function submitted(email = newEmail(), state = 'FL') {
    const res = await send(t, 'POST', '/api/pharmacy/assessments', pharmacist, uti(email, state));
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.body?.includes('#/instore?code='));
    return { assessment: res.json().assessment, email, code: codeOf(mail?.body ?? ''), mail };
  }

  it('e-mails a FL patient the link, with the pharmacy named and no symptom or result', async () => {
    const { assessment, email, code, mail } = await submitted();
    expect(assessment).toMatchObject({
      form: 'uti',
      state: 'FL',
      patientName: 'Ana Lopez',
      status: 'sent',
      accountCreated: true,
      rxVisitId: null,
    });
    expect(assessment.intake.tests.urineDipstick).toBe('leukocytes');
    expect(new Date(assessment.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(mail?.subject).toBe('Continue your consultation with Sunrise Pharmacy');
    expect(mail?.body).toContain(`${publicUrl}/#/instore?code=${code}`);
    expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    for (const secret of [
      'urinat',
      'Urinary',
      'dysuria',
      'leukocyte',
      'Sulfa',
      'Burning',
      'COVID',
    ]) {
      expect(mail?.body?.toLowerCase()).not.toContain(secret.toLowerCase());
      expect((mail?.subject ?? '').toLowerCase()).not.toContain(secret.toLowerCase());
    }
    // The code is stored only as its hash.
    const [row] = await t.database.db
      .select()
      .from(pharmacyAssessments)
      .where(eq(pharmacyAssessments.id, assessment.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    // A new patient account, with the holder's details.
    const [account] = await t.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.loginId, email));
    expect(account?.role).toBe('patient');
    expect(row?.accountId).toBe(account?.id);
    // The phone typed as 305-555-0101, kept in E.164 for the account and the intake.
    const [holder] = await t.database.db
      .select()
      .from(persons)
      .where(eq(persons.id, account?.id ?? ''));
    expect(holder?.phone).toBe('+13055550101');
    expect((row?.intake as { patient: { phone: string } } | undefined)?.patient.phone).toBe(
      '+13055550101',
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.submit'), eq(auditLog.outcome, 'success')));
    expect(audited.some((a) => a.subjectAccountId === account?.id)).toBe(true);
  });

  it('refuses NY (and the other listed states) in the caller language; nothing stored or sent', async () => {
    const before = await counts();
    const email = newEmail();
    const refused = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      pharmacist,
      uti(email, 'NY'),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'ASSESSMENT_STATE_UNAVAILABLE',
      errorMsg: 'In-store assessments are not available for patients in NY.',
    });
    const es = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/assessments',
      headers: { authorization: `Bearer ${pharmacist}`, 'x-app-params': 'lang=es' },
      payload: uti(email, 'WA'),
    });
    expect(es.json().errorMsg).toBe(
      'Las evaluaciones en la farmacia no están disponibles para pacientes en WA.',
    );
    expect(await counts()).toEqual(before);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a state the pharmacy takes no visits from, an unverified pharmacy and a patient', async () => {
    const before = await counts();
    const email = newEmail();
    const notServed = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      pharmacist,
      uti(email, 'TX'),
    );
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().errorCode).toBe('PHARMACY_NOT_AVAILABLE');
    const unverified = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      loneStar,
      uti(email, 'TX'),
    );
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().errorCode).toBe('PHARMACY_UNVERIFIED');
    const patient = await newPatient(t);
    const notStaff = await send(t, 'POST', '/api/pharmacy/assessments', patient.token, uti(email));
    expect(notStaff.statusCode).toBe(403);
    const after = await counts();
    expect(after.assessments).toBe(before.assessments);
    // The patient registered above is the only new account, and got only their welcome mail.
    expect(after.accounts).toBe((before.accounts ?? 0) + 1);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('names each bad field in the caller language and stores nothing', async () => {
    const before = await counts();
    const bad = await send(t, 'POST', '/api/pharmacy/assessments', pharmacist, {
      ...uti(newEmail()),
      symptoms: ['soreThroat'],
      onsetDays: -2,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('VALIDATION');
    expect(bad.json().errorMsg).toContain('Symptoms: choose at least one symptom from the list.');
    expect(bad.json().errorMsg).toContain('Onset: enter the number of days');
    const minor = await send(t, 'POST', '/api/pharmacy/assessments', pharmacist, {
      ...uti(newEmail()),
      patient: { ...uti('x@example.test').patient, email: newEmail(), dob: '01-01-2015' },
    });
    expect(minor.statusCode).toBe(400);
    // Seven digits (the form's check) but no area code: no number texts or calls can reach.
    const noNumber = await send(t, 'POST', '/api/pharmacy/assessments', pharmacist, {
      ...uti(newEmail()),
      patient: { ...uti('x@example.test').patient, email: newEmail(), phone: '555-0101' },
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().errorMsg).toContain('The phone number is not a valid number');
    expect(await counts()).toEqual(before);
  });

  it("writes the e-mail in the patient's language from the form, not the pharmacist's screen language (issue 36, finding 17)", async () => {
    // The pharmacist's screen speaks English; the patient asked for Spanish in the store.
    const email = newEmail();
    const res = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      pharmacist,
      uti(email, 'FL', 'es'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Continúe su consulta con Sunrise Pharmacy');
    expect(mail?.body).toMatch(/^Hola:\n\nSunrise Pharmacy inició una consulta de telemedicina/);
    const [made] = await t.database.db
      .select({ language: accounts.language })
      .from(accounts)
      .where(eq(accounts.loginId, email));
    expect(made?.language).toBe('es');
    // And the other way round: a Spanish screen, an English-speaking patient.
    const other = newEmail();
    const en = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/assessments',
      headers: { authorization: `Bearer ${pharmacist}`, 'x-app-params': 'lang=es' },
      payload: uti(other, 'FL', 'en'),
    });
    expect(en.statusCode, en.body).toBe(200);
    expect((await mailsTo(other))[0]?.subject).toBe(
      'Continue your consultation with Sunrise Pharmacy',
    );
  });

  it("refuses a missing or unknown patient's language in the caller language; nothing stored or sent", async () => {
    const before = await counts();
    const email = newEmail();
    const { language: _dropped, ...noLanguage } = uti(email).patient;
    const missing = await send(t, 'POST', '/api/pharmacy/assessments', pharmacist, {
      ...uti(email),
      patient: noLanguage,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('VALIDATION');
    expect(missing.json().errorMsg).toContain("The patient's language: choose English or Spanish.");
    const unknown = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/assessments',
      headers: { authorization: `Bearer ${pharmacist}`, 'x-app-params': 'lang=es' },
      payload: uti(email, 'FL', 'fr'),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorMsg).toContain('Idioma del paciente: elija inglés o español.');
    expect(await counts()).toEqual(before);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('matches an existing patient by e-mail: no new account, and the link does not set a password', async () => {
    const patient = await newPatient(t);
    const before = await counts();
    const { assessment, code } = await submitted(patient.loginId.toUpperCase());
    expect(assessment.accountCreated).toBe(false);
    expect((await counts()).accounts).toBe(before.accounts);
    const check = await t.fastify.inject({
      method: 'POST',
      url: '/api/instore/check',
      payload: { code },
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().instore).toEqual({
      form: 'uti',
      pharmacyName: 'Sunrise Pharmacy',
      loginId: patient.loginId,
      needsPassword: false,
    });
    const stolen = await t.fastify.inject({
      method: 'POST',
      url: '/api/resetpw/savepw',
      payload: { resetCode: code, password: 'Another-Pass-42' },
    });
    expect(stolen.statusCode).toBe(400);
    // A staff login's e-mail is refused, nothing sent.
    const staff = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      pharmacist,
      uti('pharmacy-admin@apothecall.test'),
    );
    expect(staff.statusCode).toBe(409);
    expect(staff.json().errorCode).toBe('ASSESSMENT_EMAIL_UNAVAILABLE');
  });

  it('continues a made account: password from the link, then one Rx visit with the intake and the pharmacy', async () => {
    const { assessment, email, code } = await submitted();
    const check = await t.fastify.inject({
      method: 'POST',
      url: '/api/instore/check',
      payload: { code },
    });
    expect(check.json().instore).toMatchObject({ loginId: email, needsPassword: true });
    const password = 'Walkin-Pass-42';
    const saved = await t.fastify.inject({
      method: 'POST',
      url: '/api/resetpw/savepw',
      payload: { resetCode: code, password },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.fastify.inject({
      method: 'POST',
      url: '/api/instore/check',
      payload: { code },
    });
    expect(again.json().instore.needsPassword).toBe(false);
    const token = await login(t, email, password);

    // Another account cannot use the link.
    const stranger = await newPatient(t);
    const foreign = await send(t, 'POST', '/api/instore/start', stranger.token, { code });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('ASSESSMENT_CODE_INVALID');

    const start = await send(t, 'POST', '/api/instore/start', token, { code });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json().start).toMatchObject({
      form: 'uti',
      productId: 'acute',
      pharmacy: { id: 'sunrise-pharmacy', name: 'Sunrise Pharmacy' },
      state: 'FL',
      answers: {
        acuteProblem: 'Urinary tract infection (in-store assessment by Sunrise Pharmacy)',
        acuteDuration: 'days',
        allergies: 'Sulfa drugs',
      },
    });

    const payer = await readyToPay(t, token, { state: 'FL' });
    const evaluation = {
      patientID: payer.personId,
      productId: 'acute',
      answers: addedAnswers,
      consents: [],
      state: 'FL',
      assessmentCode: code,
    };
    const wrong = await send(t, 'POST', '/api/submit-rx-evaluation', token, {
      ...evaluation,
      productId: 'chronic',
      idempotencyKey: randomUUID(),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errorCode).toBe('ASSESSMENT_MISMATCH');

    const created = await send(t, 'POST', '/api/submit-rx-evaluation', token, {
      ...evaluation,
      idempotencyKey: randomUUID(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const visit = created.json().visit;
    expect(visit.pharmacy).toEqual({ id: 'sunrise-pharmacy', name: 'Sunrise Pharmacy' });
    expect(visit.assessment).toMatchObject({
      id: assessment.id,
      pharmacy: { id: 'sunrise-pharmacy', name: 'Sunrise Pharmacy' },
      intake: {
        form: 'uti',
        symptoms: ['dysuria', 'frequency'],
        tests: { covid: 'negative', urineDipstick: 'leukocytes' },
        comments: 'Burning for two days.',
      },
    });
    const [stored] = await t.database.db.select().from(rxVisits).where(eq(rxVisits.id, visit.id));
    expect(stored?.assessmentId).toBe(assessment.id);
    expect(stored?.pharmacyId).toBe('sunrise-pharmacy');
    const storedAnswers = (stored?.evaluation ?? {}) as { answers?: Record<string, string> };
    expect(storedAnswers.answers?.acuteProblem).toBe(
      'Urinary tract infection (in-store assessment by Sunrise Pharmacy)',
    );
    const own = await get(t, `/api/pharmacy/assessments/${assessment.id}`, pharmacist);
    expect(own.json().assessment).toMatchObject({ status: 'continued', rxVisitId: visit.id });

    // Single use: the link is spent.
    const twice = await send(t, 'POST', '/api/submit-rx-evaluation', token, {
      ...evaluation,
      idempotencyKey: randomUUID(),
    });
    expect(twice.statusCode).toBe(410);
    expect(twice.json()).toMatchObject({
      errorCode: 'ASSESSMENT_CODE_USED',
      errorMsg:
        'This link was already used to continue the consultation. Sign in to see your visit.',
    });
    const used = await t.fastify.inject({
      method: 'POST',
      url: '/api/instore/check',
      payload: { code },
    });
    expect(used.statusCode).toBe(410);

    // Paid and prescribed, it reaches the pharmacy's dashboard with the intake and attribution.
    const price = (await get(t, `/api/rx/visits/${visit.id}/price`, token)).json();
    const paid = await send(t, 'POST', '/api/submit-rx-payment', token, {
      visitId: visit.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // The ID photo the visit waits for (a new account has none on file).
    if (visit.idPending) {
      const form = new FormData();
      form.append('patientID', payer.personId);
      const photo = new Uint8Array(await jpegWithGps());
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const multipart = new Request('http://localhost/upload', { method: 'POST', body: form });
      const uploaded = await t.fastify.inject({
        method: 'POST',
        url: '/api/rx/id',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': multipart.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await multipart.arrayBuffer()),
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
    }
    const review = async () => (await get(t, `/api/clinic/rx/${visit.id}`, provider)).json().review;
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      200,
    );
    expect((await review()).visit.assessment.intake.symptoms).toEqual(['dysuria', 'frequency']);
    const ended = await send(t, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
      status: 'ended',
      version: (await review()).visit.version,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const written = await send(t, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
      version: (await review()).visit.version,
      prescriptions: [
        {
          medication: 'Nitrofurantoin',
          strength: '100 mg',
          quantity: 10,
          refills: 0,
          directions: 'Twice a day for 5 days',
        },
      ],
    });
    expect(written.statusCode, written.body).toBe(200);
    const detail = await get(t, `/api/pharmacy/rx/${visit.id}`, pharmacist);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().visit).toMatchObject({
      assessmentId: assessment.id,
      assessment: {
        pharmacy: { name: 'Sunrise Pharmacy' },
        intake: { form: 'uti', history: { allergies: 'Sulfa drugs', conditions: ['diabetes'] } },
      },
    });
    const list = await send(t, 'POST', '/api/pharmacy/rx/search', pharmacist, { tab: 'all' });
    const row = list.json().visits.find((v: { id: string }) => v.id === visit.id);
    expect(row?.assessmentId).toBe(assessment.id);

    // The intake is the patient's pharmacy document; another account cannot open it.
    const filed = await send(t, 'POST', '/api/get-patient-pharmacy-upload', token);
    expect(filed.statusCode, filed.body).toBe(200);
    const doc = filed.json().documents.find((d: { source: string }) => d.source === 'assessment');
    expect(doc).toMatchObject({
      fdesc: 'In-store assessment by Sunrise Pharmacy',
      filer: 'Sunrise Pharmacy',
      ftype: 'application/pdf',
      patientName: 'Ana Lopez',
    });
    const opened = await send(t, 'POST', '/api/get-doc-data', token, { token: doc.token });
    expect(opened.statusCode).toBe(200);
    expect(Buffer.from(opened.json().data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const strangerRead = await send(t, 'POST', '/api/get-doc-data', stranger.token, {
      token: doc.token,
    });
    expect(strangerRead.statusCode).toBe(404);
    const strangerList = await send(t, 'POST', '/api/get-patient-pharmacy-upload', stranger.token);
    expect(strangerList.json().documents).toEqual([]);
  });

  it('answers another pharmacy 404 for an assessment, and lists only its own', async () => {
    const { assessment } = await submitted();
    const foreign = await get(t, `/api/pharmacy/assessments/${assessment.id}`, loneStar);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorMsg).toBe('Assessment not found.');
    const theirs = await get(t, '/api/pharmacy/assessments', loneStar);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().assessments).toEqual([]);
    const ours = await get(t, '/api/pharmacy/assessments', pharmacist);
    expect(ours.json().assessments.map((a: { id: string }) => a.id)).toContain(assessment.id);
    const denied = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.read'), eq(auditLog.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
  });

  it("limits a GA-only pharmacist to GA assessments; the admin sees both states'", async () => {
    const admin = await login(t, sunriseAdmin);
    const georgia = await invitedPharmacist(t, admin, ['GA']);
    const fl = (await submitted(newEmail(), 'FL')).assessment;
    const ga = (await submitted(newEmail(), 'GA')).assessment;
    const ids = async (token: string) =>
      (await get(t, '/api/pharmacy/assessments', token))
        .json()
        .assessments.map((a: { id: string }) => a.id);

    const listed = await ids(georgia.token);
    expect(listed).toContain(ga.id);
    expect(listed).not.toContain(fl.id);
    const states = (await get(t, '/api/pharmacy/assessments', georgia.token))
      .json()
      .assessments.map((a: { state: string }) => a.state);
    expect(new Set(states)).toEqual(new Set(['GA']));
    expect((await get(t, `/api/pharmacy/assessments/${ga.id}`, georgia.token)).statusCode).toBe(
      200,
    );
    // Florida's is not found, exactly like another pharmacy's, and the denial is audited.
    const deniedBefore = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.read'), eq(auditLog.outcome, 'denied')));
    const hidden = await get(t, `/api/pharmacy/assessments/${fl.id}`, georgia.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({
      errorCode: 'NOT_FOUND',
      errorMsg: 'Assessment not found.',
    });
    const deniedAfter = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'assessment.read'), eq(auditLog.outcome, 'denied')));
    expect(deniedAfter.length - deniedBefore.length).toBe(1);
    expect(deniedAfter.some((row) => JSON.stringify(row.detail).includes(fl.id))).toBe(true);

    // Nor may they submit one for Florida: refused in their language, nothing stored or sent.
    const before = await counts();
    const refused = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      georgia.token,
      uti(newEmail(), 'FL'),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'ASSESSMENT_STATE_NOT_GRANTED',
      errorMsg: "Your access does not include patients in FL. Ask your pharmacy's administrator.",
    });
    const spanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/pharmacy/assessments',
      headers: { ...bearer(georgia.token), 'x-app-params': 'lang=es' },
      payload: uti(newEmail(), 'FL'),
    });
    expect(spanish.json().errorMsg).toBe(
      'Su acceso no incluye pacientes en FL. Consulte al administrador de su farmacia.',
    );
    expect(await counts()).toEqual(before);
    const own = await send(
      t,
      'POST',
      '/api/pharmacy/assessments',
      georgia.token,
      uti(newEmail(), 'GA'),
    );
    expect(own.statusCode, own.body).toBe(200);

    // The admin (no grant) sees both.
    const all = await ids(admin);
    expect(all).toEqual(expect.arrayContaining([fl.id, ga.id, own.json().assessment.id]));
    expect((await get(t, `/api/pharmacy/assessments/${fl.id}`, admin)).statusCode).toBe(200);
  });

  it('expires the link after 7 days, and an unknown code is not found', async () => {
    const { code } = await submitted();
    const unknown = await t.fastify.inject({
      method: 'POST',
      url: '/api/instore/check',
      payload: { code: 'A'.repeat(32) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorMsg).toBe(
      'This link is not valid. Open the whole link from the e-mail your pharmacy sent.',
    );
    t.advance(8 * 86_400_000);
    try {
      const expired = await t.fastify.inject({
        method: 'POST',
        url: '/api/instore/check',
        payload: { code },
      });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({
        errorCode: 'ASSESSMENT_CODE_EXPIRED',
        errorMsg: 'This link has expired. Ask your pharmacy to send you a new assessment.',
      });
    } finally {
      t.advance(-8 * 86_400_000);
    }
  });
});
