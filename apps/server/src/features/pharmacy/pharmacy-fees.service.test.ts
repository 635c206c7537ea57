import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import { aPharmacy, recordingMailer } from '../../../test/fakes-pharmacy';
import { AppError } from '../../platform/errors';
import type { PrepayEntryRecord, PrepayMovement } from '../payments/payments.port';
import type { PharmacyStaff } from './pharmacy.port';
import { createPharmacyFeesService } from './pharmacy-fees.service';

const admin = '9d8e7f60-0000-4000-8000-0000000000e1';
const otherAdmin = '9d8e7f60-0000-4000-8000-0000000000e2';
const pharmacist = '9d8e7f60-0000-4000-8000-0000000000e3';
const claimFee = 300;

/**
 * The fee account with fakes: a prepay ledger in memory (one credit per key, newest first), a
 * card on file, a payments port charging what it quoted once per key, two admins and a
 * pharmacist, and the portal's admin check as a function letting `admin` through.
 */
function setUp() {
  const audit = recordingAudit();
  const mailer = recordingMailer();
  const sunrise = aPharmacy();
  const entries: (PrepayEntryRecord & { key: string })[] = [];
  const charges: { id: string; key: string; amount: number; card: string | null }[] = [];
  let at = Date.parse('2026-03-02T15:00:00.000Z');
  const add = (movement: PrepayMovement, amountCents: number) => {
    at += 60_000;
    const entry = {
      id: randomUUID(),
      key: movement.idempotencyKey,
      amountCents,
      kind: movement.kind,
      relatedId: movement.relatedId ?? null,
      description: movement.description ?? '',
      createdAt: new Date(at),
    };
    entries.unshift(entry);
    return entry;
  };
  const balance = () => entries.reduce((sum, e) => sum + e.amountCents, 0);
  const staff: PharmacyStaff = {
    accountId: admin,
    organization: sunrise,
    role: 'pharmacyAdmin',
    readyRx: true,
    grant: null,
  };
  const service = createPharmacyFeesService({
    repo: { organization: async (id) => (id === sunrise.id ? sunrise : undefined) },
    accounts: {
      membersOf: async () => [
        { accountId: admin, role: 'pharmacyAdmin' },
        { accountId: otherAdmin, role: 'pharmacyAdmin' },
        { accountId: pharmacist, role: 'pharmacist' },
      ],
      loginId: async (id) => `${id.slice(-2)}@sunrise.test`,
      holderContact: async (id) => ({
        phone: null,
        language: id === otherAdmin ? 'es' : 'en',
        brandId: 'apothecall',
        firstName: 'Ana',
      }),
    },
    payments: {
      prepayBalance: async () => balance(),
      prepayEntries: async (_id, limit) => entries.slice(0, limit),
      cardsOnFile: async () => [
        { profileId: 'expired-card', brand: 'visa', last4: '1111', valid: false },
        { profileId: 'good-card', brand: 'visa', last4: '4242', valid: true },
      ],
      quote: async (_accountId, item, cents) => ({
        price: cents,
        priceToken: `quote:${item}:${cents}`,
        data: { title: '', msg: '' },
      }),
      async charge(_accountId, input) {
        let charge = charges.find((c) => c.key === input.idempotencyKey);
        if (!charge) {
          const amount = Number(input.priceToken?.split(':').pop());
          charge = {
            id: randomUUID(),
            key: input.idempotencyKey,
            amount,
            card: input.paymentProfileId,
          };
          charges.push(charge);
        }
        return { id: charge.id, amount: charge.amount };
      },
      async creditPrepay(movement) {
        const known = entries.find((e) => e.key === movement.idempotencyKey);
        const entry = known ?? add(movement, movement.amountCents);
        return { entryId: entry.id, balance: balance() };
      },
    },
    audit,
    mailer,
    publicUrl: 'https://app.example.test',
    claimFeeCents: claimFee,
    admin: async (actor) => {
      if (actor.accountId !== admin) {
        throw new AppError(403, 'PHARMACY_ADMIN_ONLY', 'pharmacy.adminOnly');
      }
      return staff;
    },
  });
  const fee = (visitId: string) =>
    add(
      {
        prepayAccountId: sunrise.id,
        amountCents: claimFee,
        idempotencyKey: visitId,
        kind: 'claimFee',
        relatedId: visitId,
      },
      -claimFee,
    );
  return { service, audit, mailer, entries, charges, sunrise, fee };
}

describe('the pharmacy fee account (service, fakes)', () => {
  it("adds dollars by the admin's first valid card, credited once per key, audited", async () => {
    const { service, audit, charges, entries, sunrise } = setUp();
    const input = { amount: 50, payProfileID: null, idempotencyKey: 'top-up-1' };

    await service.addFunds(fakeActor(admin), input);
    const statement = await service.addFunds(fakeActor(admin), input);

    expect(charges).toEqual([
      {
        id: expect.any(String),
        key: `pharmacy-funds:${sunrise.id}:top-up-1`,
        amount: 5000,
        card: 'good-card',
      },
    ]);
    expect(entries.map((e) => [e.kind, e.amountCents, e.key])).toEqual([
      ['topUp', 5000, `topUp:${charges[0]?.id}`],
    ]);
    expect(statement).toMatchObject({ balance: 5000, claimFee, lowBalanceAt: 5 * claimFee });
    expect(audit.rows.map((r) => [r.action, r.detail?.amountCents])).toEqual([
      ['pharmacy.funds.add', 5000],
      ['pharmacy.funds.add', 5000],
    ]);
  });

  it('states each movement with the balance it left, newest first, naming the visit or the charge', async () => {
    const { service, fee, charges } = setUp();
    await service.addFunds(fakeActor(admin), {
      amount: 20,
      payProfileID: 'card-9',
      idempotencyKey: 'k',
    });
    fee('visit-1');
    fee('visit-2');

    const statement = await service.statement(fakeActor(admin));

    expect(charges[0]?.card).toBe('card-9');
    expect(statement.balance).toBe(1400);
    expect(
      statement.entries.map((e) => [e.kind, e.amount, e.balanceAfter, e.visitId, e.chargeId]),
    ).toEqual([
      ['claimFee', -300, 1400, 'visit-2', null],
      ['claimFee', -300, 1700, 'visit-1', null],
      ['topUp', 2000, 2000, null, charges[0]?.id],
    ]);
  });

  it('refuses anyone but the admin: nothing charged, nothing read', async () => {
    const { service, charges, audit } = setUp();

    await expect(
      service.addFunds(fakeActor(pharmacist), {
        amount: 5,
        payProfileID: null,
        idempotencyKey: 'k',
      }),
    ).rejects.toMatchObject({ status: 403, code: 'PHARMACY_ADMIN_ONLY' });
    await expect(service.statement(fakeActor(pharmacist))).rejects.toMatchObject({ status: 403 });
    expect(charges).toEqual([]);
    expect(audit.rows).toEqual([]);
  });

  it('mails each admin in their language when a fee takes the balance under the low mark, and not after', async () => {
    const { service, mailer, sunrise } = setUp();

    await service.feeTaken(sunrise.id, 1600, claimFee); // 1900 to 1600: not low yet
    await service.feeTaken(sunrise.id, 1300, claimFee); // 1600 to 1300: crosses 1500
    await service.feeTaken(sunrise.id, 1000, claimFee); // already low: told once

    expect(mailer.sent.map((m) => m.to)).toEqual(['e1@sunrise.test', 'e2@sunrise.test']);
    expect(mailer.sent[0]?.text).toContain('$13.00');
    expect(mailer.sent[0]?.text).toContain('https://app.example.test/#/pharmacists');
    expect(mailer.sent[1]?.subject).not.toBe(mailer.sent[0]?.subject);
  });
});
