import { randomUUID } from 'node:crypto';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import type { GatewayTransaction } from '../../platform/payments/gateway';
import type { LedgerRecord } from './ledger.repo';
import type { MoneyAdminRepo } from './money-admin.repo';
import { backOfficeRefundKey, createMoneyAdminService } from './money-admin.service';

const admin = 'b2d4f6a0-0000-4000-8000-000000000001';
const support = 'b2d4f6a0-0000-4000-8000-000000000002';
const maria = 'b2d4f6a0-0000-4000-8000-000000000003';
const nora = 'b2d4f6a0-0000-4000-8000-000000000004';
const roles: Record<string, string> = { [admin]: 'admin', [support]: 'support' };

const entry = (overrides: Partial<LedgerRecord> = {}): LedgerRecord => ({
  id: randomUUID(),
  accountId: maria,
  kind: 'charge',
  state: 'succeeded',
  idempotencyKey: randomUUID(),
  fingerprint: 'f',
  invoiceNumber: `INV${randomUUID().slice(0, 8)}`,
  amountCents: 4900,
  creditCents: 0,
  cardCents: 4900,
  paymentProfileId: 'pp-1',
  cardBrand: 'visa',
  cardLast4: '1111',
  cardHolder: 'Maria Lopez',
  gatewayTransactionId: `tx-${randomUUID()}`,
  relatedId: null,
  description: 'Visit',
  errorCode: null,
  createdAt: new Date('2026-03-02T12:00:00.000Z'),
  ...overrides,
});

/** The ledger in memory; `refundOnce` adds one refund per key as the charges service does. */
function setup(rows: LedgerRecord[], gateway: Map<string, GatewayTransaction> = new Map()) {
  const refunds: { accountId: string; chargeId: string; key: string }[] = [];
  const pages: { accountIds: readonly string[] | undefined; offset: number }[] = [];
  let gatewayDown = false;
  const repo: MoneyAdminRepo = {
    async page(_filters, accountIds, offset, limit) {
      pages.push({ accountIds, offset });
      const own = rows.filter((r) => !accountIds || accountIds.includes(r.accountId));
      return { rows: own.slice(offset, offset + limit), total: own.length };
    },
    async refundedAmong(ids) {
      return new Set(
        rows
          .filter(
            (r) =>
              r.kind === 'refund' &&
              r.state !== 'failed' &&
              r.relatedId &&
              ids.includes(r.relatedId),
          )
          .map((r) => r.relatedId as string),
      );
    },
    async byId(id) {
      return rows.find((r) => r.id === id);
    },
    async byKey(key) {
      return rows.filter((r) => r.idempotencyKey === key);
    },
    async ofDay(from, to) {
      return rows.filter((r) => r.createdAt >= from && r.createdAt < to);
    },
  };
  const audit = recordingAudit();
  const service = createMoneyAdminService({
    repo,
    ledger: {
      refundOf: async (chargeId) =>
        rows.find((r) => r.kind === 'refund' && r.relatedId === chargeId),
    },
    charges: {
      async refundOnce(accountId, chargeId, key) {
        refunds.push({ accountId, chargeId, key });
        const known = rows.find((r) => r.kind === 'refund' && r.idempotencyKey === key);
        if (known) return { entry: { id: known.id } as TransactionEntry, created: false };
        const refund = entry({
          accountId,
          kind: 'refund',
          idempotencyKey: key,
          relatedId: chargeId,
        });
        rows.push(refund);
        return { entry: { id: refund.id } as TransactionEntry, created: true };
      },
    },
    accounts: {
      membership: async (id) => {
        const role = roles[id];
        return role
          ? { role, organizationType: null, organizationId: null, permissions: [], disabled: false }
          : undefined;
      },
      brandsAndNames: async (ids) =>
        new Map(
          ids.map((id) => [id, { brandId: 'sunny', name: id === maria ? 'Maria Lopez' : 'Nora' }]),
        ),
      accountIdsOfBrand: async (brand) => (brand === 'sunny' ? [maria] : []),
    },
    gateway: {
      findTransaction: async (id) => {
        if (gatewayDown) throw new Error('down');
        return gateway.get(id);
      },
      findByInvoice: async (invoice) => gateway.get(invoice),
    },
    audit,
  });
  return {
    service,
    rows,
    refunds,
    pages,
    audit,
    downGateway: () => {
      gatewayDown = true;
    },
  };
}

describe('the money list', () => {
  it("shows entries with their holder, reference and whether refunded, filtered by a brand's accounts", async () => {
    const charge = entry();
    const refund = entry({ kind: 'refund', relatedId: charge.id });
    const { service, pages } = setup([charge, refund, entry({ accountId: nora })]);
    const page = await service.transactions(fakeActor(admin), { brand: 'sunny', page: 1 });
    expect(pages[0]?.accountIds).toEqual([maria]);
    expect(page.total).toBe(2);
    expect(page.transactions[0]).toMatchObject({
      id: charge.id,
      reference: charge.id.replace(/-/g, '').slice(0, 8).toUpperCase(),
      brand: 'sunny',
      accountName: 'Maria Lopez',
      refunded: true,
      card: { brand: 'visa', last4: '1111' },
    });
    expect(page.transactions[1]?.refunded).toBe(false);
  });

  it('is refused to support (money is none) with the refusal audited', async () => {
    const { service, audit } = setup([entry()]);
    await expect(service.transactions(fakeActor(support), { page: 1 })).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    expect(audit.rows).toMatchObject([{ outcome: 'denied', action: 'backoffice.money' }]);
  });
});

describe('a back-office refund', () => {
  it('refunds a succeeded charge once under its own key space, audited once with the reason', async () => {
    const charge = entry();
    const { service, refunds, audit } = setup([charge]);
    const input = { reason: 'Patient asked', idempotencyKey: 'key-12345' };
    const shown = await service.refund(fakeActor(admin), charge.id, input);
    expect(shown).toMatchObject({ kind: 'refund', relatedId: charge.id, accountId: maria });
    const again = await service.refund(fakeActor(admin), charge.id, input);
    expect(again.id).toBe(shown.id);
    expect(refunds.map((r) => r.key)).toEqual([
      backOfficeRefundKey('key-12345'),
      backOfficeRefundKey('key-12345'),
    ]);
    expect(audit.rows).toEqual([
      {
        outcome: 'success',
        action: 'backoffice.money.refund',
        actorAccountId: admin,
        subject: { accountId: maria },
        detail: {
          chargeId: charge.id,
          refundId: shown.id,
          amountCents: 4900,
          reason: 'Patient asked',
        },
      },
    ]);
  });

  it('refuses a refund of a refund, of a charge not succeeded, of one refunded under another key, and a key used elsewhere', async () => {
    const refunded = entry();
    const failed = entry({ state: 'failed' });
    const fresh = entry();
    const earlier = entry({ kind: 'refund', relatedId: refunded.id });
    const used = entry({ idempotencyKey: backOfficeRefundKey('taken-key') });
    const { service, refunds } = setup([refunded, failed, fresh, earlier, used]);
    const reason = 'r';
    const cases: [string, string, string][] = [
      [earlier.id, 'k-1', 'ofRefund'],
      [failed.id, 'k-2', 'notSucceeded'],
      [refunded.id, 'k-3', 'alreadyRefunded'],
      [fresh.id, 'taken-key', 'keyUsed'],
    ];
    for (const [id, idempotencyKey, which] of cases) {
      await expect(
        service.refund(fakeActor(admin), id, { reason, idempotencyKey }),
      ).rejects.toMatchObject({
        status: 409,
        code: 'MONEY_REFUND_REFUSED',
        messageKey: `backoffice.money.refund.${which}`,
      });
    }
    await expect(
      service.refund(fakeActor(admin), 'junk', { reason, idempotencyKey: 'k' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(refunds).toEqual([]);
  });
});

describe("a day's reconciliation", () => {
  it("compares the day's card entries with the gateway's records, credit-only entries left out", async () => {
    const agrees = entry();
    const missing = entry();
    const differs = entry();
    const neverAnswered = entry({ gatewayTransactionId: null, state: 'failed' });
    const creditOnly = entry({ cardCents: 0, creditCents: 4900 });
    const otherDay = entry({ createdAt: new Date('2026-03-03T00:00:00.000Z') });
    const gateway = new Map<string, GatewayTransaction>([
      [
        agrees.gatewayTransactionId ?? '',
        {
          transactionId: 'a',
          invoiceNumber: agrees.invoiceNumber,
          amountCents: 4900,
          status: 'approved',
        },
      ],
      [
        differs.gatewayTransactionId ?? '',
        {
          transactionId: 'd',
          invoiceNumber: differs.invoiceNumber,
          amountCents: 100,
          status: 'approved',
        },
      ],
      [
        neverAnswered.invoiceNumber,
        {
          transactionId: 'n',
          invoiceNumber: neverAnswered.invoiceNumber,
          amountCents: 4900,
          status: 'approved',
        },
      ],
    ]);
    const { service, audit } = setup(
      [agrees, missing, differs, neverAnswered, creditOnly, otherDay],
      gateway,
    );
    const result = await service.reconcile(fakeActor(admin), '2026-03-02');
    expect(result).toMatchObject({ day: '2026-03-02', checked: 4, matched: 1 });
    expect(result.differences.map((d) => [d.ledgerId, d.kind])).toEqual([
      [missing.id, 'ledgerOnly'],
      [differs.id, 'amountDiffers'],
      [neverAnswered.id, 'gatewayOnly'],
    ]);
    expect(audit.rows).toMatchObject([
      {
        action: 'backoffice.money.reconcile',
        detail: { day: '2026-03-02', checked: 4, differences: 3 },
      },
    ]);
  });

  it('answers 503 when the gateway cannot be asked, auditing nothing', async () => {
    const { service, audit, downGateway } = setup([entry()]);
    downGateway();
    await expect(service.reconcile(fakeActor(admin), '2026-03-02')).rejects.toMatchObject({
      status: 503,
      code: 'PAYMENT_UNAVAILABLE',
    });
    expect(audit.rows).toEqual([]);
  });
});
