import { randomUUID } from 'node:crypto';
import type { AddCardInput } from '@apothecall/domain/payments/payments.api';
import { describe, expect, it } from 'vitest';
import { fakeClock, only, recordingAudit } from '../../../test/fakes';
import { type CardInput, GatewayError, type PaymentGateway } from '../../platform/payments/gateway';
import type { CardsRepo, ProfileRecord } from './cards.repo';
import { createCardsService } from './cards.service';
import type { SecretsRepo } from './secrets.repo';

const maria = '9d4f6a70-0000-4000-8000-000000000001';
const nora = '9d4f6a70-0000-4000-8000-000000000002';
const origin = { ip: '203.0.113.7', requestId: 'req-1' };

/** Cards on file in memory, and a gateway that stores cards unless told to refuse. */
function setup() {
  const clock = fakeClock();
  const customers = new Map<string, string>();
  const profiles: (ProfileRecord & { accountId: string; deletedAt: Date | null })[] = [];
  const cards = only<CardsRepo>(
    {
      async customerOf(accountId) {
        return customers.get(accountId);
      },
      async saveCustomer(accountId, _gateway, id) {
        customers.set(accountId, id);
      },
      async listProfiles(accountId) {
        return profiles
          .filter((p) => p.accountId === accountId && !p.deletedAt)
          .map(({ accountId: _, deletedAt: __, ...p }) => p);
      },
      async findProfile(accountId, id) {
        const found = profiles.find(
          (p) => p.accountId === accountId && p.id === id && !p.deletedAt,
        );
        return found ? { ...found } : undefined;
      },
      async insertProfile(accountId, _gateway, profile) {
        profiles.push({ ...profile, id: randomUUID(), valid: true, accountId, deletedAt: null });
      },
      async deleteProfile(id, at) {
        const found = profiles.find((p) => p.id === id);
        if (found) found.deletedAt = at;
      },
    },
    'cards repo',
  );
  const secrets: SecretsRepo = { secret: async (_name, make) => make() };
  const gatewayCalls: string[] = [];
  const sentCards: CardInput[] = [];
  let refuse: GatewayError | undefined;
  let deleteRefusal: GatewayError | undefined;
  const gateway = only<PaymentGateway>(
    {
      name: 'test-gateway',
      async createCustomer(input) {
        gatewayCalls.push(`createCustomer ${input.merchantCustomerId} ${input.email}`);
        return { customerProfileId: `cust-${customers.size + 1}` };
      },
      async addCard(customer, card) {
        gatewayCalls.push(`addCard ${customer}`);
        sentCards.push(card);
        if (refuse) throw refuse;
        return {
          paymentProfileId: `pp-${sentCards.length}`,
          brand: 'visa',
          last4: card.number.slice(-4),
          expiration: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`,
        };
      },
      async deleteCard(customer, paymentProfileId) {
        gatewayCalls.push(`deleteCard ${customer} ${paymentProfileId}`);
        if (deleteRefusal) throw deleteRefusal;
      },
    },
    'gateway',
  );
  const audit = recordingAudit();
  const service = createCardsService({
    cards,
    secrets,
    gateway,
    audit,
    loginIdOf: async (id) => `${id.slice(0, 4)}@example.com`,
    now: clock.now,
  });
  return {
    service,
    profiles,
    customers,
    gatewayCalls,
    sentCards,
    audit,
    clock,
    refuse: (error: GatewayError | undefined) => {
      refuse = error;
    },
    refuseDelete: (error: GatewayError | undefined) => {
      deleteRefusal = error;
    },
  };
}

const card = (number = '4111111111111111'): AddCardInput => ({
  profileID: null,
  signature: null,
  card: {
    cardHolderName: 'Maria Lopez',
    ccNumber: number,
    cvv: '123',
    expiration: '04/29',
    cardZip: '33101',
  },
});

describe('adding a card', () => {
  it('makes the gateway customer once, sends the card to the gateway only, and lists it with a signed profile id', async () => {
    const { service, profiles, customers, gatewayCalls, sentCards, audit } = setup();
    const listed = await service.add(maria, card(), origin);
    expect(customers.get(maria)).toBe('cust-1');
    expect(gatewayCalls[0]).toBe(
      `createCustomer ${maria.replaceAll('-', '').slice(0, 20)} 9d4f@example.com`,
    );
    expect(sentCards[0]).toMatchObject({
      number: '4111111111111111',
      cvv: '123',
      expMonth: 4,
      expYear: 2029,
    });
    // Only the gateway's ids, brand, last four and expiry are kept.
    expect(JSON.stringify(profiles)).not.toContain('4111111111111111');
    expect(listed.payProfileID).toBe('cust-1');
    expect(listed.payProfileSignature).toEqual(expect.any(String));
    expect(listed.payProfiles).toEqual([
      {
        card: {
          profileID: 'pp-1',
          cardType: 'visa',
          last4: '1111',
          expiration: '04/29',
          paymentProfileValid: true,
        },
      },
    ]);
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'card.add',
        actorAccountId: maria,
        subject: { accountId: maria },
        detail: { brand: 'visa', last4: '1111' },
      },
    ]);
  });

  it('refuses the same card twice (409 CARD_ON_FILE) without asking the gateway, audited as a failure', async () => {
    const { service, gatewayCalls, audit } = setup();
    const first = await service.add(maria, card(), origin);
    const again = {
      ...card(),
      profileID: first.payProfileID,
      signature: first.payProfileSignature,
    };
    await expect(service.add(maria, again, origin)).rejects.toMatchObject({
      status: 409,
      code: 'CARD_ON_FILE',
    });
    expect(gatewayCalls.filter((c) => c.startsWith('addCard'))).toHaveLength(1);
    expect(audit.rows.at(-1)).toMatchObject({
      outcome: 'failure',
      detail: { reason: 'already-on-file', last4: '1111' },
    });
  });

  it("answers a forged or another account's profile signature not found", async () => {
    const { service } = setup();
    const mine = await service.add(maria, card(), origin);
    await service.add(nora, card('5555555555554444'), origin);
    await expect(
      service.add(
        maria,
        { ...card('5555555555554444'), profileID: mine.payProfileID, signature: 'forged' },
        origin,
      ),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      service.add(
        nora,
        {
          ...card('4012888888881881'),
          profileID: mine.payProfileID,
          signature: mine.payProfileSignature,
        },
        origin,
      ),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("gives the gateway's refusals as the spec's messages, audited with the kind", async () => {
    const { service, profiles, audit, refuse } = setup();
    const cases: [GatewayError, number, string][] = [
      [new GatewayError('declined', '2', 'declined'), 400, 'CARD_DECLINED'],
      [new GatewayError('avs', '27', 'avs'), 400, 'CARD_AVS_MISMATCH'],
      [new GatewayError('invalid', '6', 'bad number'), 400, 'CARD_INVALID'],
      [new GatewayError('error', 'E', 'down'), 503, 'PAYMENT_UNAVAILABLE'],
    ];
    for (const [error, status, code] of cases) {
      refuse(error);
      await expect(service.add(maria, card(), origin)).rejects.toMatchObject({ status, code });
    }
    expect(profiles).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.detail?.reason])).toEqual([
      ['failure', 'declined'],
      ['failure', 'avs'],
      ['failure', 'invalid'],
      ['failure', 'error'],
    ]);
  });
});

describe('removing a card', () => {
  it('deletes it at the gateway and here (a card the gateway no longer has too), audited', async () => {
    const { service, profiles, gatewayCalls, audit, clock, refuseDelete } = setup();
    const one = await service.add(maria, card(), origin);
    const listed = await service.add(
      maria,
      {
        ...card('5555555555554444'),
        profileID: one.payProfileID,
        signature: one.payProfileSignature,
      },
      origin,
    );
    const [first, second] = profiles;
    const signed = {
      profileID: listed.payProfileID ?? '',
      signature: listed.payProfileSignature ?? '',
    };
    await service.remove(maria, { ...signed, paymentID: first?.id ?? '' }, origin);
    refuseDelete(new GatewayError('not-found', 'E40', 'gone'));
    const after = await service.remove(maria, { ...signed, paymentID: second?.id ?? '' }, origin);
    expect(after.payProfiles).toEqual([]);
    expect(first?.deletedAt).toEqual(clock.now());
    expect(gatewayCalls.filter((c) => c.startsWith('deleteCard'))).toEqual([
      'deleteCard cust-1 pp-1',
      'deleteCard cust-1 pp-2',
    ]);
    expect(audit.rows.filter((r) => r.action === 'card.delete').map((r) => r.detail)).toEqual([
      { last4: '1111' },
      { last4: '4444' },
    ]);
  });

  it('keeps the card when the gateway fails, and refuses an unknown card or a bad signature', async () => {
    const { service, profiles, refuseDelete } = setup();
    const listed = await service.add(maria, card(), origin);
    const signed = {
      profileID: listed.payProfileID ?? '',
      signature: listed.payProfileSignature ?? '',
    };
    const paymentID = profiles[0]?.id ?? '';
    refuseDelete(new GatewayError('error', 'E', 'down'));
    await expect(service.remove(maria, { ...signed, paymentID }, origin)).rejects.toMatchObject({
      status: 503,
    });
    await expect(
      service.remove(maria, { ...signed, paymentID: randomUUID() }, origin),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      service.remove(maria, { ...signed, signature: 'x', paymentID }, origin),
    ).rejects.toMatchObject({ status: 404 });
    expect(profiles[0]?.deletedAt).toBeNull();
  });
});
