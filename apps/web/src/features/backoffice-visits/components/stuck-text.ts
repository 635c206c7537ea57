import {
  pharmacyUnclaimedMs,
  rxUnreviewedMs,
  type StuckReason,
  waitingNoProviderMs,
} from '@apothecall/domain/backoffice/stuck-visits.rules';
import { countText, type Translate } from '../../../lib/i18n';

/** The limits a stuck visit passed (the domain's; a test gives its own to see each form). */
export interface StuckLimits {
  readonly waitingNoProviderMs: number;
  readonly rxUnreviewedMs: number;
  readonly pharmacyUnclaimedMs: number;
}

const domainLimits: StuckLimits = { waitingNoProviderMs, rxUnreviewedMs, pharmacyUnclaimedMs };

/**
 * Why a visit is stuck, with the limit it passed in the language's plural form ('over 1 hour',
 * 'over 24 hours').
 */
export function stuckText(
  t: Translate,
  reason: StuckReason,
  limits: StuckLimits = domainLimits,
): string {
  switch (reason) {
    case 'waitingNoProvider':
      return countText(t, limits.waitingNoProviderMs / 60_000, {
        one: 'backoffice.visits.stuck.waitingNoProvider.one',
        other: 'backoffice.visits.stuck.waitingNoProvider.other',
      });
    case 'rxUnreviewed':
      return countText(t, limits.rxUnreviewedMs / 3_600_000, {
        one: 'backoffice.visits.stuck.rxUnreviewed.one',
        other: 'backoffice.visits.stuck.rxUnreviewed.other',
      });
    case 'pharmacyUnclaimed':
      return countText(t, limits.pharmacyUnclaimedMs / 3_600_000, {
        one: 'backoffice.visits.stuck.pharmacyUnclaimed.one',
        other: 'backoffice.visits.stuck.pharmacyUnclaimed.other',
      });
  }
}
