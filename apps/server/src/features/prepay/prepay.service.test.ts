import { randomUUID } from 'node:crypto';
import type { PrepayProgramSettings } from '@apothecall/domain/prepay/prepay.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock, recordingAudit } from '../../../test/fakes';
import { aPharmacy } from '../../../test/fakes-pharmacy';
import { aProgram, prepayRepoOf } from '../../../test/fakes-prepay';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail.service';
import type { SmsSender } from '../../platform/sms.service';
import type { ProgramRecord, ProgramUserRecord } from './prepay.repo';
import { createPrepayService } from './prepay.service';

const holder = '7c2d0b30-0000-4000-8000-0000000000a1';
const reader = '7c2d0b30-0000-4000-8000-0000000000a2';
const stranger = '7c2d0b30-0000-4000-8000-0000000000a3';
const sunrise = aPharmacy({ id: 'org-sunrise' });
const pharmacyId = sunrise.id;
const visitPrice = 2500;

const logins: Record<string, string> = {
  [holder]: 'Owner@Example.test',
  [reader]: 'reader@example.test',
  [stranger]: 'someone@example.test',
};

/**
 * The holder's side of prepay with fakes: the programs and their users in memory, a payments
 * port that charges what it quoted once per key, and a pharmacy (verified) the holder may
 * administer. Token calls are prepay-tokens.service.test.ts's.
 */
function setUp(options: { pharmacyAdmin?: boolean } = {}) {
  const clock = fakeClock();
  const audit = recordingAudit();
  const programs: ProgramRecord[] = [];
  const users: ProgramUserRecord[] = [];
  const added: { programId: string; visits: number; key: string }[] = [];
  const charges: { id: string; key: string; amount: number; description: string }[] = [];
  const find = (id: string) => programs.find((p) => p.id === id);
  const repo = prepayRepoOf({
    program: async (id) => find(id),
    users: async (programId) => users.filter((u) => u.programId === programId),
    async setUsers(programId, list) {
      for (let i = users.length - 1; i >= 0; i -= 1) {
        if (users[i]?.programId === programId) users.splice(i, 1);
      }
      users.push(
        ...list.map((u) => ({ programId, email: u.email.toLowerCase(), visitLimit: u.visitLimit })),
      );
    },
    visitsUsed: async () => new Map(),
    visitsByEmail: async () => new Map([['reader@example.test', 2]]),
    token: async () => undefined,
    async createProgram(values, purchase) {
      const found = programs.find(
        (p) => p.ownerAccountId === values.ownerAccountId && p.purchaseKey === values.purchaseKey,
      );
      if (found) return found;
      const program = aProgram(values.ownerAccountId, {
        ...values,
        balance: purchase.visits,
        visitCount: purchase.visits,
      });
      programs.push(program);
      return program;
    },
    async addVisits(programId, movement) {
      const program = find(programId);
      if (!program) return undefined;
      if (!added.some((a) => a.key === movement.key)) {
        added.push({ programId, visits: movement.visits, key: movement.key });
        program.balance += movement.visits;
      }
      return program;
    },
    async updateSettings(id, settings) {
      const program = find(id);
      if (program) Object.assign(program, settings);
      return program;
    },
  });
  const service = createPrepayService({
    repo,
    accounts: {
      loginId: async (id) => logins[id],
      membership: async (id) =>
        id === holder && options.pharmacyAdmin
          ? {
              role: 'pharmacyAdmin',
              organizationType: 'pharmacy',
              organizationId: pharmacyId,
              permissions: [],
              disabled: false,
            }
          : undefined,
    },
    payments: {
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
            description: input.description ?? '',
          };
          charges.push(charge);
        }
        return { id: charge.id, amount: charge.amount };
      },
    },
    pharmacy: {
      organization: async (id) => (id === pharmacyId ? sunrise : undefined),
      verification: async (id) =>
        id === pharmacyId ? { verified: true, mismatches: [] } : undefined,
    },
    audit,
    // Mail and texts carry tokens only (prepay-tokens.service.test.ts): none in these paths.
    mailer: { send: async () => expect.fail('no mail here') } as unknown as Mailer,
    sms: { send: async () => expect.fail('no text here') } as unknown as SmsSender,
    limiter: { hit: async () => 0, peek: async () => 0 },
    publicUrl: 'https://app.example.test',
    visitPriceCents: visitPrice,
    now: clock.now,
  });
  const seed = (overrides: Partial<ProgramRecord> = {}) => {
    const program = aProgram(holder, overrides);
    programs.push(program);
    users.push({ programId: program.id, email: 'reader@example.test', visitLimit: 3 });
    return program;
  };
  return { service, audit, programs, users, charges, added, seed };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { status, code, messageKey } = error as AppError;
  return { status, code, messageKey };
}

const settings = (overrides: Partial<PrepayProgramSettings> = {}): PrepayProgramSettings => ({
  name: 'Sunrise visits',
  description: '',
  rewardAmt: 0,
  patientAmt: 0,
  priceMsg: '',
  visitType: 'rx',
  perAccountLimit: 0,
  reuseIntervalDays: 0,
  lowBalanceLimit: 0,
  reasonRestriction: [],
  pharmacyRestriction: [],
  checkoutMessage: '',
  notifications: {
    email: null,
    phone: null,
    lowBalance: { email: false, sms: false },
    prepayClaimed: { email: false, sms: false },
    prepayRx: { email: false, sms: false },
    prepayRxDenied: { email: false, sms: false },
  },
  ...overrides,
});

describe('prepay programs, the holder side (service, fakes)', () => {
  it('answers a stranger 404 on a program, audited as denied; an authorized user reads it but may not manage it', async () => {
    const { service, audit, seed } = setUp();
    const program = seed();

    expect(await refusal(service.get(fakeActor(stranger), program.id))).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    const read = await service.get(fakeActor(reader), program.id);
    expect(read).toMatchObject({ id: program.id, owner: false, authorized: true });
    expect(await refusal(service.transactions(fakeActor(reader), program.id))).toMatchObject({
      status: 404,
    });

    expect(audit.rows.map((r) => [r.outcome, r.action, r.actorAccountId])).toEqual([
      ['denied', 'prepay.program.read', stranger],
      ['denied', 'prepay.program.manage', reader],
    ]);
    expect(audit.rows[0]?.detail).toEqual({
      reason: 'not-found-or-not-allowed',
      programId: program.id,
    });
  });

  it("buys a pharmacy's program: the visits charged once per key, its prescriptions sent to the pharmacy, its users kept", async () => {
    const { service, audit, charges, users } = setUp({ pharmacyAdmin: true });
    const input = {
      name: 'Flu season',
      visitCount: 4,
      payProfileID: null,
      idempotencyKey: 'key-1',
      lowBalanceLimit: 1,
      authorizedUsers: ['Nurse@Example.test', 'nurse@example.test'],
    };

    const bought = await service.purchase(fakeActor(holder), input);
    const replay = await service.purchase(fakeActor(holder), input);

    expect(replay.id).toBe(bought.id);
    expect(charges).toEqual([
      {
        id: expect.any(String),
        key: `prepay:purchase:${holder}:key-1`,
        amount: 4 * visitPrice,
        description: 'Prepay program: 4 visits',
      },
    ]);
    expect(bought).toMatchObject({
      owner: true,
      balance: 4,
      pharmacy: { id: pharmacyId, name: 'Sunrise Pharmacy' },
      pharmacies: [{ id: pharmacyId, name: 'Sunrise Pharmacy' }],
      notifications: { email: 'desk@sunrise.test', lowBalance: { email: true, sms: false } },
    });
    expect(users.map((u) => u.email)).toEqual(['nurse@example.test']);
    expect(audit.rows.filter((r) => r.action === 'prepay.program.purchase')).toHaveLength(2);
    expect(audit.rows[0]?.detail).toEqual({
      programId: bought.id,
      visits: 4,
      chargeId: charges[0]?.id,
    });
  });

  it('adds visits by card once per key, for the holder only', async () => {
    const { service, seed, added, charges } = setUp();
    const program = seed({ balance: 2 });
    const input = { programId: program.id, visits: 3, payProfileID: null, idempotencyKey: 'k' };

    await service.addFunds(fakeActor(holder), input);
    const view = await service.addFunds(fakeActor(holder), input);

    expect(view.balance).toBe(5);
    expect(added).toEqual([{ programId: program.id, visits: 3, key: `funds:${program.id}:k` }]);
    expect(charges.map((c) => c.amount)).toEqual([3 * visitPrice]);
    expect(await refusal(service.addFunds(fakeActor(reader), input))).toMatchObject({
      status: 404,
    });
  });

  it('refuses a restriction to an unknown treatment or an unverified pharmacy, changing nothing', async () => {
    const { service, seed, audit } = setUp();
    const program = seed();

    expect(
      await refusal(
        service.update(fakeActor(holder), program.id, settings({ reasonRestriction: ['nope'] })),
      ),
    ).toEqual({
      status: 400,
      code: 'PREPAY_PROGRAM_NOT_UPDATED',
      messageKey: 'prepay.restriction.unknownProduct',
    });
    expect(
      await refusal(
        service.update(
          fakeActor(holder),
          program.id,
          settings({ pharmacyRestriction: ['org-elsewhere'] }),
        ),
      ),
    ).toMatchObject({ status: 400, messageKey: 'prepay.restriction.unknownPharmacy' });
    expect(program.reasonRestriction).toEqual([]);
    expect(audit.rows).toEqual([]);

    const updated = await service.update(
      fakeActor(holder),
      program.id,
      settings({ reasonRestriction: ['ldn', 'ldn'], name: 'Renamed' }),
    );
    expect(updated).toMatchObject({ name: 'Renamed', reasonRestriction: ['ldn'] });
    expect(audit.rows.map((r) => r.action)).toEqual(['prepay.program.update']);
  });

  it('refuses the same authorized user twice whatever its case, and lists them with their visits', async () => {
    const { service, seed, users, audit } = setUp();
    const program = seed();

    expect(
      await refusal(
        service.setAuthorized(fakeActor(holder), program.id, {
          allowedUsers: [
            { email: 'a@example.test', visitLimit: 1 },
            { email: 'A@Example.test', visitLimit: 2 },
          ],
        }),
      ),
    ).toEqual({
      status: 400,
      code: 'PREPAY_USERS_NOT_UPDATED',
      messageKey: 'prepay.users.duplicate',
    });
    expect(users.map((u) => u.email)).toEqual(['reader@example.test']);

    const listed = await service.setAuthorized(fakeActor(holder), program.id, {
      allowedUsers: [
        { email: 'Reader@Example.test', visitLimit: 5 },
        { email: 'b@example.test', visitLimit: 0 },
      ],
    });
    expect(listed).toEqual([
      { email: 'reader@example.test', visitLimit: 5, visitsUsed: 2 },
      { email: 'b@example.test', visitLimit: 0, visitsUsed: 0 },
    ]);
    expect(audit.rows.map((r) => [r.action, r.detail])).toEqual([
      ['prepay.program.authorized', { programId: program.id, users: 2 }],
    ]);
  });
});
