import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { describe, expect, it } from 'vitest';
import { pdfFacts, pdfFonts, pdfText } from '../../../test/pdf-text';
import { renderReceiptPdf } from './receipt-pdf';

/** Text no standard PDF font can draw: Vietnamese, then Chinese, in one run. */
const mixed = 'tiếng Việt; 中文';

const tx: TransactionEntry = {
  id: 't1',
  kind: 'charge',
  date: '2026-11-20T15:05:00.000Z',
  transId: '60012345678',
  transactionStatus: 'settledSuccessfully',
  invoiceNumber: 'INV-1001',
  cardHolder: `Lê ${mixed}`,
  card: { brand: 'visa', last4: '1111' },
  amount: 3900,
  description: 'Lab review',
  creditCents: 0,
};

describe('the receipt PDF', () => {
  it('prints the card holder’s name as written and the time in the reader’s zone, in embedded fonts', async () => {
    const pdf = await renderReceiptPdf(tx, {
      lang: 'en',
      timeZone: 'America/Chicago',
      brandName: 'Apothecall',
    });
    const lines = pdfText(pdf).split('\n');
    expect(lines).toContain(`Card: visa ending in 1111 (Lê ${mixed})`);
    expect(lines.map((l) => l.replace(/\s/g, ' '))).toContain(
      'Date: November 20, 2026 at 9:05 AM CST',
    );
    expect(pdfFonts(pdf)).toEqual(
      expect.arrayContaining([
        { name: 'NotoSans-Regular', embedded: 'FontFile2' },
        { name: 'NotoSansHans-Regular', embedded: 'FontFile3' },
      ]),
    );
    expect(pdfFonts(pdf).filter((f) => f.embedded === null)).toEqual([]);
  });

  it('has a title and a language, in the reader’s language, and is tagged', async () => {
    const pdf = await renderReceiptPdf(tx, {
      lang: 'es',
      timeZone: 'America/Chicago',
      brandName: 'Apothecall',
    });
    expect(pdfFacts(pdf)).toMatchObject({
      title: 'Apothecall — Recibo',
      lang: 'es',
      tagged: true,
      displayDocTitle: true,
    });
  });
});
