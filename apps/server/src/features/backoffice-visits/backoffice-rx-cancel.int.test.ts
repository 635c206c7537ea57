import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimedRxVisit } from '../../../test/claimed-rx-visit';
import {
  bearer,
  databaseKinds,
  demo,
  get,
  login,
  newPatient,
  ok,
  type Patient,
  type Payer,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { acuteAnswers, uploadRxId } from '../../../test/rx-fixtures';
import { accounts } from '../../db/schema/accounts';
import { auditLog, outbox } from '../../db/schema/platform';
import { prepayProgramEntries, prepayRedemptions } from '../../db/schema/prepay';
import { rxMessages, rxVisits } from '../../db/schema/rx';

/**
 * The back office cancels an Rx visit (domain backoffice/rx-cancel.rules): refunded in
 * full once of 8 cancels at once, or its prepaid visit given back once; a cancel racing the
 * prescriber's prescription, one wins; withdrawn from a pharmacy that has not claimed it, refused
 * once a pharmacy claimed it; the patient told in their language; audited. One app per database.
 */
describe.each(databaseKinds)('Back office: cancelling Rx visits on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let admin: string;
  let provider: string;
  const post = (token: string | null, url: string, body: object = {}, lang = 'en') =>
    t.fastify.inject({
      method: 'POST',
      url,
      headers: { ...(token ? bearer(token) : {}), 'x-app-params': `lang=${lang}` },
      payload: body,
    });
  const cancelUrl = (id: string) => `/api/admin/visits/${id}/cancel`;
  const visitOf = async (id: string) =>
    (await t.database.db.select().from(rxVisits).where(eq(rxVisits.id, id)))[0];
  const ledgerOf = async (token: string) =>
    (
      (await send(t, 'POST', '/api/transactionsGET', token)).json().transactions as {
        kind: string;
        amount: number;
      }[]
    ).map((e) => [e.kind, e.amount]);
  const cancelAudits = async (visitId: string) =>
    (
      await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'backoffice.visits.cancel'), eq(auditLog.outcome, 'success')),
        )
    ).filter((r) => (r.detail as { visitId?: string }).visitId === visitId);
  const messagesOf = async (visitId: string) =>
    (await t.database.db.select().from(rxMessages).where(eq(rxMessages.visitId, visitId))).map(
      (m) => m.text,
    );
  const textsTo = async (phone: string) =>
    (await outboxRows(t, and(eq(outbox.channel, 'sms'), eq(outbox.recipient, phone)))).map((r) =>
      JSON.stringify(r),
    );
  const version = async (id: string) => (await visitOf(id))?.version ?? 0;

  /** An FL patient's acute Rx visit with the ID on file, not yet paid. */
  async function unpaidVisit(patient?: Patient, route: { pharmacyId?: string } = {}) {
    const who = patient ?? (await newPatient(t));
    const payer = await readyToPay(t, who, { state: 'FL' });
    const submitted = await ok(
      'submit',
      await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
        patientID: payer.personId,
        productId: 'acute',
        answers: acuteAnswers,
        consents: [],
        state: 'FL',
        idempotencyKey: randomUUID(),
        ...route,
      }),
    );
    const visit = submitted.json().visit as { id: string; idPending: boolean };
    if (visit.idPending) await ok('id', await uploadRxId(t, payer.token, payer.personId));
    return { id: visit.id, payer, patient: who };
  }

  /** The same, paid by card: waiting in the prescribers' line. */
  async function paidVisit(
    patient?: Patient,
  ): Promise<{ id: string; payer: Payer; patient: Patient }> {
    const visit = await unpaidVisit(patient);
    const price = (
      await ok('price', await get(t, `/api/rx/visits/${visit.id}/price`, visit.payer.token))
    ).json();
    await ok(
      'pay',
      await send(t, 'POST', '/api/submit-rx-payment', visit.payer.token, {
        visitId: visit.id,
        priceToken: price.priceToken,
        payProfileID: visit.payer.payProfileID,
        idempotencyKey: randomUUID(),
      }),
    );
    return visit;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-admin-rx-cancel-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    [admin, provider] = await Promise.all([
      login(t, 'admin@apothecall.test'),
      login(t, demo.provider),
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('cancels a paid Rx visit once of 8 cancels, refunds it once and tells the patient', async () => {
    const { id, payer, patient } = await paidVisit();
    // The patient reads Spanish: the note and the text are in it.
    await t.database.db
      .update(accounts)
      .set({ language: 'es' })
      .where(eq(accounts.id, payer.accountId));
    const url = cancelUrl(id);
    const note = 'No prescriber is licensed in Florida this week.';
    // Who may: admin and support write; patient, provider and pharmacist 403; nobody 401.
    for (const who of [demo.patient, demo.provider, 'pharmacist@apothecall.test']) {
      const res = await post(await login(t, who), url, { note });
      expect(res.statusCode).toBe(403);
      expect(res.json().errorMsg).toBe('Your role may not use this part of the back office.');
    }
    expect((await post(null, url, { note })).statusCode).toBe(401);
    // Bad notes: 400 in the caller's language, nothing changed.
    const en = await post(admin, url, { note: 'no' });
    expect(en.statusCode).toBe(400);
    expect(en.json().errorMsg).toContain('Write a note for the patient (3 to 500 characters).');
    const es = await post(admin, url, { note: 'x'.repeat(501) }, 'es');
    expect(es.statusCode).toBe(400);
    expect(es.json().errorMsg).toContain(
      'Escriba una nota para el paciente (de 3 a 500 caracteres).',
    );
    expect((await visitOf(id))?.status).toBe('waiting');
    const charged = await ledgerOf(payer.token);
    expect(charged.map(([k]) => k)).toEqual(['charge']);
    const [, amount] = charged[0] ?? [];
    // The list offers Cancel on it.
    const listed = (
      await ok('list', await post(admin, '/api/admin/visits/list', { kind: 'rx', page: 1 }))
    ).json().visits as { id: string; cancellable: boolean }[];
    expect(listed.find((v) => v.id === id)?.cancellable).toBe(true);

    const answers = await Promise.all(Array.from({ length: 8 }, () => post(admin, url, { note })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(answers.find((a) => a.statusCode === 200)?.json()).toEqual({
      error: false,
      refunded: true,
      prepayReturned: false,
    });
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json().errorMsg).toMatch(
        /^(This visit is already over \(refund\): it cannot be cancelled\.|This visit changed meanwhile\. Please look at it again\.)$/,
      );
    }
    expect(await visitOf(id)).toMatchObject({ status: 'refund', completed: true });
    expect(await ledgerOf(payer.token)).toEqual([
      ['refund', amount],
      ['charge', amount],
    ]);
    expect(await cancelAudits(id)).toHaveLength(1);
    expect((await cancelAudits(id))[0]?.detail).toMatchObject({
      kind: 'rx',
      from: 'waiting',
      to: 'refund',
      refunded: true,
    });
    const told = `Nuestro equipo de soporte canceló su consulta y le devolvió todo el importe: ${note}`;
    expect(await messagesOf(id)).toEqual([told]);
    const texts = await textsTo(patient.phone);
    expect(texts.filter((b) => b.includes('Nuestro equipo de soporte'))).toHaveLength(1);
    // Gone from the prescribers' line; the list offers no more Cancel.
    const queue = (await ok('queue', await get(t, '/api/clinic/rx/queue', provider))).json();
    expect((queue.waiting as { id: string }[]).map((v) => v.id)).not.toContain(id);
    const after = (
      await ok('list', await post(admin, '/api/admin/visits/list', { kind: 'rx', page: 1 }))
    ).json().visits as { id: string; cancellable: boolean }[];
    expect(after.find((v) => v.id === id)?.cancellable).toBe(false);
    // The patient's own cancel afterwards pays nothing more.
    await send(t, 'POST', `/api/rx/visits/${id}/cancel`, payer.token);
    expect(await ledgerOf(payer.token)).toHaveLength(2);
  });

  it('a cancel racing the prescription: exactly one wins, the other is 409', async () => {
    const support = await login(t, 'support@apothecall.test');
    const { id, payer } = await paidVisit();
    await ok('claim', await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider));
    await ok(
      'end',
      await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider, {
        status: 'ended',
        version: await version(id),
      }),
    );
    const v = await version(id);
    const [prescribed, cancelled] = await Promise.all([
      send(t, 'POST', `/api/clinic/rx/${id}/prescribe`, provider, {
        version: v,
        prescriptions: [
          {
            medication: 'Mupirocin',
            strength: '2 %',
            quantity: 1,
            refills: 0,
            directions: 'Apply twice a day',
          },
        ],
      }),
      post(support, cancelUrl(id), { note: 'Closing this request for you.' }),
    ]);
    expect([prescribed.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const stored = await visitOf(id);
    const ledger = await ledgerOf(payer.token);
    if (cancelled.statusCode === 200) {
      expect(stored?.status).toBe('refund');
      expect(ledger.map(([k]) => k)).toEqual(['refund', 'charge']);
      expect(await cancelAudits(id)).toHaveLength(1);
      // No longer in the prescriber's own reviews.
      const queue = (await ok('queue', await get(t, '/api/clinic/rx/queue', provider))).json();
      expect((queue.mine as { id: string }[]).map((m) => m.id)).not.toContain(id);
    } else {
      expect(stored?.status).toBe('rxed');
      expect(ledger.map(([k]) => k)).toEqual(['charge']);
      expect(await cancelAudits(id)).toHaveLength(0);
      // Prescribed with no pharmacy: the patient has it, it cannot be cancelled any more.
      const again = await post(support, cancelUrl(id), { note: 'Closing this request.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().errorMsg).toBe(
        'The prescription was written and given to the patient: it cannot be cancelled.',
      );
    }
  });

  it('withdraws a prescription the pharmacy has not claimed; refuses once it has', async () => {
    const pharmacist = await login(t, 'pharmacist@apothecall.test');
    const open = await claimedRxVisit(t, pharmacist, { claim: false });
    const before = await visitOf(open.visitId);
    expect(before).toMatchObject({ status: 'rxed', pharmacyStatus: 'unclaimed' });
    const res = await ok(
      'cancel',
      await post(admin, cancelUrl(open.visitId), { note: 'Sent to the wrong pharmacy.' }),
    );
    expect(res.json()).toMatchObject({ refunded: true });
    expect(await visitOf(open.visitId)).toMatchObject({
      status: 'refund',
      pharmacyStatus: 'cancel',
    });
    // The pharmacy can no longer claim it.
    const claim = await send(t, 'POST', `/api/pharmacy/rx/${open.visitId}/claim`, pharmacist, {
      version: await version(open.visitId),
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().errorCode).toBe('PHARMACY_NOT_CLAIMABLE');
    expect((await visitOf(open.visitId))?.pharmacyStatus).toBe('cancel');

    const taken = await claimedRxVisit(t, pharmacist);
    const stored = await visitOf(taken.visitId);
    expect(stored?.pharmacyStatus).toBe('claimed');
    const en = await post(admin, cancelUrl(taken.visitId), { note: 'Please cancel it.' });
    expect(en.statusCode).toBe(409);
    expect(en.json().errorMsg).toBe(
      'A pharmacy has claimed this prescription (claimed): it cannot be cancelled here. Ask the pharmacy.',
    );
    const es = await post(admin, cancelUrl(taken.visitId), { note: 'Please cancel it.' }, 'es');
    expect(es.statusCode).toBe(409);
    expect(es.json().errorMsg).toBe(
      'Una farmacia ya tomó esta receta (claimed): no se puede cancelar aquí. Consulte a la farmacia.',
    );
    expect(await visitOf(taken.visitId)).toMatchObject({
      status: 'rxed',
      pharmacyStatus: 'claimed',
      version: stored?.version,
    });
    expect(await cancelAudits(taken.visitId)).toHaveLength(0);
    const listed = (
      await ok('list', await post(admin, '/api/admin/visits/list', { kind: 'rx', page: 1 }))
    ).json().visits as { id: string; cancellable: boolean }[];
    expect(listed.find((v) => v.id === taken.visitId)?.cancellable).toBe(false);
  });

  it('gives a prepaid visit back to the program once, of 8 cancels at once', async () => {
    const pharmacyAdmin = await login(t, 'pharmacy-admin@apothecall.test');
    const card = (await readyToPay(t, { token: pharmacyAdmin })).payProfileID;
    const program = (
      await ok(
        'buy',
        await send(t, 'POST', '/api/prepay-purchase', pharmacyAdmin, {
          visitCount: 3,
          name: `Program ${randomUUID().slice(0, 8)}`,
          payProfileID: card,
          idempotencyKey: randomUUID(),
        }),
      )
    ).json().program as { id: string };
    const code = (
      await ok(
        'token',
        await send(t, 'POST', '/api/prepay-nonce/add', pharmacyAdmin, { programId: program.id }),
      )
    ).json().token.code as string;
    const balance = async () =>
      (await ok('program', await get(t, `/api/prepay-program/${program.id}`, pharmacyAdmin))).json()
        .program.balance as number;
    const visit = await unpaidVisit(undefined, { pharmacyId: 'sunrise-pharmacy' });
    await ok(
      'pay',
      await send(t, 'POST', '/api/submit-rx-payment', visit.payer.token, {
        visitId: visit.id,
        priceToken: '',
        payProfileID: null,
        idempotencyKey: randomUUID(),
        prepayCode: code,
      }),
    );
    expect(await balance()).toBe(2);
    const note = 'Your pharmacy asked us to close this request.';
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(admin, cancelUrl(visit.id), { note })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(answers.find((a) => a.statusCode === 200)?.json()).toEqual({
      error: false,
      refunded: false,
      prepayReturned: true,
    });
    expect(await balance()).toBe(3);
    const [redemption] = await t.database.db
      .select()
      .from(prepayRedemptions)
      .where(eq(prepayRedemptions.visitRef, `rx:${visit.id}`));
    expect(redemption?.state).toBe('released');
    // The program's ledger: the visit taken, then given back once.
    const entries = await t.database.db
      .select({ kind: prepayProgramEntries.kind, visits: prepayProgramEntries.visits })
      .from(prepayProgramEntries)
      .where(eq(prepayProgramEntries.redemptionId, redemption?.id ?? ''));
    expect(entries.filter((e) => e.kind === 'release')).toEqual([{ kind: 'release', visits: 1 }]);
    expect(entries).toHaveLength(2);
    expect(await ledgerOf(visit.payer.token)).toEqual([]);
    expect(await messagesOf(visit.id)).toEqual([
      `Your visit was cancelled by our support team and your prepaid visit was given back: ${note}`,
    ]);
    expect(await cancelAudits(visit.id)).toHaveLength(1);
  });
});
