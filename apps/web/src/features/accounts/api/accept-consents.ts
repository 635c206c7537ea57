import {
  type acceptConsentsRequestSchema,
  type ConsentStatus,
  consentStatusSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { consentsQueryKey } from './get-consents';

/** Accepts the listed documents at their current versions; answers the new status. */
export function acceptConsents(
  body: z.infer<typeof acceptConsentsRequestSchema>,
): Promise<ConsentStatus> {
  return apiCall('/consents', { method: 'POST', body, schema: consentStatusSchema });
}

export type AcceptConsentsRequest = z.infer<typeof acceptConsentsRequestSchema>;

/** Accepts consents; the status the server answers with is the cached status at once. */
export function useAcceptConsents(
  options?: MutationCallbacks<ConsentStatus, AcceptConsentsRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: acceptConsents,
    onSuccess: (status, request, onMutateResult, context) => {
      queryClient.setQueryData(consentsQueryKey, status);
      return options?.onSuccess?.(status, request, onMutateResult, context);
    },
  });
}
