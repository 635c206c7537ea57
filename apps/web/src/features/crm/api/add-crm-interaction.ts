import {
  type InteractionInput,
  type InteractionView,
  interactionInputSchema,
  interactionResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/crm/customers/:id/interactions { at?, channel, summary, tag }. */
export async function addCrmInteraction(
  customerId: string,
  body: InteractionInput,
): Promise<InteractionView> {
  const { interaction } = await apiCall(
    `/pharmacy/crm/customers/${encodeURIComponent(customerId)}/interactions`,
    {
      method: 'POST',
      body: interactionInputSchema.parse(body),
      schema: interactionResponseSchema,
    },
  );
  return interaction;
}
