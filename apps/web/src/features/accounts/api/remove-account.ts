import {
  okResponseSchema,
  type removeAccountRequestSchema,
} from '@apothecall/domain/accounts/accounts.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { clearSession } from '../../../lib/session-store';

export type RemoveAccountRequest = z.input<typeof removeAccountRequestSchema>;

/** POST /account/remove { password }: login disabled and every session ended. */
export async function removeAccount(body: RemoveAccountRequest): Promise<void> {
  await apiCall('/account/remove', { method: 'POST', body, schema: okResponseSchema });
}

/** Removes the account; once removed, the session and every cached answer are forgotten. */
export function useRemoveAccount(options?: MutationCallbacks<void, RemoveAccountRequest>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeAccount,
    onSuccess: (result, request, onMutateResult, context) => {
      clearSession();
      queryClient.clear();
      return options?.onSuccess?.(result, request, onMutateResult, context);
    },
  });
}
