import { type dutyRequestSchema, dutyResponseSchema } from '@apothecall/domain/care/visits.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { type ClinicQueue, clinicQueueQueryKey } from './clinic-get-queue';

/** PUT /clinic/duty { onDuty }: go on or off duty; answers the new status. */
export function setClinicDuty(
  body: z.input<typeof dutyRequestSchema>,
): Promise<z.infer<typeof dutyResponseSchema>> {
  return apiCall('/clinic/duty', { method: 'PUT', body, schema: dutyResponseSchema });
}

/** Goes on or off duty: the queue shows the answered status at once, then is asked again. */
export function useSetClinicDuty(
  options?: MutationCallbacks<z.infer<typeof dutyResponseSchema>, boolean>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (onDuty: boolean) => setClinicDuty({ onDuty }),
    onSuccess: (answer, onDuty, onMutateResult, context) => {
      queryClient.setQueryData<ClinicQueue>(clinicQueueQueryKey, (old) =>
        old ? { ...old, onDuty: answer.onDuty } : old,
      );
      void queryClient.invalidateQueries({ queryKey: clinicQueueQueryKey });
      return options?.onSuccess?.(answer, onDuty, onMutateResult, context);
    },
  });
}
