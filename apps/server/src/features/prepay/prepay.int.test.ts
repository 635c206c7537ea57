import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { translate } from '@apothecall/domain/i18n/catalog';
import { notificationRoutes } from '@apothecall/domain/notifications/notifications.api';
import { dayMs } from '@apothecall/domain/prepay/access-token.rules';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseKinds,
  demo,
  get,
  itReadsNoDate,
  login,
  newPatient,
  noticesOf,
  type Patient,
  type Payer,
  readyToPay,
  send,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { outboxRows } from '../../../test/outbox';
import { acuteAnswers, uploadRxId } from '../../../test/rx-fixtures';
import { auditLog, outbox } from '../../db/schema/platform';
import { prepayPrograms, prepayRedemptions } from '../../db/schema/prepay';

const admin = 'pharmacy-admin@apothecall.test';
const sunrise = 'sunrise-pharmacy';
const visitPrice = 3000;

type Res = Awaited<ReturnType<TestApp['fastify']['inject']>>;

/**
 * Prepay programs and access tokens through the whole app: a pharmacy's purchase,
 * tokens sent by SMS, redemption at price 0, the balance and its low-balance notice, a denial
 * that credits the visit back and starts the patient's reuse interval (day 24 refused, day 25
 * allowed, on the app's clock), 20 concurrent redemptions of one token, per-account and
 * per-user limits, restrictions, authorized users, forbidden token characters. One app per
 * database.
 */
describe.each(databaseKinds)('Prepay programs on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  let provider: string;
  let adminToken: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-prepay-'));
    t = await startTestApp(kind, { DATA_DIR: dataDir, PUBLIC_URL: 'https://app.example.test' });
    provider = await login(t, demo.provider);
    adminToken = await login(t, admin);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const json = (res: Res) => res.json();
  async function ok(res: Res) {
    expect({ status: res.statusCode, body: res.statusCode === 200 ? null : res.json() }).toEqual({
      status: 200,
      body: null,
    });
    return res.json();
  }

  /** The admin's card on file (added once). */
  let adminCard: string | undefined;
  async function card(): Promise<string> {
    adminCard ??= (await readyToPay(t, { token: adminToken })).payProfileID;
    return adminCard;
  }

  /** A program bought by the pharmacy's admin, with settings changed as given. */
  async function program(
    visits: number,
    settings:
      | Record<string, unknown>
      | ((current: Record<string, unknown>) => Record<string, unknown>) = {},
    extra: { lowBalanceLimit?: number; authorizedUsers?: string[] } = {},
  ) {
    const name = `Program ${randomUUID().slice(0, 8)}`;
    const bought = await ok(
      await send(t, 'POST', '/api/prepay-purchase', adminToken, {
        visitCount: visits,
        name,
        payProfileID: await card(),
        idempotencyKey: randomUUID(),
        ...extra,
      }),
    );
    const current = bought.program;
    const changes = typeof settings === 'function' ? settings(current) : settings;
    if (Object.keys(changes).length === 0) return current;
    const {
      id,
      code,
      owner,
      authorized,
      balance,
      visitCount,
      visitsUsed,
      programAmt,
      pharmacy,
      pharmacies,
      createdAt,
      ...editable
    } = current;
    return (
      await ok(
        await send(t, 'POST', `/api/prepay-program/${id}`, adminToken, {
          ...editable,
          ...changes,
        }),
      )
    ).program;
  }

  async function token(programId: string, extra: Record<string, unknown> = {}): Promise<string> {
    return (
      await ok(await send(t, 'POST', '/api/prepay-nonce/add', adminToken, { programId, ...extra }))
    ).token.code;
  }

  async function uploadId(payer: Payer) {
    expect((await uploadRxId(t, payer.token, payer.personId)).statusCode).toBe(200);
  }

  /** A patient ready for an Rx visit in FL, with an ID on file. */
  async function patient(): Promise<Payer & { patient: Patient }> {
    const who = await newPatient(t);
    const payer = await readyToPay(t, who, { state: 'FL' });
    await uploadId(payer);
    return { ...payer, patient: who };
  }

  /** An unpaid Rx visit (acute, unless said), routed to Sunrise unless said. */
  async function visit(payer: Payer, route: object = { pharmacyId: sunrise }, productId = 'acute') {
    const res = await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
      patientID: payer.personId,
      productId,
      answers: acuteAnswers,
      consents: [],
      state: 'FL',
      idempotencyKey: randomUUID(),
      ...route,
    });
    return (await ok(res)).visit.id as string;
  }

  const pay = (payer: Payer, visitId: string, code: string) =>
    send(t, 'POST', '/api/submit-rx-payment', payer.token, {
      visitId,
      priceToken: '',
      payProfileID: null,
      idempotencyKey: randomUUID(),
      prepayCode: code,
    });
  const quote = (payer: Payer, visitId: string, code: string) =>
    send(t, 'POST', `/api/rx/visits/${visitId}/prepay-price`, payer.token, { code });
  const balanceOf = async (id: string) =>
    (await ok(await get(t, `/api/prepay-program/${id}`, adminToken))).program.balance as number;
  const tokenState = async (programId: string, code: string) =>
    (
      (await ok(await get(t, `/api/prepay-nonce-list/${programId}`, adminToken))).tokens as {
        code: string;
        state: string;
      }[]
    ).find((x) => x.code === code)?.state;
  const rxVisit = async (payer: Payer, id: string) =>
    (
      (await ok(await get(t, '/api/rx/visits', payer.token))).visits as (Record<string, unknown> & {
        id: string;
        prepay: { state: string; token: string | null } | null;
        status: string;
        paid: boolean;
      })[]
    ).find((v) => v.id === id) as Record<string, unknown> & {
      prepay: { state: string; token: string | null } | null;
      status: string;
      paid: boolean;
    };
  const versionOf = async (id: string) =>
    (await ok(await get(t, `/api/clinic/rx/${id}`, provider))).review.visit.version as number;

  /** The prescriber claims the visit and refunds it: the prescription is denied. */
  async function deny(id: string) {
    await ok(await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider));
    await ok(
      await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider, {
        status: 'refund',
        version: await versionOf(id),
      }),
    );
  }

  async function prescribe(id: string) {
    await ok(await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider));
    await ok(
      await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider, {
        status: 'ended',
        version: await versionOf(id),
      }),
    );
    await ok(
      await send(t, 'POST', `/api/clinic/rx/${id}/prescribe`, provider, {
        version: await versionOf(id),
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
    );
  }

  const mails = (subject: string) =>
    t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), like(outbox.subject, subject)));

  it('sells a 5-visit program, sends a token by SMS, takes a visit at 0, warns once at the limit, credits a denial back', async () => {
    const bought = await program(5, {}, { lowBalanceLimit: 4 });
    // The pharmacy admin's in-app notices (the same payloads as device pushes).
    const adminNotices = await noticesOf(t, adminToken);
    expect(bought).toMatchObject({
      owner: true,
      balance: 5,
      visitCount: 5,
      lowBalanceLimit: 4,
      programAmt: visitPrice,
      pharmacy: { id: sunrise },
      pharmacyRestriction: [sunrise],
    });
    expect(bought.code).toMatch(/^[A-HJKMNP-Z2-9]{12}$/);
    const [purchase] = (
      await ok(await get(t, `/api/prepay-transaction-list/${bought.id}`, adminToken))
    ).transactions;
    expect(purchase).toMatchObject({ kind: 'purchase', visits: 5, amount: 5 * visitPrice });
    expect(purchase.transId).toEqual(expect.any(String));

    // The token goes by SMS with its link; the message names the program, not a patient.
    const phone = '305-555-0142';
    const sent = (
      await ok(
        await send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
          programId: bought.id,
          delivery: { channel: 'sms', to: phone },
        }),
      )
    ).token;
    // Kept and sent in E.164, the form the number is one recipient in however it was typed.
    expect(sent).toMatchObject({
      state: 'unclaimed',
      delivery: { channel: 'sms', to: '+13055550142' },
    });
    const sms = (await outboxRows(t, eq(outbox.channel, 'sms'))).find((m) =>
      m.body?.includes(sent.code),
    );
    expect(sms?.recipient).toBe('+13055550142');
    expect(sms?.body).toContain(`https://app.example.test/#/redeem/${sent.code}`);
    expect(sms?.body).toContain(bought.name);

    // The redeem screen's check works logged out.
    const offer = await ok(
      await t.fastify.inject({
        method: 'POST',
        url: '/api/prepay-redeem/check',
        payload: { code: sent.code.toLowerCase() },
      }),
    );
    expect(offer.offer).toMatchObject({
      programName: bought.name,
      kind: 'token',
      pharmacies: [{ id: sunrise }],
    });

    const first = await patient();
    const id = await visit(first);
    const priced = await ok(await quote(first, id, sent.code));
    expect(priced).toMatchObject({
      price: 0,
      priceType: 'prepay',
      offer: { programName: bought.name },
    });
    expect(await balanceOf(bought.id)).toBe(5); // a quote takes nothing
    const paid = (await ok(await pay(first, id, sent.code))).visit;
    expect(paid).toMatchObject({
      status: 'waiting',
      paid: true,
      prepay: { state: 'claimed', token: sent.code },
    });
    expect(await balanceOf(bought.id)).toBe(4);
    expect(await tokenState(bought.id, sent.code)).toBe('claimed');

    // Low balance: one e-mail for the crossing to 4, and one notice that names nothing.
    const subject = `Low balance: ${bought.name}`;
    await expect.poll(async () => (await mails(subject)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => adminNotices.kinds().filter((k) => k === 'lowBalance').length).toBe(1);
    expect(adminNotices.notices.find((n) => n.kind === 'lowBalance')).toEqual({
      kind: 'lowBalance',
      title: 'Apothecall',
      body: translate('en', 'notifications.kind.lowBalance'),
      url: notificationRoutes.lowBalance,
    });

    // The prescriber denies: the visit returns to the program, the token is denied.
    await deny(id);
    expect(await balanceOf(bought.id)).toBe(5);
    expect(await tokenState(bought.id, sent.code)).toBe('denied');
    expect((await rxVisit(first, id)).prepay).toMatchObject({ state: 'denied' });
    const transactions = (
      await ok(await get(t, `/api/prepay-transaction-list/${bought.id}`, adminToken))
    ).transactions as { kind: string; visits: number }[];
    expect(transactions.map((x) => [x.kind, x.visits])).toEqual([
      ['creditBack', 1],
      ['visit', -1],
      ['purchase', 5],
    ]);
    await expect
      .poll(async () => (await mails(`Prescription denied: ${bought.name}`)).length, {
        timeout: 10_000,
      })
      .toBe(1);

    // Another patient's token: a second crossing of the limit warns again, once.
    const second = await patient();
    const secondNotices = await noticesOf(t, second.token);
    const code2 = await token(bought.id);
    const id2 = await visit(second);
    await ok(await pay(second, id2, code2));
    await prescribe(id2);
    // The patient is told the status changed; the pharmacy, that a visit arrived. Neither
    // notice names the patient, the treatment or the medication.
    await expect.poll(() => secondNotices.kinds().includes('rxStatus')).toBe(true);
    await expect.poll(() => adminNotices.kinds().includes('pharmacyVisit')).toBe(true);
    expect(secondNotices.notices.find((n) => n.kind === 'rxStatus')).toEqual({
      kind: 'rxStatus',
      title: 'Apothecall',
      body: translate('en', 'notifications.kind.rxStatus'),
      url: notificationRoutes.rxStatus,
    });
    expect(adminNotices.notices.find((n) => n.kind === 'pharmacyVisit')?.url).toBe(
      notificationRoutes.pharmacyVisit,
    );
    const told = JSON.stringify([...adminNotices.notices, ...secondNotices.notices]);
    for (const phi of [second.patient.firstName, second.patient.lastName, id2]) {
      expect(told).not.toContain(phi);
    }
    adminNotices.close();
    secondNotices.close();
    expect((await rxVisit(second, id2)).prepay).toMatchObject({ state: 'claimedWithRx' });
    expect(await tokenState(bought.id, code2)).toBe('claimedWithRx');
    expect(await balanceOf(bought.id)).toBe(4);
    await expect.poll(async () => (await mails(subject)).length, { timeout: 10_000 }).toBe(2);
    // ... and the prescription is on the pharmacy's dashboard.
    const found = await ok(
      await send(t, 'POST', '/api/pharmacy/rx/search', adminToken, {
        tab: 'unclaimed',
        query: id2.slice(0, 8),
      }),
    );
    expect(found.visits.map((v: { id: string }) => v.id)).toEqual([id2]);
    // The referred list shows both visits, by token, without names.
    const referred = (
      await ok(await get(t, `/api/prepay-referred-transaction-list/${bought.id}`, adminToken))
    ).transactions as { token: string; state: string }[];
    expect(referred.map((r) => [r.token, r.state]).sort()).toEqual(
      [
        [sent.code, 'denied'],
        [code2, 'claimedWithRx'],
      ].sort(),
    );
    expect(JSON.stringify(referred)).not.toContain(second.patient.lastName);
    // A used token is refused, and cannot be deleted.
    const id3 = await visit(second);
    const again = await pay(second, id3, code2);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      errorCode: 'PREPAY_TOKEN_REFUSED',
      errorMsg: 'This access token has already been used.',
    });
    const deleted = await send(t, 'POST', '/api/prepay-nonce/delete', adminToken, {
      programId: bought.id,
      code: code2,
    });
    expect(json(deleted)).toMatchObject({
      errorCode: 'PREPAY_TOKEN_NOT_DELETED',
      errorMsg: 'Access Token was not deleted',
    });
  });

  it('warns a program bought at its low-balance limit at its first redemption, once', async () => {
    // 2 visits, limit 2: the redemption that leaves 1 is under the limit; the one that leaves 0
    // is the same stretch under it, no second notice.
    // Claimed tokens are mailed too: the second redemption's mail shows its notices went out.
    const bought = await program(
      2,
      (current) => ({
        notifications: {
          ...(current.notifications as object),
          prepayClaimed: { email: true, sms: false },
        },
      }),
      { lowBalanceLimit: 2 },
    );
    const subject = `Low balance: ${bought.name}`;
    const claimed = `Access token claimed: ${bought.name}`;
    const first = await patient();
    await ok(await pay(first, await visit(first), await token(bought.id)));
    expect(await balanceOf(bought.id)).toBe(1);
    await expect.poll(async () => (await mails(subject)).length, { timeout: 10_000 }).toBe(1);
    const second = await patient();
    await ok(await pay(second, await visit(second), await token(bought.id)));
    expect(await balanceOf(bought.id)).toBe(0);
    // The second redemption's own notices have gone out: no low-balance notice came with them.
    await expect.poll(async () => (await mails(claimed)).length, { timeout: 10_000 }).toBe(2);
    expect((await mails(subject)).length).toBe(1);
  });

  itReadsNoDate(
    'applies the prepaid medication rules to a prepaid visit: no gabapentin, and a card-paid visit may have it',
    async () => {
      const bought = await program(2);
      const payer = await patient();
      const id = await visit(payer);
      await ok(await pay(payer, id, await token(bought.id)));
      await ok(await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider));
      await ok(
        await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider, {
          status: 'ended',
          version: await versionOf(id),
        }),
      );
      const gabapentin = {
        medication: 'Gabapentin',
        strength: '300 mg',
        quantity: 30,
        refills: 0,
        directions: 'One at night',
      };
      const refused = await send(t, 'POST', `/api/clinic/rx/${id}/prescribe`, provider, {
        version: await versionOf(id),
        prescriptions: [gabapentin],
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused)).toMatchObject({
        errorCode: 'PRESCRIPTION_REFUSED',
        errorMsg: 'Gabapentin cannot be prescribed in a prepaid visit.',
      });
      expect(await tokenState(bought.id, (await rxVisit(payer, id)).prepay?.token ?? '')).toBe(
        'claimed',
      );
      // The same prescription in a visit paid by card is not a prepaid one.
      const card = await visit(payer);
      const price = await ok(await get(t, `/api/rx/visits/${card}/price`, payer.token));
      await ok(
        await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
          visitId: card,
          priceToken: price.priceToken,
          payProfileID: payer.payProfileID,
          idempotencyKey: randomUUID(),
        }),
      );
      await ok(await send(t, 'POST', `/api/clinic/rx/${card}/claim`, provider));
      await ok(
        await send(t, 'POST', `/api/clinic/rx/${card}/status`, provider, {
          status: 'ended',
          version: await versionOf(card),
        }),
      );
      await ok(
        await send(t, 'POST', `/api/clinic/rx/${card}/prescribe`, provider, {
          version: await versionOf(card),
          prescriptions: [gabapentin],
        }),
      );
    },
  );

  itReadsNoDate(
    'holds an Rx visit to the prescription rules of every path: one category per prepaid visit, Cialis only as a package',
    async () => {
      /** An LDN visit whose evaluation lists fibromyalgia (no records asked for). */
      const ldnVisit = async (payer: Payer) =>
        (
          await ok(
            await send(t, 'POST', '/api/submit-rx-evaluation', payer.token, {
              patientID: payer.personId,
              productId: 'ldn',
              answers: {
                conditions: ['none'],
                medications: 'none',
                allergies: 'none',
                bloodPressure: '118/76',
                weightLbs: '150',
                heightIn: '66',
                ldnCondition: ['fibromyalgia'],
                ldnOpioids: 'no',
                ldnDose: 'start',
                ldnRecords: 'no',
              },
              consents: [{ id: 'ldn', versionDate: '2025-01-01' }],
              state: 'FL',
              idempotencyKey: randomUUID(),
              pharmacyId: sunrise,
            }),
          )
        ).visit.id as string;
      const payByCard = async (payer: Payer, id: string) => {
        const price = await ok(await get(t, `/api/rx/visits/${id}/price`, payer.token));
        await ok(
          await send(t, 'POST', '/api/submit-rx-payment', payer.token, {
            visitId: id,
            priceToken: price.priceToken,
            payProfileID: payer.payProfileID,
            idempotencyKey: randomUUID(),
          }),
        );
      };
      const endReview = async (id: string) => {
        await ok(await send(t, 'POST', `/api/clinic/rx/${id}/claim`, provider));
        await ok(
          await send(t, 'POST', `/api/clinic/rx/${id}/status`, provider, {
            status: 'ended',
            version: await versionOf(id),
          }),
        );
      };
      const line = (medication: string, strength: string, quantity: number) => ({
        medication,
        strength,
        quantity,
        refills: 0,
        directions: 'One a day',
      });
      const prescribe = async (id: string, prescriptions: object[]) =>
        send(t, 'POST', `/api/clinic/rx/${id}/prescribe`, provider, {
          version: await versionOf(id),
          prescriptions,
        });
      const denied = async (id: string) =>
        (
          await t.database.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, 'rx.review.prescribe'), eq(auditLog.outcome, 'denied')))
        )
          .filter((row) => (row.detail as { visitId?: string }).visitId === id)
          .map((row) => (row.detail as { rule: string }).rule);
      const ldn = line('Low Dose Naltrexone', '4.5 mg', 90);
      const sildenafil = line('Sildenafil', '20 mg', 90);

      // Paid by a prepay token: LDN and sildenafil are two categories, refused; LDN alone is not.
      const bought = await program(2);
      const payer = await patient();
      const prepaid = await ldnVisit(payer);
      await ok(await pay(payer, prepaid, await token(bought.id)));
      await endReview(prepaid);
      const two = await prescribe(prepaid, [ldn, sildenafil]);
      expect(two.statusCode).toBe(400);
      expect(json(two)).toMatchObject({
        errorCode: 'PRESCRIPTION_REFUSED',
        errorMsg: 'Only one medication category can be prescribed in a prepaid visit.',
      });
      expect(await denied(prepaid)).toEqual(['oneCategoryPerPrepaidVisit']);
      expect((await rxVisit(payer, prepaid)).status).toBe('ended');
      const one = await prescribe(prepaid, [ldn]);
      expect(one.statusCode, one.body).toBe(200);
      expect((await rxVisit(payer, prepaid)).status).toBe('rxed');

      // Paid by card, the spec's one-category rule does not apply.
      const byCard = await ldnVisit(payer);
      await payByCard(payer, byCard);
      await endReview(byCard);
      const both = await prescribe(byCard, [ldn, sildenafil]);
      expect(both.statusCode, both.body).toBe(200);

      // Cialis 5 mg x180 is no package in an Rx visit either (an acute one, paid by card).
      const acute = await visit(payer);
      await payByCard(payer, acute);
      await endReview(acute);
      const cialis = await prescribe(acute, [line('Cialis', '5 mg', 180)]);
      expect(cialis.statusCode).toBe(400);
      expect(json(cialis)).toMatchObject({
        errorCode: 'PRESCRIPTION_REFUSED',
        errorMsg:
          'Cialis 5 mg x180 is not one of the packages we prescribe. Choose one of: Cialis 5 mg x90, Cialis 10 mg x60, Cialis 20 mg x30.',
      });
      expect(await denied(acute)).toEqual(['notInPackage']);
      expect((await rxVisit(payer, acute)).status).toBe('ended');
      const package90 = await prescribe(acute, [line('Cialis', '5 mg', 90)]);
      expect(package90.statusCode, package90.body).toBe(200);
    },
  );

  itReadsNoDate('makes one visit of 20 concurrent redemptions of one token', async () => {
    const bought = await program(10);
    const code = await token(bought.id);
    const payer = await patient();
    const visits = await Promise.all(Array.from({ length: 20 }, () => visit(payer)));
    const answers = await Promise.all(visits.map((id) => pay(payer, id, code)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(json(refused).errorCode).toBe('PREPAY_TOKEN_REFUSED');
    }
    expect(await balanceOf(bought.id)).toBe(9);
    const redemptions = await t.database.db
      .select()
      .from(prepayRedemptions)
      .where(eq(prepayRedemptions.programId, bought.id));
    expect(redemptions).toHaveLength(1);
    const list = (await ok(await get(t, '/api/rx/visits', payer.token))).visits as {
      paid: boolean;
    }[];
    expect(list.filter((v) => v.paid)).toHaveLength(1);
    // The same visit paid twice with its code is one redemption (a retry is answered).
    const winner = visits[statuses.indexOf(200)] as string;
    expect((await pay(payer, winner, code)).statusCode).toBe(200);
    expect(await balanceOf(bought.id)).toBe(9);
  });

  it.each([2, 8])(
    'pays one visit once from %i identical payments sent at once (a double-click), and the token pays no second visit',
    async (n) => {
      const bought = await program(5);
      const code = await token(bought.id);
      const payer = await patient();
      const id = await visit(payer);
      const answers = await Promise.all(Array.from({ length: n }, () => pay(payer, id, code)));
      // Every one is answered with the visit paid: the losers read the winner's answer.
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: n }, () => 200));
      expect(await balanceOf(bought.id)).toBe(4);
      const redemptions = await t.database.db
        .select()
        .from(prepayRedemptions)
        .where(eq(prepayRedemptions.programId, bought.id));
      expect(redemptions.map((r) => r.state)).toEqual(['claimed']);
      const paid = await rxVisit(payer, id);
      expect(paid).toMatchObject({ status: 'waiting', paid: true, prepay: { state: 'claimed' } });
      expect(await tokenState(bought.id, code)).toBe('claimed');
      // The token is spent: a second visit is refused, and the balance stays down by one.
      const second = await pay(payer, await visit(payer), code);
      expect(second.statusCode).toBe(409);
      expect(json(second).errorCode).toBe('PREPAY_TOKEN_REFUSED');
      expect(await balanceOf(bought.id)).toBe(4);
    },
  );

  itReadsNoDate(
    'holds the per-account limit and each authorized user to their own limit',
    async () => {
      const perAccount = await program(5, { perAccountLimit: 1 });
      const payer = await patient();
      await ok(await pay(payer, await visit(payer), await token(perAccount.id)));
      const second = await pay(payer, await visit(payer), await token(perAccount.id));
      expect(json(second)).toMatchObject({
        errorCode: 'PREPAY_LIMIT_REACHED',
        errorMsg: 'This account has reached the visit limit for this program.',
      });

      const limited = await patient();
      const free = await patient();
      const users = await program(5);
      await ok(
        await send(t, 'POST', `/api/prepay-authorized/${users.id}`, adminToken, {
          allowedUsers: [
            { email: limited.patient.loginId, visitLimit: 1 },
            { email: free.patient.loginId.toUpperCase() },
          ],
        }),
      );
      const listed = (await ok(await get(t, `/api/prepay-authorized/${users.id}`, adminToken)))
        .allowedUsers;
      expect(listed).toEqual(
        [
          { email: limited.patient.loginId, visitLimit: 1, visitsUsed: 0 },
          { email: free.patient.loginId, visitLimit: 0, visitsUsed: 0 },
        ].sort((a, b) => a.email.localeCompare(b.email)),
      );
      // Authorized users pay with the program code; the limited one only once.
      await ok(await pay(limited, await visit(limited), users.code));
      const over = await pay(limited, await visit(limited), users.code);
      expect(json(over)).toMatchObject({
        errorCode: 'PREPAY_LIMIT_REACHED',
        errorMsg: 'You have reached your visit limit for this program.',
      });
      await ok(await pay(free, await visit(free), users.code));
      await ok(await pay(free, await visit(free), users.code));
      // They see the program (read only); the holder's lists stay the holder's.
      const mine = (await ok(await get(t, '/api/prepay-list', free.token))).programs;
      expect(mine).toEqual([
        expect.objectContaining({ id: users.id, owner: false, authorized: true }),
      ]);
      expect((await get(t, `/api/prepay-nonce-list/${users.id}`, free.token)).statusCode).toBe(404);
      // A duplicate e-mail changes nothing.
      const dup = await send(t, 'POST', `/api/prepay-authorized/${users.id}`, adminToken, {
        allowedUsers: [{ email: 'a@example.test' }, { email: 'A@example.test' }],
      });
      expect(json(dup)).toMatchObject({ errorCode: 'PREPAY_USERS_NOT_UPDATED' });
      expect(
        (await ok(await get(t, `/api/prepay-authorized/${users.id}`, adminToken))).allowedUsers,
      ).toHaveLength(2);
    },
  );

  it.each([2, 8])(
    'replaces the authorized users with %i identical requests at once: one list, never a 500',
    async (n) => {
      const bought = await program(5);
      const allowedUsers = [
        { email: `a-${randomUUID().slice(0, 8)}@example.test`, visitLimit: 2 },
        { email: `b-${randomUUID().slice(0, 8)}@example.test`, visitLimit: 0 },
      ];
      const answers = await Promise.all(
        Array.from({ length: n }, () =>
          send(t, 'POST', `/api/prepay-authorized/${bought.id}`, adminToken, { allowedUsers }),
        ),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: n }, () => 200));
      const users = (await ok(await get(t, `/api/prepay-authorized/${bought.id}`, adminToken)))
        .allowedUsers as { email: string; visitLimit: number }[];
      expect(users.map((u) => ({ email: u.email, visitLimit: u.visitLimit }))).toEqual(
        [...allowedUsers].sort((a, b) => a.email.localeCompare(b.email)),
      );
    },
  );

  itReadsNoDate('answers 404 to anyone outside an authorized-users program', async () => {
    const insider = await patient();
    const users = await program(5, {}, { authorizedUsers: [insider.patient.loginId] });
    const outsider = await patient();
    const id = await visit(outsider);
    for (const code of [users.code, await token(users.id)]) {
      const res = await quote(outsider, id, code);
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({
        errorCode: 'NOT_FOUND',
        errorMsg: 'This code is not valid.',
      });
      expect((await pay(outsider, id, code)).statusCode).toBe(404);
    }
    expect((await get(t, `/api/prepay-program/${users.id}`, outsider.token)).statusCode).toBe(404);
    expect(
      (await get(t, `/api/prepay-transaction-list/${users.id}`, outsider.token)).statusCode,
    ).toBe(404);
    expect(await balanceOf(users.id)).toBe(5);
    // The program code is not a public offer.
    const check = await t.fastify.inject({
      method: 'POST',
      url: '/api/prepay-redeem/check',
      payload: { code: users.code },
    });
    expect(check.statusCode).toBe(404);
    await ok(await quote(insider, await visit(insider), users.code));
  });

  itReadsNoDate(
    'enforces the treatment and pharmacy restrictions, and the visit type',
    async () => {
      const ldnOnly = await program(5, { reasonRestriction: ['ldn'] });
      const payer = await patient();
      const id = await visit(payer);
      const res = await quote(payer, id, await token(ldnOnly.id));
      expect(json(res)).toMatchObject({
        errorCode: 'PREPAY_RESTRICTED',
        errorMsg: 'This program does not pay for this treatment.',
      });
      // A visit whose prescription does not go to Sunrise.
      const anywhere = await visit(payer, {});
      const elsewhere = await quote(payer, anywhere, await token((await program(5)).id));
      expect(json(elsewhere)).toMatchObject({
        errorCode: 'PREPAY_RESTRICTED',
        errorMsg: 'This program pays only for prescriptions sent to Sunrise Pharmacy.',
      });
      // An unknown treatment or an unverified pharmacy is not a restriction one can save.
      const bad = await send(t, 'POST', `/api/prepay-program/${ldnOnly.id}`, adminToken, {
        ...(({
          id: _i,
          code: _c,
          owner: _o,
          authorized: _a,
          balance: _b,
          visitCount: _v,
          visitsUsed: _u,
          programAmt: _p,
          pharmacy: _ph,
          pharmacies: _ps,
          createdAt: _d,
          ...rest
        }) => rest)(ldnOnly),
        pharmacyRestriction: ['lone-star-pharmacy'],
      });
      expect(json(bad)).toMatchObject({ errorCode: 'PREPAY_PROGRAM_NOT_UPDATED' });
      const invalid = await send(t, 'POST', `/api/prepay-program/${ldnOnly.id}`, adminToken, {
        name: '',
      });
      expect(invalid.statusCode).toBe(400);
      expect(json(invalid).errorCode).toBe('VALIDATION');
      const stored = await t.database.db
        .select()
        .from(prepayPrograms)
        .where(eq(prepayPrograms.id, ldnOnly.id));
      expect(stored[0]?.reasonRestriction).toEqual(['ldn']);
    },
  );

  itReadsNoDate(
    'refuses a token with a forbidden character, and a bad address to send one to',
    async () => {
      const payer = await patient();
      const id = await visit(payer);
      for (const code of [
        'ABCDE/123456',
        'ABCDE?123456',
        'ABCDE#123456',
        'ABCDE:123456',
        'ABCDE\\123456',
      ]) {
        const res = await quote(payer, id, code);
        expect(res.statusCode).toBe(400);
        expect(json(res)).toMatchObject({ errorCode: 'VALIDATION' });
        expect(json(res).errorMsg).toContain('cannot contain');
      }
      const short = await quote(payer, id, 'ABC');
      expect(json(short).errorMsg).toContain('12 characters');
      const bought = await program(2);
      const before = (await ok(await get(t, `/api/prepay-nonce-list/${bought.id}`, adminToken)))
        .tokens.length;
      // Too short, and ten digits outside the numbering plan (no area code starts with 1).
      for (const to of ['12', '123-456-7890', '999-999-9999']) {
        const res = await send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
          programId: bought.id,
          delivery: { channel: 'sms', to },
        });
        expect(res.statusCode).toBe(400);
        expect(json(res)).toEqual({
          error: true,
          errorCode: 'VALIDATION',
          errorMsg: translate('en', 'prepay.delivery.invalidPhone'),
          field: 'delivery.to',
        });
      }
      const kept = await token(bought.id);
      const resend = await send(t, 'POST', '/api/prepay-nonce/send', adminToken, {
        programId: bought.id,
        code: kept,
        delivery: { channel: 'sms', to: '123-456-7890' },
      });
      expect(json(resend)).toMatchObject({ errorCode: 'VALIDATION', field: 'delivery.to' });
      const listed = (await ok(await get(t, `/api/prepay-nonce-list/${bought.id}`, adminToken)))
        .tokens as { code: string; delivery: unknown }[];
      expect(listed).toHaveLength(before + 1);
      expect(listed.find((x) => x.code === kept)?.delivery).toBeNull();
      expect(
        await t.database.db.select().from(outbox).where(like(outbox.recipient, '%4567890')),
      ).toEqual([]);
      // Spanish for a Spanish caller.
      const es = await t.fastify.inject({
        method: 'POST',
        url: '/api/prepay-redeem/check',
        headers: { 'accept-language': 'es' },
        payload: { code: 'NOPE23456789' },
      });
      expect(json(es)).toMatchObject({
        errorCode: 'NOT_FOUND',
        errorMsg: 'Este código no es válido.',
      });
    },
  );

  itReadsNoDate(
    'keeps the notification number in E.164, and refuses one that is no number',
    async () => {
      const bought = await program(1, (current) => ({
        notifications: { ...(current.notifications as object), phone: '(305) 555-0188' },
      }));
      const [row] = await t.database.db
        .select({ notifications: prepayPrograms.notifications })
        .from(prepayPrograms)
        .where(eq(prepayPrograms.id, bought.id));
      expect((row?.notifications as { phone: string } | undefined)?.phone).toBe('+13055550188');
      const {
        id,
        code,
        owner,
        authorized,
        balance,
        visitCount,
        visitsUsed,
        programAmt,
        pharmacy,
        pharmacies,
        createdAt,
        ...editable
      } = bought;
      const refused = await send(t, 'POST', `/api/prepay-program/${bought.id}`, adminToken, {
        ...editable,
        notifications: { ...(bought.notifications as object), phone: '123-456-7890' },
      });
      expect(refused.statusCode).toBe(400);
      expect(json(refused).errorMsg).toContain('The phone number is not a valid number');
      const [after] = await t.database.db
        .select({ notifications: prepayPrograms.notifications })
        .from(prepayPrograms)
        .where(eq(prepayPrograms.id, bought.id));
      expect((after?.notifications as { phone: string } | undefined)?.phone).toBe('+13055550188');
    },
  );

  itReadsNoDate(
    'bulk-creates tokens from a pasted list, sending each, and says which lines it refused',
    async () => {
      const bought = await program(3);
      const email = `bulk-${randomUUID().slice(0, 6)}@example.test`;
      const res = await ok(
        await send(t, 'POST', '/api/prepay-nonce/bulk', adminToken, {
          programId: bought.id,
          list: `${email}\n\nnot an address\n305-555-0188\n${email.toUpperCase()}\n`,
        }),
      );
      expect(res.tokens.map((x: { delivery: { channel: string } }) => x.delivery.channel)).toEqual([
        'email',
        'sms',
      ]);
      expect(res.refused).toEqual([
        { line: 3, reason: 'Not an e-mail address or a phone number.' },
        { line: 5, reason: 'This line repeats an earlier one.' },
      ]);
      const [mail] = await outboxRows(t, eq(outbox.recipient, email));
      expect(mail?.body).toContain(res.tokens[0].code);
      // An unused token can be changed and deleted.
      const edited = await ok(
        await send(t, 'POST', '/api/prepay-nonce/edit', adminToken, {
          programId: bought.id,
          code: res.tokens[1].code,
          use: 'multiple',
          multipleUseIntervalDays: 30,
        }),
      );
      expect(edited.token).toMatchObject({ use: 'multiple', multipleUseIntervalDays: 30 });
      const left = await ok(
        await send(t, 'POST', '/api/prepay-nonce/delete', adminToken, {
          programId: bought.id,
          code: res.tokens[0].code,
        }),
      );
      expect(left.tokens.map((x: { code: string }) => x.code)).toEqual([res.tokens[1].code]);
    },
  );

  itReadsNoDate('gives a cancelled visit and its token back to the program, unused', async () => {
    const bought = await program(3);
    const code = await token(bought.id);
    const payer = await patient();
    const id = await visit(payer);
    await ok(await pay(payer, id, code));
    expect(await balanceOf(bought.id)).toBe(2);
    await ok(await send(t, 'POST', `/api/rx/visits/${id}/cancel`, payer.token));
    expect(await balanceOf(bought.id)).toBe(3);
    expect(await tokenState(bought.id, code)).toBe('unclaimed');
    expect((await rxVisit(payer, id)).prepay).toMatchObject({ state: 'released' });
    await ok(await pay(payer, await visit(payer), code));
  });

  itReadsNoDate('adds visits by card, once per key', async () => {
    const bought = await program(1);
    const key = randomUUID();
    const body = {
      programId: bought.id,
      visits: 4,
      payProfileID: await card(),
      idempotencyKey: key,
    };
    const [a, b] = await Promise.all([
      send(t, 'POST', '/api/prepay-add-funds', adminToken, body),
      send(t, 'POST', '/api/prepay-add-funds', adminToken, body),
    ]);
    // The second of two at once is answered (200) or told the first is still at work (409).
    for (const res of [a, b]) {
      if (res.statusCode !== 200) expect(json(res)).toMatchObject({ errorCode: 'IN_PROGRESS' });
    }
    expect([a.statusCode, b.statusCode]).toContain(200);
    await ok(await send(t, 'POST', '/api/prepay-add-funds', adminToken, body));
    expect(await balanceOf(bought.id)).toBe(5);
    const pricing = await ok(await get(t, `/api/prepay-pricing/${bought.id}`, adminToken));
    expect(pricing).toMatchObject({ visitPrice, minVisits: 1 });
    const stranger = await patient();
    expect((await get(t, `/api/prepay-pricing/${bought.id}`, stranger.token)).statusCode).toBe(404);
  });

  itReadsNoDate(
    'keeps unused tokens within twice the visits left, for 8 adds at once and in bulk',
    async () => {
      // One visit: room for 2 unused tokens, however many ask at once.
      const bought = await program(1);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          send(t, 'POST', '/api/prepay-nonce/add', adminToken, { programId: bought.id }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([
        200, 200, 409, 409, 409, 409, 409, 409,
      ]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(json(refused)).toMatchObject({
          errorCode: 'PREPAY_TOKEN_NOT_ADDED',
          errorMsg: translate('en', 'prepay.tokens.full', { max: 2, room: 0 }),
        });
      }
      const listed = async () =>
        (await ok(await get(t, `/api/prepay-nonce-list/${bought.id}`, adminToken))).tokens as {
          code: string;
          state: string;
        }[];
      expect((await listed()).map((x) => x.state)).toEqual(['unclaimed', 'unclaimed']);
      const es = await t.fastify.inject({
        method: 'POST',
        url: '/api/prepay-nonce/add',
        headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
        payload: { programId: bought.id },
      });
      expect(json(es)).toMatchObject({
        errorCode: 'PREPAY_TOKEN_NOT_ADDED',
        errorMsg: translate('es', 'prepay.tokens.full', { max: 2, room: 0 }),
      });

      // A deleted token makes room for one; added visits for two each.
      const [first] = await listed();
      await ok(
        await send(t, 'POST', '/api/prepay-nonce/delete', adminToken, {
          programId: bought.id,
          code: first?.code,
        }),
      );
      await token(bought.id);
      await ok(
        await send(t, 'POST', '/api/prepay-add-funds', adminToken, {
          programId: bought.id,
          visits: 1,
          payProfileID: await card(),
          idempotencyKey: randomUUID(),
        }),
      );
      // Two visits, room for 4: bulk makes two more and names the lines it could not.
      const stamp = randomUUID().slice(0, 6);
      const bulk = await ok(
        await send(t, 'POST', '/api/prepay-nonce/bulk', adminToken, {
          programId: bought.id,
          list: [1, 2, 3, 4].map((n) => `full-${stamp}-${n}@example.test`).join('\n'),
        }),
      );
      expect(bulk.tokens).toHaveLength(2);
      const full = translate('en', 'prepay.tokens.full', { max: 4, room: 0 });
      expect(bulk.refused).toEqual([
        { line: 3, reason: full },
        { line: 4, reason: full },
      ]);
      expect(await listed()).toHaveLength(4);
      // Nothing went to the refused lines.
      expect(
        await t.database.db
          .select()
          .from(outbox)
          .where(like(outbox.recipient, `full-${stamp}-%`)),
      ).toHaveLength(2);
    },
  );

  it('sends at most 3 tokens a day to one number (8 at once, however typed) or address', async () => {
    const bought = await program(10);
    const digits = String(1000 + Math.floor(Math.random() * 9000));
    const e164 = `+1305556${digits}`;
    const typed = [`(305) 556-${digits}`, `305.556.${digits}`, `+1 305 556 ${digits}`];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
          programId: bought.id,
          delivery: { channel: 'sms', to: typed[i % typed.length] },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 429, 429, 429, 429, 429,
    ]);
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(json(refused)).toMatchObject({
        errorCode: 'RATE_LIMITED',
        errorMsg: translate('en', 'prepay.send.recipientLimit', { max: 3 }),
      });
    }
    const texts = await t.database.db.select().from(outbox).where(eq(outbox.recipient, e164));
    expect(texts).toHaveLength(3);
    // A refused send leaves no unused token behind.
    const tokens = (await ok(await get(t, `/api/prepay-nonce-list/${bought.id}`, adminToken)))
      .tokens as { code: string; delivery: { to: string } }[];
    expect(tokens.map((x) => x.delivery.to)).toEqual([e164, e164, e164]);
    // Sending one again counts too, from any program.
    const again = await send(t, 'POST', '/api/prepay-nonce/send', adminToken, {
      programId: bought.id,
      code: tokens[0]?.code,
      delivery: { channel: 'sms', to: e164 },
    });
    expect(again.statusCode).toBe(429);
    const other = await program(2);
    const elsewhere = await send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
      programId: other.id,
      delivery: { channel: 'sms', to: typed[0] },
    });
    expect(elsewhere.statusCode).toBe(429);
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.recipient, e164)),
    ).toHaveLength(3);

    // An e-mail address alike: three sends of one token, then a Spanish refusal.
    const email = `limit-${randomUUID().slice(0, 6)}@example.test`;
    const code = await token(other.id);
    for (let i = 0; i < 3; i += 1) {
      await ok(
        await send(t, 'POST', '/api/prepay-nonce/send', adminToken, {
          programId: other.id,
          code,
          delivery: { channel: 'email', to: email },
        }),
      );
    }
    const fourth = await t.fastify.inject({
      method: 'POST',
      url: '/api/prepay-nonce/send',
      headers: { authorization: `Bearer ${adminToken}`, 'accept-language': 'es' },
      payload: { programId: other.id, code, delivery: { channel: 'email', to: email } },
    });
    expect(fourth.statusCode).toBe(429);
    expect(json(fourth)).toMatchObject({
      errorCode: 'RATE_LIMITED',
      errorMsg: translate('es', 'prepay.send.recipientLimit', { max: 3 }),
    });
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.recipient, email)),
    ).toHaveLength(3);
  });

  it('sends at most 50 tokens an hour from one program; bulk names the lines past it', async () => {
    const bought = await program(40);
    const stamp = randomUUID().slice(0, 6);
    const bulk = await ok(
      await send(t, 'POST', '/api/prepay-nonce/bulk', adminToken, {
        programId: bought.id,
        list: Array.from({ length: 55 }, (_, n) => `hour-${stamp}-${n}@example.test`).join('\n'),
      }),
    );
    expect(bulk.tokens).toHaveLength(50);
    const limit = translate('en', 'prepay.send.programLimit', { perHour: 50, perDay: 200 });
    expect(bulk.refused).toEqual([51, 52, 53, 54, 55].map((line) => ({ line, reason: limit })));
    expect(
      await t.database.db
        .select()
        .from(outbox)
        .where(like(outbox.recipient, `hour-${stamp}-%`)),
    ).toHaveLength(50);
    const one = await send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
      programId: bought.id,
      delivery: { channel: 'sms', to: '305-555-0177' },
    });
    expect(one.statusCode).toBe(429);
    expect(json(one)).toMatchObject({ errorCode: 'RATE_LIMITED', errorMsg: limit });
    // Making a token is not sending one; another program sends on.
    await token(bought.id);
    const other = await program(1);
    await ok(
      await send(t, 'POST', '/api/prepay-nonce/add', adminToken, {
        programId: other.id,
        delivery: { channel: 'sms', to: '305-555-0177' },
      }),
    );
  });

  // Last: it moves the app's clock 25 days.
  it('refuses the denied patient a token of the program on day 24 and allows it on day 25', async () => {
    const bought = await program(5, { reuseIntervalDays: 25 });
    const payer = await patient();
    const id = await visit(payer);
    await ok(await pay(payer, id, await token(bought.id)));
    await deny(id);
    const next = await token(bought.id);
    const later = await visit(payer);
    const refused = await quote(payer, later, next);
    expect(json(refused)).toMatchObject({ errorCode: 'PREPAY_TOKEN_REFUSED' });
    expect(json(refused).errorMsg).toMatch(/^This access token can be used again after /);
    // Another patient is not held by this patient's denial.
    const other = await patient();
    await ok(await quote(other, await visit(other), next));

    t.advance(24 * dayMs);
    const again = await login(t, payer.patient.loginId, payer.patient.password);
    const day24 = await quote({ ...payer, token: again }, later, next);
    expect(json(day24)).toMatchObject({ errorCode: 'PREPAY_TOKEN_REFUSED' });
    t.advance(dayMs);
    const day25 = await login(t, payer.patient.loginId, payer.patient.password);
    await ok(await pay({ ...payer, token: day25 }, later, next));
    adminToken = await login(t, admin);
    expect(await balanceOf(bought.id)).toBe(4);
  });
});
