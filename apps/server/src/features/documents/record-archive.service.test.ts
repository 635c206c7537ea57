import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { paymentsCsv, safeEntryName } from './record-archive.service';

const entry = (over: Partial<TransactionEntry>): TransactionEntry => ({
  id: 'tx-1',
  kind: 'charge',
  date: '2026-03-04T10:00:00.000Z',
  transId: '60012345',
  transactionStatus: 'settledSuccessfully',
  invoiceNumber: 'INV-1',
  cardHolder: 'Nora Quinn',
  card: { brand: 'visa', last4: '1111' },
  amount: 4999,
  description: 'Video visit',
  creditCents: 0,
  ...over,
});

describe('record archive pieces', () => {
  it('writes payments oldest first, in dollars, quoted, with a formula defused and no card holder', () => {
    const csv = paymentsCsv([
      entry({ id: 'b', date: '2026-03-05T10:00:00.000Z', kind: 'refund', amount: 1000 }),
      entry({ description: '=HYPERLINK("http://x","y")', creditCents: 250 }),
    ]);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        date: '2026-03-04T10:00:00.000Z',
        kind: 'charge',
        description: `'=HYPERLINK("http://x","y")`,
        invoice: 'INV-1',
        amount_usd: '49.99',
        credit_applied_usd: '2.50',
        status: 'settledSuccessfully',
        card_brand: 'visa',
        card_last4: '1111',
      },
      expect.objectContaining({ kind: 'refund', amount_usd: '10.00' }),
    ]);
    expect(csv).not.toContain('Nora');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('keeps entry names inside their folder and readable', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(safeEntryName('a\\b:c*?.pdf')).toBe('a_b_c__.pdf');
    expect(safeEntryName('2026-03-04 Resultado de análisis.pdf')).toBe(
      '2026-03-04 Resultado de análisis.pdf',
    );
    expect(safeEntryName('\u0000\u0001')).toBe('__');
    expect(safeEntryName('   ')).toBe('document');
  });
});
