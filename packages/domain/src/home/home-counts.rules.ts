/**
 * The counts on a staff member's Home: what each role has to act on, how
 * many of it there are, and the screen where it is acted on. Pure: the server says which counts a
 * role gets and the web links each to its screen, from this one table. Counts only: no patient's
 * name, date or visit id ever travels with them.
 *
 * - provider: video visits waiting in their states, Rx visits waiting for review in their states,
 *   and their prescriptions a pharmacy asked to change.
 * - pharmacist and the pharmacy's administrator: the pharmacy's unclaimed Rx visits (as far as
 *   their grant shows them) and how many of those they have not opened yet.
 * - rx-subscription administrator: the company's active subscribers whose renewal was declined
 *   (being retried) and
 *   those renewing within `renewingSoonDays` days.
 * - admin: stuck visits, pharmacies awaiting verification, failed background jobs;
 *   support: stuck visits (support only reads pharmacies and has no jobs console).
 * - Anyone else (patients): none.
 */
import type { RoutePath } from '../navigation/routes';

export const homeCountKeys = [
  'videoWaiting',
  'rxWaiting',
  'rxChangeRequests',
  'rxUnclaimed',
  'rxUnclaimedUnseen',
  'subscribersRenewalDeclined',
  'subscribersRenewingSoon',
  'stuckVisits',
  'pharmaciesUnverified',
  'failedJobs',
] as const;
export type HomeCountKey = (typeof homeCountKeys)[number];

/** Subscribers renewing within this many days are counted as 'renewing soon'. */
export const renewingSoonDays = 7;

/** The screen where each count is acted on. */
export const homeCountPath: Readonly<Record<HomeCountKey, RoutePath>> = {
  videoWaiting: '/clinic',
  rxWaiting: '/clinic/rx',
  rxChangeRequests: '/clinic/rx',
  rxUnclaimed: '/prescriptions',
  rxUnclaimedUnseen: '/prescriptions',
  subscribersRenewalDeclined: '/rxadmin',
  subscribersRenewingSoon: '/rxadmin',
  stuckVisits: '/admin/visits',
  pharmaciesUnverified: '/admin/pharmacies',
  failedJobs: '/admin/jobs',
};

const keysOfRole: Readonly<Record<string, readonly HomeCountKey[]>> = {
  provider: ['rxChangeRequests', 'rxWaiting', 'videoWaiting'],
  pharmacist: ['rxUnclaimed', 'rxUnclaimedUnseen'],
  pharmacyAdmin: ['rxUnclaimed', 'rxUnclaimedUnseen'],
  rxSubscriptionAdmin: ['subscribersRenewalDeclined', 'subscribersRenewingSoon'],
  admin: ['stuckVisits', 'pharmaciesUnverified', 'failedJobs'],
  support: ['stuckVisits'],
};

/** The counts a role's Home shows, in the order shown; none for a role with no staff Home. */
export function homeCountKeysOf(role: string | null | undefined): readonly HomeCountKey[] {
  return Object.hasOwn(keysOfRole, role ?? '') ? (keysOfRole[role ?? ''] ?? []) : [];
}
