import {
  type AccessTokenView,
  prepayTokenDeleteRequestSchema,
  prepayTokensResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { prepayTokensQueryKey } from './get-prepay-tokens';

/** POST /prepay-nonce/delete: a token nobody claimed; answers the program's tokens left. */
export async function deletePrepayToken(
  body: z.input<typeof prepayTokenDeleteRequestSchema>,
): Promise<AccessTokenView[]> {
  const { tokens } = await apiCall('/prepay-nonce/delete', {
    method: 'POST',
    body: prepayTokenDeleteRequestSchema.parse(body),
    schema: prepayTokensResponseSchema,
  });
  return tokens;
}

type DeleteTokenRequest = z.input<typeof prepayTokenDeleteRequestSchema>;

/** Deletes a token; the program's list becomes the one the server answered. */
export function useDeletePrepayToken(
  options?: MutationCallbacks<AccessTokenView[], DeleteTokenRequest>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deletePrepayToken,
    onSuccess: (left, variables, onMutateResult, context) => {
      queryClient.setQueryData(prepayTokensQueryKey(variables.programId), left);
      return options?.onSuccess?.(left, variables, onMutateResult, context);
    },
  });
}
