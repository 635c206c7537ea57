import {
  type PharmacyAddFundsRequest,
  type PharmacyStatement,
  pharmacyAddFundsRequestSchema,
  pharmacyStatementResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallQuery } from '../../../lib/call-hooks';

export const pharmacyStatementQueryKey = ['pharmacy', 'statement'] as const;

/** GET /pharmacy/statement: the fee account's balance and movements, newest first (admin). */
export async function getPharmacyStatement(): Promise<PharmacyStatement> {
  const { error: _, ...statement } = await apiCall('/pharmacy/statement', {
    schema: pharmacyStatementResponseSchema,
  });
  return statement;
}

/** POST /pharmacy/funds: adds whole dollars by the admin's card, once per key (admin). */
export async function addPharmacyFunds(body: PharmacyAddFundsRequest): Promise<PharmacyStatement> {
  const { error: _, ...statement } = await apiCall('/pharmacy/funds', {
    method: 'POST',
    body: pharmacyAddFundsRequestSchema.parse(body),
    schema: pharmacyStatementResponseSchema,
  });
  return statement;
}

/** The fee account's balance and statement. */
export function usePharmacyStatement() {
  return useCallQuery(pharmacyStatementQueryKey, getPharmacyStatement);
}

/**
 * Adds funds: the statement it answers is shown at once, and everything of the pharmacy (its
 * balance in `me`, the dashboard) is asked again.
 */
export function useAddPharmacyFunds(
  options?: MutationCallbacks<PharmacyStatement, PharmacyAddFundsRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addPharmacyFunds,
    onSuccess: (next, variables, onMutateResult, context) => {
      queryClient.setQueryData(pharmacyStatementQueryKey, next);
      void queryClient.invalidateQueries({ queryKey: ['pharmacy'] });
      return options?.onSuccess?.(next, variables, onMutateResult, context);
    },
  });
}
