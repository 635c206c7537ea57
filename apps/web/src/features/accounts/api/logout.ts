import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session-store';

export async function logout(): Promise<void> {
  await apiCall('/account/logout', { method: 'POST', schema: okResponseSchema });
}

/**
 * Ends the session on the server (best effort: the server then refuses the old token) and
 * forgets every trace of it here: the session, its storage and every cached answer.
 */
export function useEndSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    clearSession();
    queryClient.clear();
  }, [queryClient]);
}
