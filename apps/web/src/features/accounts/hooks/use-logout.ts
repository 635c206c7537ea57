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
 * Forgets every trace of the session here (session, storage, query cache) and goes to the given
 * in-app path or the root (spec section 2: after logout, the given path, otherwise the root), at
 * once; then ends the session on the server (best effort; the server then refuses the old
 * token), which the returned promise waits for. The navigation comes before the server's
 * answer: when it came after, a person who had already moved on (opened the login screen again)
 * was taken back to the root by a logout she had seen finish.
 */
export function useLogout(): (to?: string, options?: LogoutOptions) => Promise<void> {
  const endSession = useEndSession();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(
    async (to?: string, options?: LogoutOptions) => {
      const ended = endSession();
      if (options?.messageKey) {
        notifications.show({ id: options.messageKey, message: t(options.messageKey) });
      }
      navigate(afterLogoutPath(to), { replace: true });
      await ended;
    },
    [navigate, endSession, t],
  );
}
