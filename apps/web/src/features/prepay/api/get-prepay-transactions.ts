import {
  type PrepayTransaction,
  prepayTransactionsResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const prepayTransactionsQueryKey = (id: string) => ['prepay', 'transactions', id] as const;

/** GET /prepay-transaction-list/{id}: purchases, added funds, visits taken and credited back. */
export async function getPrepayTransactions(id: string): Promise<PrepayTransaction[]> {
  const { transactions } = await apiCall(`/prepay-transaction-list/${encodeURIComponent(id)}`, {
    schema: prepayTransactionsResponseSchema,
  });
  return transactions;
}

/** A program's transactions. */
export function usePrepayTransactions(id: string, options?: QueryOptions<PrepayTransaction[]>) {
  return useCallQuery(prepayTransactionsQueryKey(id), () => getPrepayTransactions(id), options);
}
