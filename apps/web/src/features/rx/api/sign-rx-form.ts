import {
  type PatientRxForm,
  patientRxFormResponseSchema,
  type RxFormSignRequest,
  rxFormSignRequestSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { rxFormsQueryKey } from './get-rx-forms';

/** POST /rx/visits/:id/forms/:formRequestId/sign: my full name and the box ticked. */
export async function signRxForm(
  visitId: string,
  formRequestId: string,
  body: RxFormSignRequest,
): Promise<PatientRxForm> {
  const { form } = await apiCall(
    `/rx/visits/${encodeURIComponent(visitId)}/forms/${encodeURIComponent(formRequestId)}/sign`,
    {
      method: 'POST',
      body: rxFormSignRequestSchema.parse(body),
      schema: patientRxFormResponseSchema,
    },
  );
  return form;
}

export interface RxFormSigning {
  visitId: string;
  formRequestId: string;
  body: RxFormSignRequest;
}

/**
 * Signs a form: the signed form replaces the waiting one in the list at once, and the
 * documents (which keep signed forms) are asked again. Then the screen's callbacks run.
 */
export function useSignRxForm(options?: MutationCallbacks<PatientRxForm, RxFormSigning>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ visitId, formRequestId, body }: RxFormSigning) =>
      signRxForm(visitId, formRequestId, body),
    onSuccess: (signed, variables, onMutateResult, context) => {
      queryClient.setQueryData<PatientRxForm[]>(rxFormsQueryKey, (old) =>
        old?.map((f) => (f.id === signed.id ? signed : f)),
      );
      void queryClient.invalidateQueries({ queryKey: ['documents'] });
      return options?.onSuccess?.(signed, variables, onMutateResult, context);
    },
  });
}
