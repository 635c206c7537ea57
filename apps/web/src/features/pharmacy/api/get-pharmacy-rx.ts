import {
  type PharmacyRxDetail,
  pharmacyRxDetailResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { pharmacyRxQueryKey } from './search-pharmacy-rx';

export const pharmacyRxDetailQueryKey = (visitId: string) =>
  [...pharmacyRxQueryKey, 'detail', visitId] as const;

/** GET /pharmacy/rx/:id: one visit as the pharmacy works it (patient, prescriptions, history). */
export async function getPharmacyRx(visitId: string): Promise<PharmacyRxDetail> {
  const { visit } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}`, {
    schema: pharmacyRxDetailResponseSchema,
  });
  return visit;
}

/** One visit as the pharmacy works it. */
export function usePharmacyRx(visitId: string, options?: QueryOptions<PharmacyRxDetail>) {
  return useCallQuery(pharmacyRxDetailQueryKey(visitId), () => getPharmacyRx(visitId), options);
}

/**
 * A pharmacy's change to one visit (`variables.visitId`): the visit it answers is shown at once
 * and the dashboard's lists asked again (`alsoRefresh`: more keys it changed); refused as stale
 * (409), the visit is asked again. Then the screen's own callbacks run.
 */
export function usePharmacyRxChange<TVariables extends { visitId: string }>(
  mutationFn: (variables: TVariables) => Promise<PharmacyRxDetail>,
  alsoRefresh: readonly (readonly unknown[])[],
  options?: MutationCallbacks<PharmacyRxDetail, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (visit, variables, onMutateResult, context) => {
      queryClient.setQueryData(pharmacyRxDetailQueryKey(variables.visitId), visit);
      void queryClient.invalidateQueries({ queryKey: pharmacyRxQueryKey });
      for (const queryKey of alsoRefresh) void queryClient.invalidateQueries({ queryKey });
      return options?.onSuccess?.(visit, variables, onMutateResult, context);
    },
    onError: (error, variables, onMutateResult, context) => {
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({
          queryKey: pharmacyRxDetailQueryKey(variables.visitId),
        });
      }
      return options?.onError?.(error, variables, onMutateResult, context);
    },
  });
}
