import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { relationOptions } from '@apothecall/domain/accounts/people.rules';
import type { ProfileScreensMessageKey } from '@apothecall/domain/accounts/profile-screens.messages';
import { careReasons, isCareReasonId } from '@apothecall/domain/care/care-reasons';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { isUsStateCode, stateNameKey } from '@apothecall/domain/places/places.rules';
import type { Translate } from '../../../lib/i18n';

/** Display helpers shared by the Get Care, waiting-room and meet screens. */

/** A family relation in words ('self' is the account holder). */
export function relationLabel(t: Translate, relation: string): string {
  const key: ProfileScreensMessageKey =
    relation === 'self' || relation === ''
      ? 'profileScreens.relation.self'
      : (relationOptions as readonly string[]).includes(relation)
        ? (`profileScreens.relation.${relation}` as ProfileScreensMessageKey)
        : 'profileScreens.relation.other';
  return t(key);
}

/** 'Florida' for 'FL'; an unknown code is shown as given. */
export function stateLabel(t: Translate, code: string): string {
  return isUsStateCode(code) ? t(stateNameKey(code)) : code;
}

/** A care reason in words; an unknown id is shown as given. */
export function reasonLabel(t: Translate, reason: string): string {
  if (!isCareReasonId(reason)) return reason;
  const found = careReasons.find((r) => r.id === reason);
  return found ? t(found.labelKey) : reason;
}

/** The family member's name for a person id, or null when not in this account's family. */
export function memberName(users: readonly FamilyMember[], personId: string): string | null {
  return users.find((u) => u.id === personId || u.personId === personId)?.name ?? null;
}

/** The server's translated message (lib/api-client), where this feature's screens import it. */
export { errorText } from '../../../lib/api-client';

const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** An ISO instant as a local clock time ('3:45 PM'), in the reader's language. */
export function formatClock(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(usLocale(lang), { timeStyle: 'short' }).format(date);
}
