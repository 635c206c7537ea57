import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session-store';
import { logout } from '../api/logout';

/** Ends the session on the server (best effort), then forgets every trace of it here. */
export function useLogout(): (to?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to?: string) => {
      await logout().catch(() => undefined);
      clearSession();
      queryClient.clear();
      navigate(to ?? '/', { replace: true });
    },
    [navigate, queryClient],
  );
}
