import { relationOptions } from '@apothecall/domain/accounts/people.rules';
import type { ProfileScreensMessageKey } from '@apothecall/domain/accounts/profile-screens.messages';
import { useCallback } from 'react';
import { useT } from '../../../lib/i18n';

/** The catalogue key of a family relation ('self' is the account holder). */
export function relationLabelKey(relation: string): ProfileScreensMessageKey {
  if (relation === 'self' || relation === '') return 'profileScreens.relation.self';
  return (relationOptions as readonly string[]).includes(relation)
    ? (`profileScreens.relation.${relation}` as ProfileScreensMessageKey)
    : 'profileScreens.relation.other';
}

/** Translates a family relation for display. */
export function useRelationLabel(): (relation: string) => string {
  const t = useT();
  return useCallback((relation: string) => t(relationLabelKey(relation)), [t]);
}
