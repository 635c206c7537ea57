import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizeNetDouble,
  startAuthorizeNetDouble,
} from '../../../test/authorize-net-double';
import {
  databaseKinds,
  get,
  newPatient,
  ok,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { paymentProfiles } from '../../db/schema/payments';

/**
 * A card add cut off by a stopped process (found by bench/ha, which kills one of two instances
 * mid-run): the gateway stored the card, the process died before writing its row. The patient's
 * retry sends the same card; Authorize.Net answers E00039, naming the card it holds. It used to
 * be refused (400 CARD_INVALID), and that card could then never be put on file again.
 */
describe.each(databaseKinds)('a card add whose row was never written, on %s', (kind) => {
  let t: TestApp;
  let double: AuthorizeNetDouble;
  beforeAll(async () => {
    double = await startAuthorizeNetDouble();
    t = await startTestApp(kind, {
      PAYMENT_GATEWAY: 'authorize-net',
      AUTHORIZE_NET_API_LOGIN_ID: double.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: double.transactionKey,
      AUTHORIZE_NET_ENDPOINT: double.endpoint,
    });
  });
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('is taken on the retry: the card the gateway holds, on file once, and it pays', async () => {
    const payer = await readyToPay(t, await newPatient(t));
    const stored = await t.database.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.accountId, payer.accountId));
    expect(stored).toHaveLength(1);
    // The gateway keeps the card; the row is as if its process had stopped before writing it.
    await t.database.db
      .delete(paymentProfiles)
      .where(eq(paymentProfiles.accountId, payer.accountId));

    const form = (
      await ok('cards', await get(t, '/api/account/payments/profiles', payer.token))
    ).json() as { payProfileID: string; payProfileSignature: string };
    const again = await send(t, 'POST', '/api/account/payments/profiles', payer.token, {
      profileID: form.payProfileID,
      signature: form.payProfileSignature,
      card: {
        cardHolderName: 'Card Holder',
        ccNumber: '4111111111111111',
        cvv: '123',
        expiration: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
        cardZip: '33132',
      },
    });
    expect(again.statusCode).toBe(200);
    const listed = (again.json() as { payProfiles: { card: { profileID: string } }[] }).payProfiles;
    expect(listed).toHaveLength(1);
    const row = await t.database.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.accountId, payer.accountId));
    expect(row.map((r) => r.paymentProfileId)).toEqual([stored[0]?.paymentProfileId]);

    const charged = await send(t, 'POST', '/api/payments/charge', payer.token, {
      priceToken: payer.priceToken,
      paymentProfileId: listed[0]?.card.profileID,
      idempotencyKey: randomUUID(),
      description: 'Visit',
    });
    expect(charged.statusCode).toBe(200);
  });
});
