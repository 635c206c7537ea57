import { visitShortRef } from '@apothecall/domain/backoffice/people.api';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { patientStatusTextKey } from '@apothecall/domain/rx/rx-status.rules';
import type { RxVisitUpdate, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import type { Translate } from '../../../lib/i18n';
import { formatDate, productName, statusText } from './rx-format';

/**
 * Applies an `updateRxVisit` push to a visit of the patient's list: its version, and where the
 * pharmacy is with it when the push says so (`carriesPharmacyStatus`: the payload had the field;
 * a push without it leaves the pharmacy status as it was until the list is fetched again).
 */
export function withReceivedUpdate(
  visit: RxVisitView,
  update: RxVisitUpdate,
  carriesPharmacyStatus: boolean,
): RxVisitView {
  if (visit.id !== update.id) return visit;
  return carriesPharmacyStatus
    ? { ...visit, version: update.version, pharmacyStatus: update.pharmacyStatus }
    : { ...visit, version: update.version };
}

/**
 * A push about a change the list already holds: its version is not newer
 * than the visit's. Pushes can arrive late or twice (a reconnect, two API processes); such a
 * push would set the version back, announce an old status again and refetch for nothing, so it
 * is dropped. Every newer push is applied and the list fetched again: the push carries ids,
 * states and the version only (no note, request text or file crosses Redis), so the rest of
 * the visit comes from the server.
 */
export function isStaleUpdate(previous: RxVisitView | undefined, update: RxVisitUpdate): boolean {
  return previous !== undefined && update.version <= previous.version;
}

/** Whether a raw socket payload names the pharmacy status (null included). */
export function carriesPharmacyStatus(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'pharmacyStatus' in payload;
}

/**
 * The status a push is announced with ('Your {name} visit of {date}: {status}'): where the pharmacy is
 * when it says so ('Ready for pickup'), else the visit's own status.
 */
export function receivedStatusText(
  t: Translate,
  update: Pick<RxVisitUpdate, 'status' | 'pharmacyStatus'>,
): string {
  return update.pharmacyStatus
    ? t(patientStatusTextKey(update.pharmacyStatus))
    : statusText(t, update.status);
}

/**
 * What a push tells the patient, or null when it tells nothing new: the visit is named by its
 * treatment and day ('Your Hair loss visit of Nov 27, 2026: Pending medical review'; its short
 * reference when the list does not hold it yet), never by its id. A push that repeats the status
 * the list already shows (each upload sends one) is not announced again: once per change.
 */
export function receivedStatusToast(
  t: Translate,
  lang: Lang,
  previous: RxVisitView | undefined,
  update: RxVisitUpdate,
  carriesPharmacy: boolean,
): string | null {
  const status = receivedStatusText(t, update);
  if (!previous) return t('rxStatus.receivedRef', { ref: visitShortRef(update.id), status });
  const sameStatus = previous.status === update.status;
  const samePharmacy = !carriesPharmacy || previous.pharmacyStatus === update.pharmacyStatus;
  if (sameStatus && samePharmacy) return null;
  return t('rxStatus.received', {
    name: productName(t, previous.productId),
    date: formatDate(previous.createdAt, lang),
    status,
  });
}
