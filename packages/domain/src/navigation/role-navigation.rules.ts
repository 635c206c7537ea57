/**
 * What each role is offered in the app's navigation: a patient's care, a provider's
 * clinic, a pharmacy's dashboard and programs, an rx admin's /rxadmin, an admin's back office.
 * Pure: the web app passes which routes have a built screen, and a route whose area is not built
 * yet is never offered (a menu entry must not lead to 'Coming soon').
 *
 * Roles that act as patients (tester, demo, AllAccess, 3rdparty and a missing role) get the
 * patient's navigation. The order is the order shown: the first entry is Home.
 */
import type { Role } from '../accounts/roles.rules';
import type { RoutePath } from './routes';

export type NavArea =
  | 'home'
  | 'care'
  | 'rxVisits'
  | 'appointments'
  | 'notes'
  | 'docs'
  | 'payments'
  | 'profile'
  | 'clinic'
  | 'rxReviews'
  | 'prescriptions'
  | 'assessment'
  | 'inbox'
  | 'crm'
  | 'analytics'
  | 'links'
  | 'pharmacists'
  | 'programs'
  | 'referred'
  | 'rxAdmin';

export interface NavItem {
  readonly area: NavArea;
  readonly path: RoutePath;
}

/** The kind of Home and navigation a role gets. */
export type Workspace = 'patient' | 'provider' | 'pharmacy' | 'rxAdmin' | 'admin';

const itemFor: Record<NavArea, RoutePath> = {
  home: '/',
  care: '/care',
  rxVisits: '/rxvisits',
  appointments: '/appointment',
  notes: '/notes',
  docs: '/docs',
  payments: '/payments',
  profile: '/profile',
  clinic: '/clinic',
  rxReviews: '/clinic/rx',
  prescriptions: '/prescriptions',
  assessment: '/assessment',
  inbox: '/inbox',
  crm: '/crm',
  analytics: '/analytics',
  links: '/links',
  pharmacists: '/pharmacists',
  programs: '/prepay-select',
  referred: '/referred-transactions',
  rxAdmin: '/rxadmin',
};

const areasOf: Record<Workspace, readonly NavArea[]> = {
  patient: ['home', 'care', 'rxVisits', 'appointments', 'notes', 'docs', 'payments', 'profile'],
  provider: ['home', 'clinic', 'rxReviews', 'appointments', 'profile'],
  pharmacy: [
    'home',
    'prescriptions',
    'assessment',
    'inbox',
    'crm',
    'analytics',
    'links',
    'pharmacists',
    'programs',
    'referred',
    'profile',
  ],
  rxAdmin: ['home', 'rxAdmin', 'referred', 'profile'],
  admin: ['home', 'profile'],
};

export function workspaceOf(role: Role | string | null | undefined): Workspace {
  switch (role) {
    case 'provider':
      return 'provider';
    case 'pharmacist':
    case 'pharmacyAdmin':
      return 'pharmacy';
    case 'rxSubscriptionAdmin':
      return 'rxAdmin';
    case 'admin':
    case 'support':
      return 'admin';
    default:
      return 'patient';
  }
}

/**
 * Areas of a workspace that only some of its roles get: the pharmacist and the pharmacy's
 * administrator share the pharmacy workspace, but only the administrator manages pharmacists
 * (the route guard's step 4b refuses everyone else) and buys the pharmacy's prepay programs
 * (/prepay-select, the programs list).
 */
const onlyFor: Partial<Record<NavArea, readonly Role[]>> = {
  pharmacists: ['pharmacyAdmin'],
  programs: ['pharmacyAdmin'],
  // The pharmacy's money, staff logins and referrals are its owner's.
  analytics: ['pharmacyAdmin'],
};

/** Whether a role is offered an area of its workspace (onlyFor). */
export function offersArea(role: Role | string | null | undefined, area: NavArea): boolean {
  const roles = onlyFor[area];
  return roles === undefined || (roles as readonly string[]).includes(role ?? '');
}

/**
 * The navigation of a role: its areas whose route has a built screen. `isBuilt` answers for a
 * route path; Home and Profile are always built.
 */
export function navigationFor(
  role: Role | string | null | undefined,
  isBuilt: (path: RoutePath) => boolean,
): NavItem[] {
  return areasOf[workspaceOf(role)]
    .filter((area) => offersArea(role, area))
    .map((area) => ({ area, path: itemFor[area] }))
    .filter((item) => item.area === 'home' || item.area === 'profile' || isBuilt(item.path));
}

/** Screens reached from an area's screen that count as that area in the navigation. */
const alsoUnder: Partial<Record<NavArea, readonly string[]>> = {
  care: ['/waiting'],
  rxVisits: ['/rx', '/rx2', '/testrx', '/rxrefill', '/rxvisitsUnpaid', '/uploadId'],
  docs: ['/doc'],
  payments: ['/transactions', '/coupon'],
  profile: ['/add-dependent', '/consents', '/notifications'],
  programs: [
    '/prepay-home',
    '/prepay-purchase',
    '/prepay-edit',
    '/prepay-transactions',
    '/prepay-addFunds',
  ],
};

/**
 * The nav entry a path belongs to ('/notes/12' is under Notes, '/' only Home itself). The most
 * specific entry wins: '/clinic/rx/7' is under Rx reviews, not under the clinic.
 */
export function activeArea(items: readonly NavItem[], pathname: string): NavArea | undefined {
  const clean = pathname.split('?')[0] || '/';
  const under = (base: string) => clean === base || clean.startsWith(`${base}/`);
  let best: { area: NavArea; length: number } | undefined;
  for (const entry of items) {
    const bases = entry.path === '/' ? [] : [entry.path, ...(alsoUnder[entry.area] ?? [])];
    const matched =
      entry.path === '/' && clean === '/'
        ? 1
        : Math.max(0, ...bases.filter(under).map((b) => b.length));
    if (matched > 0 && (!best || matched > best.length))
      best = { area: entry.area, length: matched };
  }
  return best?.area;
}

/** Roles whose work is not buying visits: the profile menu does not offer prepay programs. */
const noPrepayMenu: readonly string[] = ['provider', 'pharmacist'];

/**
 * Whether the profile menu offers 'Prepay programs' (/prepay-select): any account
 * holder may buy a program, except a provider or a pharmacist (staff who do not buy visits).
 */
export function offersPrepayInMenu(role: Role | string | null | undefined): boolean {
  return !noPrepayMenu.includes(role ?? '');
}
