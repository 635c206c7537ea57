import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { translate } from '@apothecall/domain/i18n/catalog';
import { and, eq, like } from 'drizzle-orm';
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
import { acuteAnswers } from '../../../test/rx-fixtures';
import { accounts } from '../../db/schema/accounts';
import { ledger, prepayAccounts, prepayEntries } from '../../db/schema/payments';
import { outbox } from '../../db/schema/platform';
import { rxVisits } from '../../db/schema/rx';

const admin = 'pharmacy-admin@apothecall.test';
const sunrise = 'sunrise-pharmacy';
const fee = 500;

type Res = Awaited<ReturnType<TestApp['fastify']['inject']>>;

/**
 * A pharmacy's fee account: funds added by the admin's card once per key
 * (2 and 8 at once), the claim refused when the balance is short and let through after a
 * top-up, the statement of fees and top-ups, and the low-balance e-mail once per crossing.
 */
describe.each(databaseKinds)('Pharmacy fee account on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let provider: string;
  let adminToken: string;
  let adminCard: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-fees-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir, PUBLIC_URL: 'https://app.example.test' });
    provider = await login(t, demo.provider);
    adminToken = await login(t, admin);
    adminCard = (await readyToPay(t, { token: adminToken })).payProfileID;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const json = (res: Res) => res.json();

  async function prescribed(): Promise<string> {
    const patient = await newPatient(t);
    const payer = await readyToPay(t, patient, { state: 'FL' });
    const submitted = await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId: 'acute',
      answers: acuteAnswers,
      consents: [],
      state: payer.state,
      idempotencyKey: randomUUID(),
      pharmacyId: sunrise,
    });
    expect(submitted.statusCode).toBe(200);
    const visit = json(submitted).visit;
    if (visit.idPending) {
      const form = new FormData();
      form.append('patientID', payer.personId);
      const photo = new Uint8Array(await jpegWithGps());
      form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      const request = new Request('http://localhost/upload', { method: 'POST', body: form });
      const uploaded = await t.fastify.inject({
        method: 'POST',
        url: '/api/rx/id',
        headers: {
          ...bearer(payer.token),
          'content-type': request.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(uploaded.statusCode).toBe(200);
    }
    const price = json(await get(t, `/api/rx/visits/${visit.id}/price`, payer.token));
    const paid = await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId: visit.id,
      priceToken: price.priceToken,
      payProfileID: payer.payProfileID,
      idempotencyKey: randomUUID(),
    });
    expect(paid.statusCode).toBe(200);
    const reviewOf = async () =>
      json(await get(t, `/api/clinic/rx/${visit.id}`, provider)).review.visit.version;
    expect((await send(t, 'POST', `/api/clinic/rx/${visit.id}/claim`, provider)).statusCode).toBe(
      200,
    );
    const ended = await send(t, 'POST', `/api/clinic/rx/${visit.id}/status`, provider, {
      status: 'ended',
      version: await reviewOf(),
    });
    expect(ended.statusCode).toBe(200);
    const written = await send(t, 'POST', `/api/clinic/rx/${visit.id}/prescribe`, provider, {
      version: await reviewOf(),
      prescriptions: [
        {
          medication: 'Mupirocin',
          strength: '2 %',
          quantity: 1,
          refills: 0,
          directions: 'Apply twice a day',
        },
      ],
    });
    expect(written.statusCode).toBe(200);
    return visit.id;
  }

  const versionOf = async (id: string) =>
    (
      await t.database.db.select({ v: rxVisits.version }).from(rxVisits).where(eq(rxVisits.id, id))
    )[0]?.v ?? 0;
  const claim = async (id: string) =>
    send(t, 'POST', `/api/pharmacy/rx/${id}/claim`, adminToken, { version: await versionOf(id) });
  const balance = async () =>
    (
      await t.database.db
        .select({ b: prepayAccounts.balanceCents })
        .from(prepayAccounts)
        .where(eq(prepayAccounts.id, sunrise))
    )[0]?.b ?? 0;
  const setBalance = async (cents: number) =>
    t.database.db
      .update(prepayAccounts)
      .set({ balanceCents: cents })
      .where(eq(prepayAccounts.id, sunrise));
  const addFunds = (amount: number, idempotencyKey: string) =>
    send(t, 'POST', '/api/pharmacy/funds', adminToken, {
      amount,
      payProfileID: adminCard,
      idempotencyKey,
    });

  it.each([2, 8])('adds funds by card once per key when %i top-ups race', async (n) => {
    const before = await balance();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: n }, () => addFunds(75, key)));
    // One is answered at once; others are answered too, or told the first is still at work.
    for (const res of answers) {
      if (res.statusCode !== 200) expect(json(res)).toMatchObject({ errorCode: 'IN_PROGRESS' });
    }
    expect(answers.map((a) => a.statusCode)).toContain(200);
    const again = await addFunds(75, key);
    expect(again.statusCode).toBe(200);
    expect(await balance()).toBe(before + 7500);
    const charges = await t.database.db
      .select({ id: ledger.id, amount: ledger.amountCents })
      .from(ledger)
      .where(like(ledger.idempotencyKey, `%${key}%`));
    expect(charges.map((c) => c.amount)).toEqual([7500]);
    const credits = await t.database.db
      .select({ amount: prepayEntries.amountCents, related: prepayEntries.relatedId })
      .from(prepayEntries)
      .where(and(eq(prepayEntries.prepayAccountId, sunrise), eq(prepayEntries.kind, 'topUp')));
    expect(credits.filter((c) => c.related === charges[0]?.id)).toEqual([
      { amount: 7500, related: charges[0]?.id },
    ]);
  });

  it('refuses amounts out of range, and anyone but the pharmacy admin', async () => {
    expect((await addFunds(49, randomUUID())).statusCode).toBe(400);
    expect((await addFunds(5001, randomUUID())).statusCode).toBe(400);
    const patient = await newPatient(t);
    const res = await send(t, 'POST', '/api/pharmacy/funds', patient.token, {
      amount: 50,
      payProfileID: null,
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(403);
    expect((await get(t, '/api/pharmacy/statement', patient.token)).statusCode).toBe(403);
  });

  it('refuses a claim the spent balance cannot pay, saying how to add funds; a top-up lets the next claim through; the statement lists both', async () => {
    const id = await prescribed();
    await setBalance(fee - 1);
    const refused = await claim(id);
    expect(refused.statusCode).toBe(402);
    expect(json(refused)).toMatchObject({
      errorCode: 'PHARMACY_LOW_BALANCE',
      errorMsg: translate('en', 'pharmacy.lowBalance', { fee: '$5.00' }),
    });
    expect(json(refused).errorMsg).toContain('Add funds');
    // No card named: the admin's card on file pays.
    const topUp = await send(t, 'POST', '/api/pharmacy/funds', adminToken, {
      amount: 50,
      payProfileID: null,
      idempotencyKey: randomUUID(),
    });
    expect(topUp.statusCode).toBe(200);
    expect(await balance()).toBe(fee - 1 + 5000);
    expect((await claim(id)).statusCode).toBe(200);
    expect(await balance()).toBe(5000 - 1);

    const statement = json(await get(t, '/api/pharmacy/statement', adminToken));
    expect(statement).toMatchObject({ balance: 4999, claimFee: fee, lowBalanceAt: 5 * fee });
    const [claimed, added] = statement.entries;
    expect(claimed).toMatchObject({
      kind: 'claimFee',
      amount: -fee,
      visitId: id,
      chargeId: null,
      balanceAfter: 4999,
    });
    expect(added).toMatchObject({ kind: 'topUp', amount: 5000, visitId: null, balanceAfter: 5499 });
    expect(added.chargeId).toMatch(/^[0-9a-f-]{36}$/);
    for (const entry of [claimed, added]) {
      expect(Number.isNaN(Date.parse(entry.at))).toBe(false);
    }
  });

  it('e-mails the admin once, in their language, when a fee takes the balance under five fees', async () => {
    const ids = [await prescribed(), await prescribed(), await prescribed()];
    await t.database.db.update(accounts).set({ language: 'es' }).where(eq(accounts.loginId, admin));
    const subject = translate('es', 'pharmacy.mail.lowBalance.subject', {
      pharmacy: 'Sunrise Pharmacy',
    });
    const lowMails = async () =>
      (await outboxRows(t, eq(outbox.recipient, admin))).filter((m) => m.subject === subject);
    const already = (await lowMails()).length;
    await setBalance(6 * fee);
    for (const id of ids) expect((await claim(id)).statusCode).toBe(200);
    expect(await balance()).toBe(3 * fee);
    const mails = await lowMails();
    expect(mails.length).toBe(already + 1);
    expect(mails.at(-1)?.subject).toBe(subject);
  });
});
