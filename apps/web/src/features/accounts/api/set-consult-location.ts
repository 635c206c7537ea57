import {
  type setConsultLocationRequestSchema,
  setConsultLocationResponseSchema,
} from '@apothecall/domain/accounts/consult.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { type ConsultLocation, consultLocationQueryKey } from './get-consult-location';

export type SetConsultLocationRequest = z.input<typeof setConsultLocationRequestSchema>;
export type SetConsultLocationResult = z.infer<typeof setConsultLocationResponseSchema>;

/** PUT /consult/location { ptId, state }: answers whether on-demand care is offered there. */
export function setConsultLocation(
  body: SetConsultLocationRequest,
): Promise<SetConsultLocationResult> {
  return apiCall('/consult/location', {
    method: 'PUT',
    body,
    schema: setConsultLocationResponseSchema,
  });
}

/**
 * Confirms where a family member is: the state the server answers with becomes the cached
 * location's state at once (a location not yet read stays unread).
 */
export function useSetConsultLocation(
  options?: MutationCallbacks<
    SetConsultLocationResult,
    SetConsultLocationRequest & { ptId: string }
  >,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setConsultLocation,
    onSuccess: (answer, request, onMutateResult, context) => {
      queryClient.setQueryData<ConsultLocation>(consultLocationQueryKey(request.ptId), (old) =>
        old ? { ...old, state: answer.state } : old,
      );
      return options?.onSuccess?.(answer, request, onMutateResult, context);
    },
  });
}
