import { describe, expect, it } from 'vitest';
import { fakeClock, only } from '../../../test/fakes';
import { AppError } from '../../platform/errors';
import type { SendOptions } from '../../platform/jobs/jobs';
import { createRenewals } from './subscription-renewals';
import type { SubscriptionRecord, SubscriptionsRepo } from './subscriptions.repo';

const paid = '6e4d0a40-0000-4000-8000-0000000000a1';
const retried = '6e4d0a40-0000-4000-8000-0000000000a2';
const ended = '6e4d0a40-0000-4000-8000-0000000000a3';
const declinedCard = 'card-declined';

function subscription(overrides: Partial<SubscriptionRecord>): SubscriptionRecord {
  return {
    id: paid,
    accountId: '6e4d0a40-0000-4000-8000-000000000001',
    company: 'acme',
    kind: 'rx',
    plan: null,
    period: null,
    serviceId: 'hair',
    months: 3,
    billedCents: 6000,
    status: 'active',
    renewAt: new Date('2026-03-01T00:00:00.000Z'),
    cycle: 1,
    failedRenewals: 0,
    retryAt: null,
    paymentProfileId: 'card-1',
    purchaseKey: 'buy-1',
    startedAt: new Date('2025-12-01T00:00:00.000Z'),
    cancelledAt: null,
    cancelReason: null,
    endedAt: null,
    refunded: false,
    createdAt: new Date('2025-12-01T00:00:00.000Z'),
    ...overrides,
  } as SubscriptionRecord;
}

describe('renewals', () => {
  it("queues the member's notices as jobs, each keyed by the subscription, kind and cycle (and try)", async () => {
    const clock = fakeClock();
    const sent: { name: string; payload: unknown; options?: SendOptions }[] = [];
    const renewals = createRenewals({
      repo: only<SubscriptionsRepo>({
        due: async () => [
          subscription({ id: paid }),
          subscription({ id: retried, paymentProfileId: declinedCard }),
          subscription({ id: ended, paymentProfileId: declinedCard, failedRenewals: 2 }),
        ],
        advance: async () => true,
        recordFailure: async () => true,
      }),
      payments: {
        cardsOnFile: async () => [
          { profileId: 'card-1', brand: 'Visa', last4: '4242', valid: true },
          { profileId: declinedCard, brand: 'Visa', last4: '0002', valid: true },
        ],
        quote: async (_accountId, item, priceCents) => ({
          price: priceCents,
          priceToken: `quote-${item}`,
          data: { title: '', msg: '' },
        }),
        charge: async (_accountId, input) => {
          if (input.paymentProfileId === declinedCard) {
            throw new AppError(400, 'CARD_DECLINED', 'payments.declined');
          }
          return { id: 'ledger-1', amount: 6000 };
        },
      },
      jobs: {
        send: async (name, payload, options) => {
          sent.push({ name, payload, options });
          return `job-${sent.length}`;
        },
      },
      attempts: 3,
      retryMs: 24 * 60 * 60_000,
      now: clock.now,
    });

    expect(await renewals.renewDue()).toEqual({
      renewed: 1,
      declined: 1,
      ended: 1,
      lapsed: 0,
      deferred: 0,
    });
    const notice = (subscriptionId: string, kind: string, ref: string) => ({
      name: 'subscriptions.notice',
      payload: { subscriptionId, kind },
      options: { idempotencyKey: `subscriptions.notice:${subscriptionId}:${kind}:${ref}` },
    });
    expect(sent).toEqual([
      notice(paid, 'receipt', '2'),
      notice(retried, 'retry', '2:1'),
      notice(ended, 'inactive', '2'),
    ]);
  });
});
