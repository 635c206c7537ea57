import { describe, expect, it } from 'vitest';
import { moneyTransactionsRequestSchema, reconciliationQuerySchema } from './money.api';
import { reconcileEntry } from './money.rules';

const entry = {
  id: '1a2b3c4d-0000-4000-8000-000000000000',
  kind: 'charge' as const,
  state: 'succeeded' as const,
  invoiceNumber: 'AC1',
  cardCents: 4900,
};

describe('reconcileEntry (issue 35)', () => {
  it('agrees when the gateway holds the same amount, or voided it whole', () => {
    expect(reconcileEntry(entry, { amountCents: 4900, status: 'approved' })).toBeNull();
    expect(reconcileEntry(entry, { amountCents: 0, status: 'voided' })).toBeNull();
    expect(reconcileEntry({ ...entry, state: 'failed' }, undefined)).toBeNull();
  });

  it('names a succeeded entry the gateway lacks, a failed one it holds, and other amounts', () => {
    expect(reconcileEntry(entry, undefined)).toMatchObject({
      kind: 'ledgerOnly',
      reference: '1A2B3C4D',
      gatewayAmount: null,
    });
    expect(
      reconcileEntry({ ...entry, state: 'pending' }, { amountCents: 4900, status: 'approved' }),
    ).toMatchObject({ kind: 'gatewayOnly', ledgerStatus: 'pending' });
    expect(reconcileEntry(entry, { amountCents: 4000, status: 'approved' })).toMatchObject({
      kind: 'amountDiffers',
      ledgerAmount: 4900,
      gatewayAmount: 4000,
    });
  });
});

describe('money filters (issue 35)', () => {
  it('takes real days in order and refuses impossible ones', () => {
    expect(moneyTransactionsRequestSchema.safeParse({ from: '2026-02-28' }).success).toBe(true);
    expect(moneyTransactionsRequestSchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(
      moneyTransactionsRequestSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).success,
    ).toBe(false);
    expect(reconciliationQuerySchema.safeParse({ day: '2026-13-01' }).success).toBe(false);
    expect(moneyTransactionsRequestSchema.parse({}).page).toBe(1);
  });
});
