import {
  type TransactionEntry,
  transactionsResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const transactionsQueryKey = ['payments', 'transactions'] as const;

/** POST /transactionsGET: the account's transactions, newest first. */
export async function getTransactions(): Promise<TransactionEntry[]> {
  const { transactions } = await apiCall('/transactionsGET', {
    method: 'POST',
    body: {},
    schema: transactionsResponseSchema,
  });
  return transactions;
}

/** The account's transactions. */
export function useTransactions(options?: QueryOptions<TransactionEntry[]>) {
  return useCallQuery(transactionsQueryKey, getTransactions, options);
}
