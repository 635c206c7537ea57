import {
  type PrepayProgramView,
  prepayListResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const prepayListQueryKey = ['prepay', 'list'] as const;

/** GET /prepay-list: the programs the caller holds (owner) or may use (authorized). */
export async function getPrepayList(): Promise<PrepayProgramView[]> {
  const { programs } = await apiCall('/prepay-list', { schema: prepayListResponseSchema });
  return programs;
}

/** The programs the caller holds or may use. */
export function usePrepayList(options?: QueryOptions<PrepayProgramView[]>) {
  return useCallQuery(prepayListQueryKey, getPrepayList, options);
}
