import {
  activeArea,
  type NavArea,
  navigationFor,
} from '@apothecall/domain/navigation/role-navigation.rules';
import { guardRoute } from '@apothecall/domain/navigation/route-guard.rules';
import type { RoutePath } from '@apothecall/domain/navigation/routes';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import type { StoredSession } from '../lib/session-store';
import './app-navigation.css';
import { NavIcon } from './nav-icons';

const labelKey = {
  home: 'shell.nav.home',
  care: 'shell.nav.care',
  rxVisits: 'navigation.nav.rxVisits',
  appointments: 'shell.nav.appointment',
  notes: 'shell.nav.notes',
  docs: 'shell.nav.docs',
  payments: 'shell.nav.payments',
  profile: 'shell.nav.profile',
  clinic: 'shell.nav.clinic',
  rxReviews: 'navigation.nav.rxReviews',
  prescriptions: 'shell.nav.prescriptions',
  assessment: 'navigation.nav.assessment',
  inbox: 'navigation.nav.inbox',
  crm: 'navigation.nav.crm',
  analytics: 'navigation.nav.analytics',
  links: 'shell.nav.links',
  pharmacists: 'navigation.nav.pharmacists',
  programs: 'navigation.nav.prepay',
  referred: 'shell.nav.referred',
  rxAdmin: 'shell.nav.rxAdmin',
} as const satisfies Record<NavArea, string>;

/** From this many entries the phone's bottom bar scrolls sideways instead of squeezing. */
const scrollingNavEntries = 10;

/**
 * The signed-in person's navigation, by role (role-navigation.rules.ts): only areas whose
 * screens are built and that the route guard would open for them (a pharmacist without the
 * readyrx permission is not offered /links). The current area is marked with aria-current.
 */
export function AppNavigation({
  session,
  isBuilt,
}: {
  session: StoredSession;
  /** Whether a route has its screen (routes.tsx); others are not offered. */
  isBuilt: (path: RoutePath) => boolean;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const brand = useBrandState();
  const { profile } = session;
  const items = navigationFor(profile.role, isBuilt).filter(
    (item) =>
      guardRoute({
        path: item.path,
        session: {
          loggedIn: true,
          role: profile.role,
          credentials: profile.credentials,
          permissions: profile.permissions,
        },
        brand: { homePage: brand.homePage, appSettings: brand.whiteLabel?.appSettings ?? null },
        rxVisits: [],
      }).kind === 'allow',
  );
  const current = activeArea(items, pathname);
  // Ten entries or more scroll sideways in the phone's bar (app-navigation.css): keep the
  // current one in view, centred when it can be.
  const many = items.length >= scrollingNavEntries;
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    if (!many || !ul || current === undefined || ul.scrollWidth <= ul.clientWidth) return;
    const entry = ul.querySelector<HTMLElement>('a[aria-current="page"]')?.parentElement;
    if (entry) ul.scrollLeft = entry.offsetLeft - (ul.clientWidth - entry.offsetWidth) / 2;
  }, [many, current]);
  return (
    <nav className="app-nav" aria-label={t('shell.nav.label')} data-testid="app-nav">
      <ul ref={list} data-scrolls={many ? '' : undefined}>
        {items.map((item) => (
          <li key={item.area}>
            <Link to={item.path} aria-current={item.area === current ? 'page' : undefined}>
              <NavIcon area={item.area} />
              <span>{t(labelKey[item.area])}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
