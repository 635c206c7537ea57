import type { PushPayload } from '@apothecall/domain/notifications/notifications.api';
import type { Translate } from '../../lib/i18n';

/**
 * An in-app notice's sentence in the app's language. The server writes the
 * payload's body in the language it stored for the account, which is not the one the app shows
 * after a switch ('A provider is ready for your visit.' in the Spanish app); the kind says which
 * generic sentence it is, so the toast says it in `t`'s language. The texts are core ones: a
 * notice may arrive before any screen's texts are in.
 */
export function noticeText(t: Translate, payload: Pick<PushPayload, 'kind'>): string {
  return t(`notifications.kind.${payload.kind}`);
}
