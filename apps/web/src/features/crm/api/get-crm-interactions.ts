import { type InteractionView, interactionsResponseSchema } from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const crmInteractionsQueryKey = (customerId: string) =>
  ['crm', 'interactions', customerId] as const;

/** GET /pharmacy/crm/customers/:id/interactions: newest first. */
export async function getCrmInteractions(customerId: string): Promise<InteractionView[]> {
  const { interactions } = await apiCall(
    `/pharmacy/crm/customers/${encodeURIComponent(customerId)}/interactions`,
    { schema: interactionsResponseSchema },
  );
  return interactions;
}

/** A customer's interactions. */
export function useCrmInteractions(customerId: string, options?: QueryOptions<InteractionView[]>) {
  return useCallQuery(
    crmInteractionsQueryKey(customerId),
    () => getCrmInteractions(customerId),
    options,
  );
}
