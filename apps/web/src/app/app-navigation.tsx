import { navSlots, splitNavigation } from '@apothecall/domain/navigation/nav-bar.rules';
import {
  activeArea,
  type NavArea,
  type NavItem,
  navigationFor,
} from '@apothecall/domain/navigation/role-navigation.rules';
import { guardRoute } from '@apothecall/domain/navigation/route-guard.rules';
import type { RoutePath } from '@apothecall/domain/navigation/routes';
import {
  type KeyboardEvent,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
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

/** The window's width in CSS px, followed as it changes (rotation, resizing). */
function useWindowWidth(): number {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('resize', onChange);
      return () => window.removeEventListener('resize', onChange);
    },
    () => window.innerWidth,
    () => 1280,
  );
}

/**
 * The signed-in person's navigation, by role (role-navigation.rules.ts): only areas whose
 * screens are built and that the route guard would open for them (a pharmacist without the
 * readyrx permission is not offered /links). The entries that fit the window's width are in the
 * bar, the rest under "More" (nav-bar.rules.ts); the current area is always in the bar, marked
 * with aria-current.
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
  const width = useWindowWidth();
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
  const { bar, more } = splitNavigation(profile.role, items, navSlots(width), current);
  return (
    <nav className="app-nav" aria-label={t('shell.nav.label')} data-testid="app-nav">
      <ul>
        {bar.map((item) => (
          <li key={item.area}>
            <Link
              to={item.path}
              aria-current={item.area === current ? 'page' : undefined}
              data-nav-area={item.area}
            >
              <NavIcon area={item.area} />
              <span>{t(labelKey[item.area])}</span>
            </Link>
          </li>
        ))}
        {more.length > 0 ? (
          <li data-nav-more="">
            <MoreEntries items={more} />
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * "More": a disclosure button and the list of the entries that did not fit (WAI-ARIA's
 * disclosure navigation: links, not a menu). Opening it moves focus to the first entry; the
 * arrow keys move between entries; Escape closes it and returns focus to the button; a click
 * elsewhere, leaving it with Tab or following an entry closes it.
 */
function MoreEntries({ items }: { items: readonly NavItem[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  // Following an entry (or any other navigation) closes the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every path change
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('ul a')?.focus();
    const outside = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const links = [...(box.current?.querySelectorAll<HTMLElement>('ul a') ?? [])];
    if (links.length === 0) return;
    event.preventDefault();
    const at = links.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? links.length - 1
          : event.key === 'ArrowDown'
            ? (at + 1) % links.length
            : (at - 1 + links.length) % links.length;
    links[next]?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys act on the list's links
    <div
      ref={box}
      className="app-nav-more"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !box.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        <NavIcon area="more" />
        <span>{t('shell.nav.more')}</span>
      </button>
      {open ? (
        <ul id={listId}>
          {items.map((item) => (
            <li key={item.area}>
              <Link to={item.path} data-nav-area={item.area} onClick={() => setOpen(false)}>
                <NavIcon area={item.area} />
                <span>{t(labelKey[item.area])}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
