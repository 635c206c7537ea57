import { translate } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { describeCharge } from '@apothecall/domain/payments/charge-descriptions.rules';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { renderTextPdf } from '../../platform/pdf';
import { dateTime, locale } from '../../platform/pdf-text';

/**
 * A charge's or refund's receipt as a one-page PDF, in the reader's language and time zone
 * (GET /transactions/:id/receipt.pdf and the documents list).
 */
export function renderReceiptPdf(
  tx: TransactionEntry,
  reader: { lang: Lang; timeZone: string; brandName: string },
): Promise<Buffer> {
  const lang = reader.lang;
  const money = (cents: number) =>
    new Intl.NumberFormat(locale(lang), {
      style: 'currency',
      currency: 'USD',
    }).format(cents / 100);
  const date = dateTime(new Date(tx.date), lang, reader.timeZone);
  const lines = [
    translate(lang, 'payments.receipt.invoice', { invoice: tx.invoiceNumber }),
    translate(lang, 'payments.receipt.date', { date }),
    translate(lang, 'payments.receipt.description', {
      description: describeCharge(lang, tx.description) || '-',
    }),
    ...(tx.amount - tx.creditCents > 0
      ? [
          translate(lang, 'payments.receipt.card', {
            brand: tx.card.brand,
            last4: tx.card.last4,
            holder: tx.cardHolder,
          }),
        ]
      : []),
    ...(tx.creditCents > 0
      ? [translate(lang, 'payments.receipt.credit', { amount: money(tx.creditCents) })]
      : []),
    translate(lang, 'payments.receipt.charged', {
      amount: money(tx.amount - tx.creditCents),
    }),
    translate(lang, 'payments.receipt.total', { amount: money(tx.amount) }),
    translate(lang, 'payments.receipt.transaction', {
      transId: tx.transId,
      status: tx.transactionStatus,
    }),
  ];
  return renderTextPdf({
    title: `${reader.brandName} — ${translate(lang, tx.kind === 'refund' ? 'payments.receipt.refund' : 'payments.receipt.title')}`,
    lang,
    lines,
  });
}
