import {
  type PharmacyRxForm,
  pharmacyRxFormResponseSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { pharmacyRxFormsQueryKey } from './get-pharmacy-rx-forms';

/** POST /pharmacy/rx/:id/forms/:formRequestId/withdraw: a request not signed yet. */
export async function withdrawPharmacyRxForm(
  visitId: string,
  formRequestId: string,
): Promise<PharmacyRxForm> {
  const { form } = await apiCall(
    `/pharmacy/rx/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/withdraw`,
    { method: 'POST', body: {}, schema: pharmacyRxFormResponseSchema },
  );
  return form;
}

export interface PharmacyRxFormRef {
  visitId: string;
  formRequestId: string;
}

/**
 * Withdraws a request; the visit's forms are asked again, after a refusal as stale (409) too.
 * The screen's callbacks run after.
 */
export function useWithdrawPharmacyRxForm(
  options?: MutationCallbacks<PharmacyRxForm, PharmacyRxFormRef>,
) {
  const queryClient = useQueryClient();
  const refresh = (visitId: string) =>
    void queryClient.invalidateQueries({ queryKey: pharmacyRxFormsQueryKey(visitId) });
  return useMutation({
    ...options,
    mutationFn: ({ visitId, formRequestId }: PharmacyRxFormRef) =>
      withdrawPharmacyRxForm(visitId, formRequestId),
    onSuccess: (form, variables, onMutateResult, context) => {
      const done = options?.onSuccess?.(form, variables, onMutateResult, context);
      refresh(variables.visitId);
      return done;
    },
    onError: (error, variables, onMutateResult, context) => {
      const done = options?.onError?.(error, variables, onMutateResult, context);
      if (error instanceof ApiError && error.status === 409) refresh(variables.visitId);
      return done;
    },
  });
}
