import {
  type ExternalCodeView,
  externalCodeInputSchema,
  externalCodeResponseSchema,
} from '@apothecall/domain/rx-codes/rx-codes.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { pharmacyRxCodeQueryKey } from './get-pharmacy-rx-code';

/** PUT /pharmacy/rx/:id/code: sets the code, or clears it with null. */
export async function setPharmacyRxCode(
  visitId: string,
  code: string | null,
): Promise<ExternalCodeView> {
  const body = externalCodeInputSchema.parse({ code });
  const { code: saved } = await apiCall(`/pharmacy/rx/${encodeURIComponent(visitId)}/code`, {
    method: 'PUT',
    body,
    schema: externalCodeResponseSchema,
  });
  return saved;
}

/** Sets or clears the visit's code; the code it answers is shown at once. */
export function useSetPharmacyRxCode(
  options?: MutationCallbacks<ExternalCodeView, { visitId: string; code: string | null }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ visitId, code }: { visitId: string; code: string | null }) =>
      setPharmacyRxCode(visitId, code),
    onSuccess: (view, variables, onMutateResult, context) => {
      queryClient.setQueryData(pharmacyRxCodeQueryKey(variables.visitId), view);
      return options?.onSuccess?.(view, variables, onMutateResult, context);
    },
  });
}
