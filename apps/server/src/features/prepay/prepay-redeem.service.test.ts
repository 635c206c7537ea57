import { describe, expect, it } from 'vitest';
import { fakeActor, fakeClock } from '../../../test/fakes';
import { aProgram, aToken, memoryRedemptions, prepayRepoOf } from '../../../test/fakes-prepay';
import { AppError } from '../../platform/errors';
import type { SendOptions } from '../../platform/jobs/jobs';
import type { PrepayVisit } from './prepay.port';
import type { ProgramRecord, ProgramUserRecord, TokenRecord } from './prepay.repo';
import { createPrepayRedeemService } from './prepay-redeem.service';

const holder = '5a1e0c10-0000-4000-8000-0000000000a1';
const patient = '5a1e0c10-0000-4000-8000-0000000000a2';
const caller = fakeActor(patient);

const visit = (ref: string, overrides: Partial<PrepayVisit> = {}): PrepayVisit => ({
  ref,
  accountId: patient,
  personId: patient,
  email: 'Nora@Example.test',
  productId: 'ldn',
  pharmacyId: null,
  ...overrides,
});

/** The `prepay.notice` job a notice is, keyed by its kind and the redemption that caused it. */
const notice = (kind: string, programId: string, redemptionId: string) => ({
  name: 'prepay.notice',
  payload: { programId, kind },
  options: { idempotencyKey: `prepay.notice:${kind}:${redemptionId}` },
});

/**
 * The patient's side of prepay with its tables in memory: one program of the holder's, its
 * tokens and authorized users, and the holder's notices as the jobs they queue.
 */
function setUp(
  program: ProgramRecord,
  tokens: TokenRecord[] = [],
  users: ProgramUserRecord[] = [],
) {
  const clock = fakeClock();
  const programs = [program];
  const tables = memoryRedemptions(programs, tokens, users);
  const notices: { name: string; payload: unknown; options?: SendOptions }[] = [];
  const service = createPrepayRedeemService({
    repo: prepayRepoOf({
      ...tables.repo,
      token: async (code) => tokens.find((t) => t.code === code && !t.deletedAt),
      program: async (id) => programs.find((p) => p.id === id),
      programByCode: async (code) => programs.find((p) => p.code === code),
    }),
    pharmacy: {
      organization: async (id) => (id === 'ph-1' ? pharmacyNamed('Main St') : undefined),
    },
    jobs: {
      send: async (name, payload, options) => {
        notices.push({ name, payload, options });
        return `job-${notices.length}`;
      },
    },
    now: clock.now,
  });
  return { service, notices, redemptions: tables.redemptions, clock };
}

function pharmacyNamed(name: string) {
  return {
    id: 'ph-1',
    name,
    ncpdpId: '1234567',
    npi: '1234567890',
    address1: '1 Main St',
    address2: '',
    city: 'Tampa',
    state: 'FL',
    zip: '33601',
    phone: '',
    fax: '',
    acceptsErx: true,
    serviceStates: ['FL'],
    notifyEmail: null,
    notifyPhone: null,
    verifiedAt: new Date('2026-01-01T00:00:00.000Z'),
    mismatches: [],
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
  };
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

describe('prepay redemptions (service, fakes)', () => {
  it('takes one visit for a token, tells the holder once, and answers a replay without a second visit', async () => {
    const program = aProgram(holder);
    const token = aToken(program.id);
    const { service, notices, redemptions } = setUp(program, [token]);

    const first = await service.redeem(caller, ' tokencode234 ', visit('rx:visit-1'));
    const again = await service.redeem(caller, 'TOKENCODE234', visit('rx:visit-1'));

    expect(again.redemptionId).toBe(first.redemptionId);
    expect(first.offer).toMatchObject({ programName: 'Sunrise visits', kind: 'token' });
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]).toMatchObject({ email: 'nora@example.test', state: 'claimed' });
    expect(program.balance).toBe(9);
    expect(token).toMatchObject({ state: 'claimed', claimCount: 1 });
    expect(notices).toEqual([notice('prepayClaimed', program.id, first.redemptionId)]);
  });

  it('tells the holder of a low balance when a redemption crosses the limit, and not after', async () => {
    const program = aProgram(holder, { balance: 3, lowBalanceLimit: 2 });
    const tokens = [
      aToken(program.id, { code: 'FIRSTCODE234' }),
      aToken(program.id, { code: 'SECONDCODE23' }),
    ];
    const { service, notices } = setUp(program, tokens);

    const first = await service.redeem(caller, 'FIRSTCODE234', visit('rx:visit-1'));
    program.lowBalanceNoticed = true; // as the repo sets it while at or under the limit
    const second = await service.redeem(caller, 'SECONDCODE23', visit('rx:visit-2'));

    expect(notices).toEqual([
      notice('prepayClaimed', program.id, first.redemptionId),
      notice('lowBalance', program.id, first.redemptionId),
      notice('prepayClaimed', program.id, second.redemptionId),
    ]);
  });

  it('refuses a treatment the program does not pay for, writing nothing', async () => {
    const program = aProgram(holder, { reasonRestriction: ['cialis'] });
    const { service, notices, redemptions } = setUp(program, [aToken(program.id)]);

    expect(await refusal(service.redeem(caller, 'TOKENCODE234', visit('rx:visit-1')))).toEqual({
      status: 409,
      code: 'PREPAY_RESTRICTED',
      messageKey: 'prepay.restricted.treatment',
    });
    expect(redemptions).toEqual([]);
    expect(program.balance).toBe(10);
    expect(notices).toEqual([]);
  });

  it('refuses a prescription going elsewhere than the pharmacies the program names', async () => {
    const program = aProgram(holder, { pharmacyRestriction: ['ph-1'] });
    const { service } = setUp(program, [aToken(program.id)]);

    expect(await refusal(service.quote(caller, 'TOKENCODE234', visit('rx:visit-1')))).toEqual({
      status: 409,
      code: 'PREPAY_RESTRICTED',
      messageKey: 'prepay.restricted.pharmacy',
    });
    const offer = await service.quote(
      caller,
      'TOKENCODE234',
      visit('rx:visit-1', { pharmacyId: 'ph-1' }),
    );
    expect(offer.pharmacies).toEqual([{ id: 'ph-1', name: 'Main St' }]);
  });

  it('answers an unknown code, and a program code without authorized users, as not found', async () => {
    const program = aProgram(holder);
    const { service, redemptions } = setUp(program);

    const unknown = await refusal(service.redeem(caller, 'NOSUCHCODE23', visit('rx:visit-1')));
    const programCode = await refusal(service.redeem(caller, 'PROGRAMCODE1', visit('rx:visit-1')));

    expect(unknown).toEqual({ status: 404, code: 'NOT_FOUND', messageKey: 'prepay.code.unknown' });
    expect(programCode).toEqual(unknown);
    expect(redemptions).toEqual([]);
  });

  it("lets an authorized user pay with the program's code within their visit limit", async () => {
    const program = aProgram(holder);
    const users = [{ programId: program.id, email: 'nora@example.test', visitLimit: 1 }];
    const { service, redemptions } = setUp(program, [], users);

    const paid = await service.redeem(caller, 'PROGRAMCODE1', visit('rx:visit-1'));
    expect(paid.offer.kind).toBe('program');
    const second = await refusal(service.redeem(caller, 'PROGRAMCODE1', visit('rx:visit-2')));

    expect(second).toMatchObject({ status: 409, code: 'PREPAY_LIMIT_REACHED' });
    expect(redemptions).toHaveLength(1);
  });

  it('prices a visit without taking it: a quote writes nothing', async () => {
    const program = aProgram(holder, { checkoutMessage: 'Paid by Sunrise' });
    const { service, redemptions, notices } = setUp(program, [aToken(program.id)]);

    const offer = await service.quote(caller, 'TOKENCODE234', visit('rx:visit-1'));

    expect(offer).toMatchObject({ kind: 'token', checkoutMessage: 'Paid by Sunrise' });
    expect(redemptions).toEqual([]);
    expect(program.balance).toBe(10);
    expect(notices).toEqual([]);
  });

  it('settles a denial by crediting the visit back and telling the holder; a second settle tells nothing', async () => {
    const program = aProgram(holder);
    const { service, notices, redemptions } = setUp(program, [aToken(program.id)]);
    const { redemptionId } = await service.redeem(caller, 'TOKENCODE234', visit('rx:visit-1'));
    notices.length = 0;

    await service.settle('rx:visit-1', 'denied');
    await service.settle('rx:visit-1', 'claimedWithRx');

    expect(redemptions[0]?.state).toBe('denied');
    expect(program.balance).toBe(10);
    expect(notices).toEqual([notice('prepayRxDenied', program.id, redemptionId)]);
    expect(await service.visitPrepay(['rx:visit-1', 'rx:other'])).toEqual(
      new Map([
        ['rx:visit-1', { programName: 'Sunrise visits', token: 'TOKENCODE234', state: 'denied' }],
      ]),
    );
  });
});
