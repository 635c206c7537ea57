/**
 * The operator's back office: the areas of the platform's web console and who may use
 * each. Checked on the server for every back-office call and read by the web app to show only
 * what the role may do. Pure.
 *
 * - `admin`: every area, read and write.
 * - `support`: people and visits (read and act: unlock, end sessions, resend a link, reassign or
 *   cancel a stuck visit), read-only on brands, providers and pharmacies and on the accounting of
 *   disclosures. The money console (every transaction, refunds, reconciliation) and the jobs and
 *   outbox console are refused: what support reads of money is an account's own payments, on that
 *   account's page (the people area).
 * - Any other role: nothing.
 */
export const backOfficeAreas = [
  'people',
  'providers',
  'pharmacies',
  'brands',
  'money',
  'visits',
  'disclosures',
  'jobs',
] as const;
export type BackOfficeArea = (typeof backOfficeAreas)[number];

/** What a role may do in an area: nothing, read, or read and change. */
export type BackOfficeAccess = 'none' | 'read' | 'write';

/** The back-office roles. */
export const backOfficeRoles = ['admin', 'support'] as const;
export type BackOfficeRole = (typeof backOfficeRoles)[number];

const accessOf: Readonly<
  Record<BackOfficeRole, Readonly<Record<BackOfficeArea, BackOfficeAccess>>>
> = {
  admin: {
    people: 'write',
    providers: 'write',
    pharmacies: 'write',
    brands: 'write',
    money: 'write',
    visits: 'write',
    disclosures: 'write',
    jobs: 'write',
  },
  support: {
    people: 'write',
    providers: 'read',
    pharmacies: 'read',
    brands: 'read',
    money: 'none',
    visits: 'write',
    disclosures: 'read',
    jobs: 'none',
  },
};

export function isBackOfficeArea(value: unknown): value is BackOfficeArea {
  return typeof value === 'string' && (backOfficeAreas as readonly string[]).includes(value);
}

export function isBackOfficeRole(role: string | null | undefined): role is BackOfficeRole {
  return (backOfficeRoles as readonly string[]).includes(role ?? '');
}

/** What the role may do in the area ('none' for every role outside the back office). */
export function backOfficeAccess(
  role: string | null | undefined,
  area: BackOfficeArea,
): BackOfficeAccess {
  return isBackOfficeRole(role) ? accessOf[role][area] : 'none';
}

/** Whether the role may read ('read') or change ('write') in the area. */
export function mayBackOffice(
  role: string | null | undefined,
  area: BackOfficeArea,
  need: 'read' | 'write',
): boolean {
  const access = backOfficeAccess(role, area);
  return need === 'read' ? access !== 'none' : access === 'write';
}

/** The areas the role may open, in the console's order. */
export function backOfficeAreasOf(role: string | null | undefined): BackOfficeArea[] {
  return backOfficeAreas.filter((area) => mayBackOffice(role, area, 'read'));
}

/**
 * The area a back-office route belongs to: '/admin/{area}' and anything under it; undefined for
 * any other path.
 */
export function backOfficeAreaOfPath(path: string): BackOfficeArea | undefined {
  const match = /^\/admin\/([^/?#]+)/.exec(path);
  return match && isBackOfficeArea(match[1]) ? match[1] : undefined;
}
