import { usStateCodes } from '../places/places.rules';
import type { PharmacyStatus } from './pharmacy-status.rules';
import { canChangePharmacyStatus, isClaimable, pharmacyStatuses } from './pharmacy-status.rules';

/**
 * The pharmacy dashboard's rules: which visits a pharmacist's grant shows, what a
 * claimed-only pharmacist may do, and how the search box is read.
 */

/** Statuses of a visit the pharmacy has claimed (the fee is paid, the PDF is open). */
export const claimedStatuses = [
  'claimed',
  'ready',
  'shipped',
  'picked-up',
  'delivered',
] as const satisfies readonly PharmacyStatus[];

export function isClaimed(status: PharmacyStatus): boolean {
  return (claimedStatuses as readonly PharmacyStatus[]).includes(status);
}

/** A pharmacist's grant (spec: states, links, claimedOnly); null: the pharmacy's admin. */
export interface GrantScope {
  readonly states: readonly string[];
  /** Link ids; empty: every visit, whether it came through a link or not. */
  readonly links: readonly string[];
  readonly claimedOnly: boolean;
}

/**
 * Whether the grant covers a record of the pharmacy that belongs to `state`: a visit, an
 * in-store assessment, a CRM customer linked to a patient. The admin (no grant)
 * sees every one. A record with no state (a CRM customer with no patient, or a patient with no
 * state on file) is seen only by the admin and by a pharmacist whose grant names every state:
 * nobody can tell whether it is one of the others' states.
 */
export function grantCoversState(
  grant: Pick<GrantScope, 'states'> | null,
  state: string | null,
): boolean {
  if (!grant) return true;
  if (state === null) return grantCoversEveryState(grant);
  return grant.states.includes(state);
}

/** Whether a pharmacy takes Rx visits from `state`: its own state, or one of its service states. */
export function pharmacyServesState(
  pharmacy: { readonly state: string; readonly serviceStates: readonly string[] },
  state: string,
): boolean {
  return pharmacy.state === state || pharmacy.serviceStates.includes(state);
}

/** The states a pharmacy takes Rx visits from, its own first, then the others alphabetically. */
export function pharmacyServedStates(pharmacy: {
  readonly state: string;
  readonly serviceStates: readonly string[];
}): string[] {
  const others = [...new Set(pharmacy.serviceStates)].filter((s) => s !== pharmacy.state).sort();
  return [pharmacy.state, ...others];
}

/** Whether the grant names every state (it limits nothing by state). */
export function grantCoversEveryState(grant: Pick<GrantScope, 'states'>): boolean {
  return usStateCodes.every((code) => grant.states.includes(code));
}

/** Whether the grant shows a visit of the pharmacy (state, link, claimed-only). */
export function grantShows(
  grant: GrantScope | null,
  visit: {
    readonly state: string;
    readonly linkId: string | null;
    readonly status: PharmacyStatus;
  },
): boolean {
  if (!grant) return true;
  if (!grantCoversState(grant, visit.state)) return false;
  if (grant.links.length > 0 && (visit.linkId === null || !grant.links.includes(visit.linkId))) {
    return false;
  }
  return !grant.claimedOnly || isClaimed(visit.status);
}

/**
 * The statuses this pharmacy user may choose from `from` (the domain table for the pharmacy,
 * claimed excluded: it is the claim). A claimed-only pharmacist only moves claimed visits on.
 */
export function nextStatusesFor(from: PharmacyStatus, grant: GrantScope | null): PharmacyStatus[] {
  if (grant?.claimedOnly && !isClaimed(from)) return [];
  return pharmacyStatuses.filter((to) => to !== 'claimed' && canChangePharmacyStatus(from, to));
}

/** Whether this pharmacy user may claim the visit now. */
export function mayClaim(status: PharmacyStatus, grant: GrantScope | null): boolean {
  return isClaimable(status) && !grant?.claimedOnly;
}

/** What the dashboard's search box asks for. */
export type DashboardQuery =
  | { readonly kind: 'none' }
  | { readonly kind: 'id'; readonly prefix: string }
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'name'; readonly words: readonly string[] };

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const usDate = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

function validDate(y: number, m: number, d: number): string | undefined {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) {
    return undefined;
  }
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * Reads the search box: a date (YYYY-MM-DD or MM/DD/YYYY: the prescription's day or the
 * patient's date of birth), a visit id or its first characters (at least 4 hex digits), or
 * else words of the patient's name (each must start a name part; case and accents ignored).
 */
export function parseDashboardQuery(raw: string): DashboardQuery {
  const text = raw.trim();
  if (text === '') return { kind: 'none' };
  const iso = isoDate.exec(text);
  if (iso) {
    const date = validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    if (date) return { kind: 'date', date };
  }
  const us = usDate.exec(text);
  if (us) {
    const date = validDate(Number(us[3]), Number(us[1]), Number(us[2]));
    if (date) return { kind: 'date', date };
  }
  // An id prefix: hex with a digit, or the 8 characters the dashboard shows even when they are
  // all letters (1 id in 2,600 starts with 8 of a-f; no name is 8 letters of a-f alone).
  if (/^[0-9a-f-]{4,36}$/i.test(text) && (/[0-9]/.test(text) || /^[a-f]{8}/i.test(text))) {
    return { kind: 'id', prefix: text.toLowerCase() };
  }
  const words = foldName(text).split(/\s+/).filter(Boolean);
  return words.length > 0 ? { kind: 'name', words } : { kind: 'none' };
}

/** Lower case, accents removed, punctuation as spaces. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether every word of the query starts a part of the patient's name. */
export function nameMatches(
  words: readonly string[],
  person: { readonly firstName: string; readonly lastName: string },
): boolean {
  const parts = foldName(`${person.firstName} ${person.lastName}`).split(' ');
  return words.every((w) => parts.some((p) => p.startsWith(w)));
}
