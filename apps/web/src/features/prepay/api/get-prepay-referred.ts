import {
  type PrepayReferredTransaction,
  prepayReferredResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

export const prepayReferredQueryKey = (id: string) => ['prepay', 'referred', id] as const;

/** GET /prepay-referred-transaction-list/{id}: the visits the program paid (ids, no names). */
export async function getPrepayReferred(id: string): Promise<PrepayReferredTransaction[]> {
  const { transactions } = await apiCall(
    `/prepay-referred-transaction-list/${encodeURIComponent(id)}`,
    { schema: prepayReferredResponseSchema },
  );
  return transactions;
}
