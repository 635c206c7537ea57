import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { afterLogoutPath } from '@apothecall/domain/navigation/entry-links.rules';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useEndSession } from '../api/logout';

export interface LogoutOptions {
  /** A toast saying why (e.g. 'session.autoLogout'). */
  messageKey?: MessageKey;
}

/**
 * Ends the session on the server (best effort; the server then refuses the old token), forgets
 * every trace of it here (session, storage, query cache), then goes to the given in-app path
 * or the root (spec section 2: after logout, the given path, otherwise the root).
 */
export function useLogout(): (to?: string, options?: LogoutOptions) => Promise<void> {
  const endSession = useEndSession();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(
    async (to?: string, options?: LogoutOptions) => {
      await endSession();
      if (options?.messageKey) {
        notifications.show({ id: options.messageKey, message: t(options.messageKey) });
      }
      navigate(afterLogoutPath(to), { replace: true });
    },
    [navigate, endSession, t],
  );
}
