import { okResponseSchema } from '@apothecall/domain/accounts/accounts.api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../lib/api-client';
import { clearSession, getSession } from '../../../lib/session-store';

/** Ends the session with this token on the server (the server then refuses it). */
export async function logout(token: string): Promise<void> {
  await apiCall('/account/logout', { method: 'POST', schema: okResponseSchema, token });
}

/**
 * Forgets every trace of the session here at once (the session, its storage and every cached
 * answer), then ends it on the server, best effort. The returned promise settles when the
 * server has answered (or could not be reached); the device is signed out before that, so a
 * logout on a slow or lost connection still takes the record off the screen, and nothing the
 * server's answer brings later (its socket notice, a 401 of a read in flight) finds a session to
 * act on.
 */
export function useEndSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => {
    const token = getSession()?.token;
    clearSession();
    queryClient.clear();
    return token ? logout(token).catch(() => undefined) : Promise.resolve();
  }, [queryClient]);
}
