import {
  type PrepayReferredTransaction,
  prepayReferredResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const prepayReferredQueryKey = (id: string) => ['prepay', 'referred', id] as const;

/** GET /prepay-referred-transaction-list/{id}: the visits the program paid (ids, no names). */
export async function getPrepayReferred(id: string): Promise<PrepayReferredTransaction[]> {
  const { transactions } = await apiCall(
    `/prepay-referred-transaction-list/${encodeURIComponent(id)}`,
    { schema: prepayReferredResponseSchema },
  );
  return transactions;
}

/** A program's referred transactions. */
export function usePrepayReferred(id: string, options?: QueryOptions<PrepayReferredTransaction[]>) {
  return useCallQuery(prepayReferredQueryKey(id), () => getPrepayReferred(id), options);
}
