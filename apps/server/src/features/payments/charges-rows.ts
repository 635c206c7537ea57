import { randomBytes } from 'node:crypto';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import type { LedgerRecord, LedgerRepo } from './ledger.repo';

/* Ledger rows as the charges service writes and answers them: invoice numbers, entries, refund rows. */

/** Authorize.Net allows 20 characters for an invoice number. */
export function newInvoiceNumber(): string {
  return `AC${randomBytes(9).toString('hex')}`;
}

export function toEntry(row: LedgerRecord): TransactionEntry {
  return {
    id: row.id,
    kind: row.kind,
    date: row.createdAt.toISOString(),
    transId: row.gatewayTransactionId ?? row.id.slice(0, 20),
    transactionStatus:
      row.state === 'succeeded' ? (row.kind === 'refund' ? 'refunded' : 'approved') : row.state,
    invoiceNumber: row.invoiceNumber,
    cardHolder: row.cardHolder ?? '',
    card: {
      brand: (row.cardBrand ?? 'unknown') as TransactionEntry['card']['brand'],
      last4: row.cardLast4 ?? '0000',
    },
    amount: row.amountCents,
    creditCents: row.creditCents,
    description: row.description,
  };
}

/** The pending ledger row that refunds `charge` in full (the same card and credit split). */
export function refundRowOf(
  charge: LedgerRecord,
  idempotencyKey: string,
  invoiceNumber: string,
): Parameters<LedgerRepo['insertPending']>[0] {
  return {
    accountId: charge.accountId,
    kind: 'refund',
    idempotencyKey,
    fingerprint: `refund:${charge.id}`,
    invoiceNumber,
    amountCents: charge.amountCents,
    creditCents: charge.creditCents,
    cardCents: charge.cardCents,
    paymentProfileId: charge.paymentProfileId,
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    cardHolder: charge.cardHolder,
    relatedId: charge.id,
    description: charge.description,
  };
}
