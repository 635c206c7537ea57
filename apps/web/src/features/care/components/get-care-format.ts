import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { relationOptions } from '@apothecall/domain/accounts/people.rules';
import type { ProfileScreensMessageKey } from '@apothecall/domain/accounts/profile-screens.messages';
import { formatClockTime } from '@apothecall/domain/dates/time-format.rules';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
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

/** 'Florida' for 'FL' and a care reason in words (components/), where these screens import them. */
export { reasonLabel } from '../../../components/care-reason-choice';
export { stateLabel } from '../../../components/state-confirm';

/** The family member's name for a person id, or null when not in this account's family. */
export function memberName(users: readonly FamilyMember[], personId: string): string | null {
  return users.find((u) => u.id === personId || u.personId === personId)?.name ?? null;
}

/** The server's translated message (lib/api-client), where this feature's screens import it. */
export { errorText } from '../../../lib/api-client';

/** An ISO instant as a local clock time ('3:45 PM'), in the reader's language. */
export function formatClock(iso: string, lang: Lang): string {
  return formatClockTime(iso, lang);
}

/**
 * Why care is closed, as one sentence: with a time to come back (`next`), 'Care opens again
 * {when}' takes the server's formatted time; without one, the server's nextAvailableStr is
 * already a whole sentence ('Please check again in a few minutes'), so it is never put inside
 * another one: the same sentence is said in the page's language.
 */
export function closedText(
  t: Translate,
  hours: { readonly next: string | null; readonly nextAvailableStr: string },
): string {
  if (hours.next && hours.nextAvailableStr) {
    return t('careUi.location.closedNext', { when: hours.nextAvailableStr });
  }
  return hours.nextAvailableStr ? t('care.hours.noProviderNow') : t('careUi.location.closed');
}
