import {
  type ReferredTransaction,
  referredTransactionsResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const referredTransactionsQueryKey = ['payments', 'referred-transactions'] as const;

/** POST /referred-transactions: charges by people who joined with the user's referral code. */
export async function getReferredTransactions(): Promise<ReferredTransaction[]> {
  const { transactions } = await apiCall('/referred-transactions', {
    method: 'POST',
    body: {},
    schema: referredTransactionsResponseSchema,
  });
  return transactions;
}

/** The transactions of the people the account referred. */
export function useReferredTransactions(options?: QueryOptions<ReferredTransaction[]>) {
  return useCallQuery(referredTransactionsQueryKey, getReferredTransactions, options);
}
