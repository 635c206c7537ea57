import {
  hasPermission,
  isRxSubscriptionAdminFor,
  readyRxPermission,
} from '../accounts/roles.rules';
import { backOfficeAreaOfPath, mayBackOffice } from '../backoffice/backoffice.rules';
import { blocksAppointmentBooking } from '../pricing/pricing.rules';
import type { NavigationMessageKey } from './navigation.messages';

/**
 * The route guard of spec section 4, as ONE pure function. The steps run in the spec's order
 * and the first one that matches decides:
 *
 * 1. A forced page or forced auth page, when set, redirects there, except from /login.
 * 2. /appointment is blocked for a nonce, a price of 0 or a prepay price -> /care, with
 *    'Appointments not available for this type of visit.'
 * 3. /rxadmin needs 'rxSubscriptionAdmin:{credentials.from}' -> 'Unauthorized.' and the home
 *    redirect (/prepay-home when the white-label home page is /prepay-home, else '/').
 * 4. /prescriptions is allowed for the pharmacist role; /links and /prescriptions otherwise
 *    need 'readyrx' -> 'Verified account only...' and the same home redirect.
 * 4b. (ours) /pharmacists is for the pharmacyAdmin role only -> 'Unauthorized.' and home.
 * 4c. (ours) /clinic and its screens are for the provider role only -> the same.
 * 4d. (ours) /crm is for the pharmacy's staff (pharmacist, pharmacyAdmin) only -> the same.
 * 4e. (ours) /assessment, the in-store assessment, likewise for the pharmacy's staff only.
 * 4f. (ours) /analytics is for the pharmacyAdmin role only -> 'Unauthorized.' and home.
 * 4g. (ours) /inbox, the pharmacy's e-mail, likewise for the pharmacy's staff only.
 * 5. /prepay-home only when the white-label home page is /prepay-home, else '/'.
 * 6. Any Rx visit with idPending or attachmentsPending sends every other route to /rxvisits
 *    with 'Action required: ...'.
 *
 * Decisions (docs/rules.md): forcedAuthPage applies to logged-in users and wins over
 * forcedPage; no step redirects to the page the user is already on; step 6 also lets /uploadId
 * through, since that is where the missing ID is uploaded. The login requirement itself is not
 * a guard step: see needsLogin/loginRedirectFor in routes.ts.
 */

/** The parts of the session the guard reads (structural; matches the session schema). */
export interface GuardSession {
  readonly loggedIn: boolean;
  readonly role?: string | null | undefined;
  readonly credentials?:
    | {
        readonly from?: string | null | undefined;
        readonly role?: string | null | undefined;
      }
    | null
    | undefined;
  readonly permissions?: readonly string[] | null | undefined;
  readonly price?: number | null | undefined;
  readonly priceType?: string | null | undefined;
  readonly priceObj?:
    | { readonly price?: number | null; readonly nonce?: string | null }
    | null
    | undefined;
}

/** The parts of the white-label the guard reads. */
export interface GuardBrand {
  readonly homePage?: string | null | undefined;
  readonly appSettings?:
    | {
        readonly forcedPage?: string | null | undefined;
        readonly forcedAuthPage?: string | null | undefined;
      }
    | null
    | undefined;
}

/** The parts of an Rx visit the guard reads. */
export interface GuardRxVisit {
  readonly idPending?: boolean | null | undefined;
  readonly attachmentsPending?: boolean | null | undefined;
  /**
   * The visit's status, when known. Uploads are asked for once a visit is paid: a visit still
   * waiting for payment (pendingMedPayment), or one that ended without review (cancel, refund),
   * sends nobody anywhere (decision: the flow pays first, then uploads on /rxvisits).
   */
  readonly status?: string | null | undefined;
}

/** Statuses whose pending uploads do not hold the patient (not paid yet, or over). */
export const uploadsNotAwaited: readonly string[] = ['pendingMedPayment', 'cancel', 'refund'];

/** Whether a visit holds its patient on /rxvisits until they upload (guard step 6). */
export function awaitsUploads(visit: GuardRxVisit): boolean {
  if (visit.status && uploadsNotAwaited.includes(visit.status)) return false;
  return Boolean(visit.idPending || visit.attachmentsPending);
}

/** The message of step 2 lives with the appointments texts. */
export type GuardMessageKey = NavigationMessageKey | 'appointments.notAvailableForVisitType';

export type GuardResult =
  | { readonly kind: 'allow' }
  | { readonly kind: 'redirect'; readonly to: string; readonly message?: GuardMessageKey };

export const prepayHomePath = '/prepay-home';
export const rxVisitsPath = '/rxvisits';
export const pharmacistsPath = '/pharmacists';
export const crmPath = '/crm';
export const inboxPath = '/inbox';
export const assessmentPath = '/assessment';
export const analyticsPath = '/analytics';

const allow = { kind: 'allow' } as const;

function normalise(path: string): string {
  const bare = path.split('?')[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare || '/';
}

/** Where a refused user goes: the prepay home when it is the white-label home, else '/'. */
export function homeRedirect(brand: GuardBrand | null | undefined): string {
  return brand?.homePage === prepayHomePath ? prepayHomePath : '/';
}

function redirect(from: string, to: string, message?: GuardMessageKey): GuardResult {
  if (normalise(to) === from) return allow;
  return message ? { kind: 'redirect', to, message } : { kind: 'redirect', to };
}

function isPharmacist(session: GuardSession): boolean {
  return session.role === 'pharmacist' || session.credentials?.role === 'pharmacist';
}

function isPharmacyAdmin(session: GuardSession): boolean {
  return session.role === 'pharmacyAdmin' || session.credentials?.role === 'pharmacyAdmin';
}

/** Paths step 6 lets through: the Rx visit list and the ID upload page. */
export const actionRequiredAllowedPaths: readonly string[] = [rxVisitsPath, '/uploadId'];

export function guardRoute(input: {
  readonly path: string;
  readonly session: GuardSession | null | undefined;
  readonly brand: GuardBrand | null | undefined;
  readonly rxVisits: readonly GuardRxVisit[] | null | undefined;
}): GuardResult {
  const path = normalise(input.path);
  const session: GuardSession = input.session ?? { loggedIn: false };
  const brand = input.brand;

  // 1. Forced page / forced auth page, except from /login.
  if (path !== '/login') {
    const forced =
      (session.loggedIn ? brand?.appSettings?.forcedAuthPage : undefined) ||
      brand?.appSettings?.forcedPage;
    if (forced && normalise(forced) !== path) return { kind: 'redirect', to: forced };
  }

  // 2. /appointment blocked for nonce, price 0 or prepay.
  if (path === '/appointment' && blocksAppointmentBooking(session)) {
    return redirect(path, '/care', 'appointments.notAvailableForVisitType');
  }

  // 3. /rxadmin needs rxSubscriptionAdmin:{credentials.from}.
  if (
    path === '/rxadmin' &&
    !isRxSubscriptionAdminFor(session.permissions, session.credentials?.from)
  ) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4. /prescriptions for pharmacists; /links and /prescriptions otherwise need readyrx.
  if (path === '/prescriptions' || path === '/links') {
    const allowed =
      (path === '/prescriptions' && isPharmacist(session)) ||
      hasPermission(session.permissions, readyRxPermission);
    if (!allowed) return redirect(path, homeRedirect(brand), 'navigation.verifiedAccountOnly');
  }

  // 4b. Our addition: the pharmacy's pharmacists are managed by its administrator.
  if (path === pharmacistsPath && !isPharmacyAdmin(session)) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4c. Our addition: the provider console (/clinic...) is for providers only.
  if ((path === '/clinic' || path.startsWith('/clinic/')) && session.role !== 'provider') {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4d. Our addition: the pharmacy's CRM is its staff's.
  if (path === crmPath && !isPharmacist(session) && !isPharmacyAdmin(session)) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4e. Our addition: the in-store assessment is filled in by the pharmacy's staff.
  if (path === assessmentPath && !isPharmacist(session) && !isPharmacyAdmin(session)) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4f. Our addition: the pharmacy's analytics (money, staff logins, referrals) are
  // its administrator's; a pharmacist is refused like /pharmacists.
  if (path === analyticsPath && !isPharmacyAdmin(session)) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4g. Our addition: the pharmacy's e-mail inbox is its staff's, like /crm.
  if (path === inboxPath && !isPharmacist(session) && !isPharmacyAdmin(session)) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 4h. Our addition: the back office's areas (/admin/{area}) are for the roles that
  // may read them (packages/domain/src/backoffice/backoffice.rules.ts).
  const backOfficeArea = backOfficeAreaOfPath(path);
  if (backOfficeArea && !mayBackOffice(session.role, backOfficeArea, 'read')) {
    return redirect(path, homeRedirect(brand), 'navigation.unauthorized');
  }

  // 5. /prepay-home only when it is the white-label home page.
  if (path === prepayHomePath && brand?.homePage !== prepayHomePath) {
    return redirect(path, '/');
  }

  // 6. Pending ID or attachments send every other route to /rxvisits.
  const pending = (input.rxVisits ?? []).some(awaitsUploads);
  if (pending && !actionRequiredAllowedPaths.includes(path)) {
    return redirect(path, rxVisitsPath, 'navigation.actionRequired');
  }

  return allow;
}
