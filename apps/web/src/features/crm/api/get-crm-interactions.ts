import { type InteractionView, interactionsResponseSchema } from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

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
