import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  login,
  newPatient,
  registration,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { sandboxGateway } from '../../db/schema/platform';
import { createLedgerRepo } from './ledger.repo';

const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const card = (ccNumber: string) => ({
  cardHolderName: 'Maria Rivera',
  ccNumber,
  cvv: '123',
  expiration: future,
  cardZip: '33132',
});

/**
 * Payments through the app: cards on file, prices and coupons, idempotent charges, credit,
 * refunds, receipts, referrals. One app per database; every test's patients are its own (new
 * registrations), so no test leans on another's cards, charges or coupons.
 */
describe.each(databaseKinds)('payments on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A new patient's session token. */
  const patient = async () => (await newPatient(t)).token;

  const get = (url: string, token: string) =>
    t.fastify.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) =>
    t.fastify.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function addCard(token: string, number: string) {
    const current = (await get('/api/account/payments/profiles', token)).json();
    return post('/api/account/payments/profiles', token, {
      profileID: current.payProfileID,
      signature: current.payProfileSignature,
      card: card(number),
    });
  }

  async function price(token: string, path = 'default') {
    return (await get(`/api/account/pricing/${path}`, token)).json() as {
      price: number;
      priceToken: string;
    };
  }

  async function gatewayCharges() {
    const rows = await t.database.db.select().from(sandboxGateway);
    return rows.filter((r) => r.kind === 'transaction' && r.status !== 'refund');
  }

  it('adds an approving card and keeps only brand, last four and expiry', async () => {
    const maria = await patient();
    const res = await addCard(maria, '4111 1111 1111 1111');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payProfileID).toMatch(/^cus_/);
    expect(body.payProfiles).toEqual([
      {
        card: {
          profileID: expect.stringMatching(/^pp_/),
          cardType: 'visa',
          last4: '1111',
          expiration: future,
          paymentProfileValid: true,
        },
      },
    ]);
  });

  it("answers a declined card, an AVS mismatch and a bad number with the spec's messages", async () => {
    const maria = await patient();
    expect((await addCard(maria, '4111111111111111')).statusCode).toBe(200);
    const declined = await addCard(maria, '4000000000000002');
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      errorCode: 'CARD_DECLINED',
      errorMsg: 'Declined: This transaction has been declined.',
    });
    const avs = await addCard(maria, '4000000000000010');
    expect(avs.json().errorCode).toBe('CARD_AVS_MISMATCH');
    expect(avs.json().errorMsg).toMatch(
      /AVS mismatch.*does not match billing address of cardholder/,
    );
    const luhn = await addCard(maria, '4111111111111112');
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errorMsg).toContain('Payment information is not valid.');
    expect((await get('/api/account/payments/profiles', maria)).json().payProfiles).toHaveLength(1);
  });

  it('refuses the same card twice with a clear message, in either language, and keeps one', async () => {
    const maria = await patient();
    expect((await addCard(maria, '4111 1111 1111 1111')).statusCode).toBe(200);
    const again = await addCard(maria, '4111111111111111');
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { error: true, errorCode: 'CARD_ON_FILE', errorMsg: 'This card is already saved.' },
    });
    const current = (await get('/api/account/payments/profiles', maria)).json();
    const inSpanish = await t.fastify.inject({
      method: 'POST',
      url: '/api/account/payments/profiles',
      headers: { ...bearer(maria), 'x-app-params': 'lang=es' },
      payload: {
        profileID: current.payProfileID,
        signature: current.payProfileSignature,
        card: card('4111111111111111'),
      },
    });
    expect(inSpanish.json().errorMsg).toBe('Esta tarjeta ya está guardada.');
    expect((await get('/api/account/payments/profiles', maria)).json().payProfiles).toHaveLength(1);
    // Another card (other number) is still welcome.
    expect((await addCard(maria, '5555 5555 5555 4444')).statusCode).toBe(200);
    expect((await get('/api/account/payments/profiles', maria)).json().payProfiles).toHaveLength(2);
  });

  it('prices by default, referral and coupon, and refuses an expired coupon', async () => {
    const maria = await patient();
    expect((await price(maria)).price).toBe(4900);
    expect((await price(maria, 'FRIEND10')).price).toBe(3900);
    const save = await post('/api/verify-coupon', maria, { coupon: 'save20' });
    expect(save.json()).toMatchObject({
      price: 2900,
      data: { title: '$20 off', clearReferralCode: true },
    });
    const expired = await post('/api/redeem-coupon', maria, { coupon: 'EXPIRED10' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      errorCode: 'COUPON_INVALID',
      errorMsg: 'Coupon code cannot be used.',
    });
    const free = await post('/api/redeem-coupon', maria, { coupon: 'FREEVISIT' });
    expect(free.json().price).toBe(0);
    expect(
      (await post('/api/get-coupons', maria, {}))
        .json()
        .coupons.map((c: { code: string }) => c.code),
    ).toEqual(['FREEVISIT']);
  });

  it('stops an account guessing coupon and referral codes after 10 wrong ones, right codes included', async () => {
    const guesser = await patient();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/verify-coupon', guesser, { coupon: `SAVE${i}` })).statusCode).toBe(
        400,
      );
      expect((await get(`/api/account/pricing/FRIEND${i}`, guesser)).statusCode).toBe(404);
    }
    const stopped = await post('/api/verify-coupon', guesser, { coupon: 'SAVE20' });
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json()).toMatchObject({
      errorCode: 'RATE_LIMITED',
      errorMsg: 'Too many codes that do not exist were tried. Please try again in 60 minutes.',
    });
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(3590);
    const inSpanish = await t.fastify.inject({
      method: 'GET',
      url: '/api/account/pricing/FRIEND10',
      headers: { ...bearer(guesser), 'x-app-params': 'lang=es' },
    });
    expect(inSpanish.statusCode).toBe(429);
    expect(inSpanish.json().errorMsg).toBe(
      'Se probaron demasiados códigos que no existen. Inténtelo de nuevo dentro de 60 minutos.',
    );
    // Nothing was redeemed by the refused tries; another account is not affected.
    expect((await post('/api/get-coupons', guesser, {})).json().coupons).toEqual([]);
    const other = await patient();
    expect((await post('/api/verify-coupon', other, { coupon: 'SAVE20' })).statusCode).toBe(200);
  });

  it('stops an address guessing public referral codes after 10 wrong ones', async () => {
    const lookup = (code: string, remoteAddress: string) =>
      t.fastify.inject({ method: 'GET', url: `/api/referral/${code}`, remoteAddress });
    for (let i = 0; i < 10; i += 1) {
      expect((await lookup(`GUESS${i}`, '203.0.113.7')).statusCode).toBe(404);
    }
    expect((await lookup('FRIEND10', '203.0.113.7')).statusCode).toBe(429);
    expect((await lookup('FRIEND10', '203.0.113.8')).statusCode).toBe(200);
  });

  it('says how many minutes are left before codes may be tried again, in the plural the language uses (issue 36, finding 11)', async () => {
    const address = '203.0.113.9';
    const lookup = (code: string, lang = 'en') =>
      t.fastify.inject({
        method: 'GET',
        url: `/api/referral/${code}`,
        remoteAddress: address,
        headers: { 'x-app-params': `lang=${lang}` },
      });
    for (let i = 0; i < 10; i += 1) expect((await lookup(`WAIT${i}`)).statusCode).toBe(404);
    try {
      t.advance(20 * 60_000 + 30_000);
      const later = await lookup('FRIEND10');
      expect(later.statusCode).toBe(429);
      expect(later.json().errorMsg).toBe(
        'Too many codes that do not exist were tried. Please try again in 40 minutes.',
      );
      expect(Number(later.headers['retry-after'])).toBeGreaterThan(39 * 60 + 20);
      expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(39 * 60 + 30);
      expect((await lookup('FRIEND10', 'es')).json().errorMsg).toBe(
        'Se probaron demasiados códigos que no existen. Inténtelo de nuevo dentro de 40 minutos.',
      );
      t.advance(39 * 60_000);
      expect((await lookup('FRIEND10')).json().errorMsg).toBe(
        'Too many codes that do not exist were tried. Please try again in 1 minute.',
      );
      expect((await lookup('FRIEND10', 'es')).json().errorMsg).toBe(
        'Se probaron demasiados códigos que no existen. Inténtelo de nuevo dentro de 1 minuto.',
      );
      t.advance(30_000);
      expect((await lookup('FRIEND10')).statusCode).toBe(200);
    } finally {
      t.advance(-(60 * 60_000));
    }
  });

  it('keeps an applied coupon for the account until it pays a visit or is set aside', async () => {
    const nora = await newPatient(t);
    expect((await get('/api/account/price', nora.token)).json()).toMatchObject({
      price: 4900,
      source: 'default',
      code: null,
    });
    await post('/api/redeem-coupon', nora.token, { coupon: 'save20' });
    // A later login (another device, the tab closed) pays the coupon's price.
    const later = await login(t, nora.loginId, nora.password);
    const applied = (await get('/api/account/price', later)).json();
    expect(applied).toMatchObject({ price: 2900, source: 'coupon', code: 'SAVE20' });
    // Back to the default price: the coupon is set aside, and may be applied again.
    expect((await post('/api/account/price/restore-default', later, {})).json()).toMatchObject({
      price: 4900,
      source: 'default',
    });
    expect((await get('/api/account/price', nora.token)).json().source).toBe('default');
    await post('/api/redeem-coupon', later, { coupon: 'SAVE20' });
    // Paid with, it is used: the next visit is at the default price.
    await addCard(later, '4111111111111111');
    const paymentProfileId = (await get('/api/account/payments/profiles', later)).json()
      .payProfiles[0].card.profileID;
    const token = (await get('/api/account/price', later)).json().priceToken;
    const paid = await post('/api/payments/charge', later, {
      priceToken: token,
      paymentProfileId,
      idempotencyKey: 'applied-coupon-1',
      description: 'Visit',
    });
    expect(paid.json().transaction.amount).toBe(2900);
    expect((await get('/api/account/price', later)).json()).toMatchObject({
      price: 4900,
      source: 'default',
    });
    // Without a session there is no account price.
    expect((await t.fastify.inject({ method: 'GET', url: '/api/account/price' })).statusCode).toBe(
      401,
    );
  });

  it('makes one gateway charge and one ledger row for 10 concurrent requests with one key', async () => {
    const maria = await patient();
    await addCard(maria, '4111111111111111');
    const profiles = (await get('/api/account/payments/profiles', maria)).json();
    const paymentProfileId = profiles.payProfiles[0].card.profileID;
    const { priceToken } = await price(maria);
    const before = (await gatewayCharges()).length;
    const body = {
      priceToken,
      paymentProfileId,
      idempotencyKey: 'visit-key-0001',
      description: 'Video visit',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/payments/charge', maria, body)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().transaction.id));
    expect(ids.size).toBe(1);
    expect((await gatewayCharges()).length).toBe(before + 1);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from ledger where idempotency_key = 'visit-key-0001'`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    // A retry later answers the same, and charges nothing.
    const retry = await post('/api/payments/charge', maria, body);
    expect(retry.json().transaction.id).toBe([...ids][0]);
    expect((await gatewayCharges()).length).toBe(before + 1);
  });

  it('refuses a different amount under the same key', async () => {
    const maria = await patient();
    await addCard(maria, '4111111111111111');
    const first = (await get('/api/account/payments/profiles', maria)).json();
    const charged = await post('/api/payments/charge', maria, {
      priceToken: (await price(maria)).priceToken,
      paymentProfileId: first.payProfiles[0].card.profileID,
      idempotencyKey: 'visit-key-0006',
      description: 'Video visit',
    });
    expect(charged.statusCode).toBe(200);
    const profiles = (await get('/api/account/payments/profiles', maria)).json();
    const cheaper = (await post('/api/verify-coupon', maria, { coupon: 'SAVE20' })).json();
    const res = await post('/api/payments/charge', maria, {
      priceToken: cheaper.priceToken,
      paymentProfileId: profiles.payProfiles[0].card.profileID,
      idempotencyKey: 'visit-key-0006',
      description: 'Video visit',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errorCode).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('answers a stale or forged price token with the default price and a fresh token', async () => {
    const maria = await patient();
    const nora = await patient();
    const res = await post('/api/payments/charge', maria, {
      priceToken: 'forged.token',
      paymentProfileId: null,
      idempotencyKey: 'visit-key-0002',
      description: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'PRICE_TOKEN_STALE',
      defaultPrice: 4900,
      defaultPriceToken: expect.any(String),
    });
    // Another account's token is not this account's price.
    const norasToken = (await price(nora)).priceToken;
    const other = await post('/api/payments/charge', maria, {
      priceToken: norasToken,
      paymentProfileId: null,
      idempotencyKey: 'visit-key-0003',
      description: 'x',
    });
    expect(other.json().errorCode).toBe('PRICE_TOKEN_STALE');
  });

  it('uses credit before the card, and a refund returns each part where it came from', async () => {
    const maria = await patient();
    await addCard(maria, '4111111111111111');
    const repo = createLedgerRepo(t.database.db);
    const accountId = (await get('/api/account/profile', maria)).json().profile.id;
    await repo.addCredit(accountId, 1000, 'goodwill', null);
    expect((await get('/api/account/reward-balance', maria)).json().data.balance).toBe(1000);
    const profiles = (await get('/api/account/payments/profiles', maria)).json();
    const { priceToken } = await price(maria);
    const charge = await post('/api/payments/charge', maria, {
      priceToken,
      paymentProfileId: profiles.payProfiles[0].card.profileID,
      idempotencyKey: 'visit-key-0004',
      description: 'Video visit',
    });
    expect(charge.json().transaction).toMatchObject({ amount: 4900, creditCents: 1000 });
    const [gatewayTx] = (await gatewayCharges()).slice(-1);
    expect(gatewayTx?.amountCents).toBe(3900);
    expect((await get('/api/account/reward-balance', maria)).json().data.balance).toBe(0);
  });

  it('shows transactions and a PDF receipt to their owner only', async () => {
    const maria = await patient();
    const nora = await patient();
    const cardId = (await addCard(maria, '4111111111111111')).json().payProfiles[0].card.profileID;
    for (const key of ['receipt-key-1', 'receipt-key-2']) {
      const paid = await post('/api/payments/charge', maria, {
        priceToken: (await price(maria)).priceToken,
        paymentProfileId: cardId,
        idempotencyKey: key,
        description: 'Video visit',
      });
      expect(paid.statusCode).toBe(200);
    }
    const list = (await post('/api/transactionsGET', maria, {})).json().transactions;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({
      kind: 'charge',
      card: { brand: 'visa', last4: '1111' },
      cardHolder: 'Maria Rivera',
    });
    const pdf = await get(`/api/transactions/${list[0].id}/receipt.pdf`, maria);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/transactions/${list[0].id}/receipt.pdf`, nora)).statusCode).toBe(404);
    expect((await post('/api/transactionsGET', nora, {})).json().transactions).toEqual([]);
  });

  it('never lets another account see or delete a card', async () => {
    const maria = await patient();
    const nora = await patient();
    await addCard(maria, '4111111111111111');
    const marias = (await get('/api/account/payments/profiles', maria)).json();
    const noras = (await get('/api/account/payments/profiles', nora)).json();
    expect(noras.payProfiles).toEqual([]);
    const attempt = await post('/api/account/payments/delete-profiles', nora, {
      profileID: marias.payProfileID,
      signature: marias.payProfileSignature,
      paymentID: marias.payProfiles[0].card.profileID,
    });
    expect(attempt.statusCode).toBe(404);
    expect((await get('/api/account/payments/profiles', maria)).json().payProfiles).toHaveLength(1);
  });

  it('marks a card invalid when the gateway declines a charge on it', async () => {
    const maria = await patient();
    const added = await addCard(maria, '4000000000000341');
    const badCard = added
      .json()
      .payProfiles.find((p: { card: { last4: string } }) => p.card.last4 === '0341');
    const { priceToken } = await price(maria);
    const res = await post('/api/payments/charge', maria, {
      priceToken,
      paymentProfileId: badCard.card.profileID,
      idempotencyKey: 'visit-key-0005',
      description: 'Video visit',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorCode: 'CARD_DECLINED',
      errorMsg: 'Declined: This transaction has been declined.',
    });
    const after = (await get('/api/account/payments/profiles', maria)).json().payProfiles;
    expect(
      after.find((p: { card: { last4: string } }) => p.card.last4 === '0341').card
        .paymentProfileValid,
    ).toBe(false);
    const current = (await get('/api/account/payments/profiles', maria)).json();
    await post('/api/account/payments/delete-profiles', maria, {
      profileID: current.payProfileID,
      signature: current.payProfileSignature,
      paymentID: badCard.card.profileID,
    });
  });

  it('charges a coupon price only after redeeming it, and only once', async () => {
    const maria = await patient();
    const nora = await patient();
    await addCard(maria, '4111111111111111');
    const profiles = (await get('/api/account/payments/profiles', maria)).json();
    const paymentProfileId = profiles.payProfiles[0].card.profileID;
    // Nora looked SAVE20 up but never redeemed it: the price cannot be paid.
    const looked = (await get('/api/account/coupon/SAVE20', nora)).json();
    const unredeemed = await post('/api/payments/charge', nora, {
      priceToken: looked.priceToken,
      paymentProfileId: null,
      idempotencyKey: 'coupon-key-1',
      description: 'x',
    });
    expect(unredeemed.json().errorCode).toBe('PRICE_TOKEN_STALE');
    // Maria redeems FREEVISIT: it pays one visit, then its token is stale.
    const free = (await post('/api/redeem-coupon', maria, { coupon: 'FREEVISIT' })).json();
    const first = await post('/api/payments/charge', maria, {
      priceToken: free.priceToken,
      paymentProfileId,
      idempotencyKey: 'coupon-key-2',
      description: 'Free visit',
    });
    expect(first.json().transaction.amount).toBe(0);
    const second = await post('/api/payments/charge', maria, {
      priceToken: free.priceToken,
      paymentProfileId,
      idempotencyKey: 'coupon-key-3',
      description: 'Free visit again',
    });
    expect(second.json()).toMatchObject({ errorCode: 'PRICE_TOKEN_STALE', defaultPrice: 4900 });
  });

  it('never spends the same credit twice, even for concurrent charges', async () => {
    const maria = await patient();
    await addCard(maria, '4111111111111111');
    const repo = createLedgerRepo(t.database.db);
    const accountId = (await get('/api/account/profile', maria)).json().profile.id;
    await repo.addCredit(accountId, 4900, 'goodwill', null);
    const profiles = (await get('/api/account/payments/profiles', maria)).json();
    const { priceToken } = await price(maria);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        post('/api/payments/charge', maria, {
          priceToken,
          paymentProfileId: profiles.payProfiles[0].card.profileID,
          idempotencyKey: `credit-race-${n}`,
          description: 'Video visit',
        }),
      ),
    );
    const credits = answers.map((a) => a.json().transaction.creditCents as number);
    expect(credits.reduce((a, b) => a + b, 0)).toBe(4900);
    expect(await repo.creditBalance(accountId)).toBe(0);
  });

  it('deletes a card down to none', async () => {
    const maria = await patient();
    await addCard(maria, '4111111111111111');
    const current = (await get('/api/account/payments/profiles', maria)).json();
    const res = await post('/api/account/payments/delete-profiles', maria, {
      profileID: current.payProfileID,
      signature: current.payProfileSignature,
      paymentID: current.payProfiles[0].card.profileID,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payProfiles).toEqual([]);
  });

  it("lists charges of people who joined with the user's referral code, without who they are", async () => {
    // Maria, the demo patient, shares FRIEND10.
    const maria = await login(t);
    const nora = await patient();
    await t.fastify.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration('referred@example.test'), referral: 'friend10' },
    });
    const referred = await login(t, 'referred@example.test', 'Quinn-Pass-42');
    const added = (await addCard(referred, '4111111111111111')).json();
    const { priceToken } = await price(referred, 'FRIEND10');
    const paid = await post('/api/payments/charge', referred, {
      priceToken,
      paymentProfileId: added.payProfiles[0].card.profileID,
      idempotencyKey: 'referred-visit-1',
      description: 'Video visit',
    });
    expect(paid.json().transaction.amount).toBe(3900);
    const list = (await post('/api/referred-transactions', maria, {})).json().transactions;
    expect(list).toEqual([
      { id: expect.any(String), date: expect.any(String), code: 'FRIEND10', amount: 3900 },
    ]);
    expect(JSON.stringify(list)).not.toContain('Quinn');
    expect((await post('/api/referred-transactions', nora, {})).json().transactions).toEqual([]);
  });

  it('keeps the test card number out of the whole database and the logs', async () => {
    // Every kind of card this file enters: approved (with and without spaces), declined, AVS
    // mismatch, a bad checksum, one declined at charge time.
    const maria = await patient();
    for (const number of [
      '4111 1111 1111 1111',
      '4111111111111111',
      '4000000000000002',
      '4000000000000010',
      '4111111111111112',
      '4000000000000341',
    ]) {
      await addCard(maria, number);
    }
    const tables = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    )) as unknown as { rows: { table_name: string }[] };
    let dump = '';
    for (const { table_name } of tables.rows) {
      const rows = (await t.database.db.execute(
        sql.raw(`select t::text as r from "${table_name}" t`),
      )) as unknown as {
        rows: { r: string }[];
      };
      dump += rows.rows.map((r) => r.r).join('\n');
    }
    expect(dump.length).toBeGreaterThan(1000);
    for (const number of [
      '4111111111111111',
      '4111 1111 1111 1111',
      '4000000000000002',
      '4000000000000010',
    ]) {
      expect(dump).not.toContain(number);
      expect(t.logs.join('')).not.toContain(number);
    }
  });
});
