import {
  type InteractionInput,
  type InteractionView,
  interactionInputSchema,
  interactionResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { crmInteractionsQueryKey } from './get-crm-interactions';

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

export interface CrmInteractionAdd {
  customerId: string;
  body: InteractionInput;
}

/** Records an interaction and refreshes that customer's interactions. */
export function useAddCrmInteraction(
  options?: MutationCallbacks<InteractionView, CrmInteractionAdd>,
) {
  return useCallMutation(
    ({ customerId, body }: CrmInteractionAdd) => addCrmInteraction(customerId, body),
    (_interaction, { customerId }) => [crmInteractionsQueryKey(customerId)],
    options,
  );
}
