import '@mantine/core/styles.css';
import type { TransactionEntry } from '@apothecall/domain/payments/payments.api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadScreenTexts } from '../../../lib/i18n';
import { cleanupApp, renderWithApp, testQueryClient } from '../../../testing/render';
import { transactionsQueryKey } from '../api/get-transactions';
import { ReceiptScreen } from './receipt-screen';

/**
 * The receipt in Chromium: titled by what was bought and its day, not by the invoice
 * number, which stays a labelled line of the receipt.
 */
const entry: TransactionEntry = {
  id: 'tx-1',
  kind: 'charge',
  description: 'Video visit: Sore throat',
  creditCents: 0,
  date: '2026-11-27T15:00:00.000Z',
  transId: '60212345678',
  transactionStatus: 'settledSuccessfully',
  invoiceNumber: 'ACa25a9f01b2c3d4e5f6',
  cardHolder: 'Ana Lopez',
  card: { brand: 'visa', last4: '1111' },
  amount: 4900,
};

async function render() {
  const client = testQueryClient();
  client.setQueryData(transactionsQueryKey, [entry]);
  const { host } = await renderWithApp(<ReceiptScreen />, {
    queryClient: client,
    route: '/transactions/receipt?id=tx-1',
  });
  await expect.poll(() => host.querySelector('[data-receipt]')).not.toBeNull();
  return host;
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadScreenTexts();
});

afterEach(async () => {
  await cleanupApp();
});

describe('ReceiptScreen', () => {
  it('is titled by what was bought and the day, the invoice number a labelled line', async () => {
    const host = await render();
    expect(host.querySelector('h1')?.textContent).toBe(
      'Receipt for Video visit: Sore throat · Nov 27, 2026',
    );
    expect(host.querySelector('h1')?.textContent).not.toContain(entry.invoiceNumber);
    const rows = [...host.querySelectorAll('[data-receipt] dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(rows).toContainEqual(['Invoice number', entry.invoiceNumber]);
  });
});
