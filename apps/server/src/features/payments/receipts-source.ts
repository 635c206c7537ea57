import { translate } from '@apothecall/domain/i18n/catalog';
import { describeCharge } from '@apothecall/domain/payments/charge-descriptions.rules';
import type { DocumentSource, PapersQuery } from '../../platform/document-sources';
import type { ChargesService } from './charges.service';
import { renderReceiptPdf } from './receipt-pdf';

/**
 * The account's receipts and refunds as documents: listed by the month they were made in, what
 * was bought in the reader's language, and each opened as its receipt PDF.
 */
export function receiptsSource(
  charges: Pick<ChargesService, 'entry'>,
  /** ledger.repo.ts `receiptPapers`. */
  papers: PapersQuery,
): DocumentSource {
  return {
    source: 'receipt',
    papers,
    describe(rows, lang) {
      return rows.map((row) => {
        const tx = row.data as { kind: string; description: string; invoiceNumber: string };
        return {
          id: row.id,
          personId: null,
          at: row.at,
          ftype: 'application/pdf',
          fdesc: translate(
            lang,
            tx.kind === 'refund' ? 'documents.desc.refund' : 'documents.desc.receipt',
            // What was bought, never the invoice number (the receipt labels that one).
            { what: describeCharge(lang, tx.description) || tx.invoiceNumber },
          ),
          author: '',
        };
      });
    },
    async open(actor, id) {
      const tx = await charges.entry(actor.accountId, id);
      const bytes = await renderReceiptPdf(tx, {
        lang: actor.lang,
        timeZone: actor.timeZone,
        brandName: (await actor.brand()).name,
      });
      return { bytes, name: `receipt-${tx.invoiceNumber}.pdf`, contentType: 'application/pdf' };
    },
  };
}
