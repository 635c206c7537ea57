import { careReasons, isCareReasonId } from '@apothecall/domain/care/care-reasons';
import type { Translate } from '../../../lib/i18n';

/** A care reason in words (Get Care's labels); free text or an unknown id is shown as given. */
export function reasonLabel(t: Translate, reason: string): string {
  if (!isCareReasonId(reason)) return reason;
  const found = careReasons.find((r) => r.id === reason);
  return found ? t(found.labelKey) : reason;
}
