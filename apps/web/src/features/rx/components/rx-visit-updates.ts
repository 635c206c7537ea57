import { patientStatusTextKey } from '@apothecall/domain/rx/rx-status.rules';
import type { RxVisitUpdate, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import type { Translate } from '../../../lib/i18n';
import { statusText } from './rx-format';

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

/** Whether a raw socket payload names the pharmacy status (null included). */
export function carriesPharmacyStatus(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'pharmacyStatus' in payload;
}

/**
 * The status a push is announced with ('Record {id} status {status}'): where the pharmacy is
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
