import { link } from '@apothecall/domain/navigation/links';
import { type GuardMessageKey, guardRoute } from '@apothecall/domain/navigation/route-guard.rules';
import {
  loginRedirectFor,
  matchRoute,
  type RouteDef,
  type RoutePath,
  routes,
  type Screen,
} from '@apothecall/domain/navigation/routes';
import { Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes, useSearchParams } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import { useHeldPrepayCode } from '../lib/prepay-code-store';
import { useRxVisitsState } from '../lib/rx-visits-store';
import { useSession } from '../lib/session-store';
import { AppLayout } from './app-layout';
import { screens } from './screen-registry';

/** Fetched by main.tsx as the page opens; the chunks are declared with the screens. */
export { preloadScreen } from './screen-registry';

/**
 * While a screen's chunk loads: a small loader named 'Loading…' for assistive technology (a
 * status, so it is announced), with no heading and no focus taken.
 */
function ScreenLoading() {
  const t = useT();
  return (
    <Loader
      size="sm"
      mx="auto"
      my="xl"
      display="block"
      role="status"
      aria-label={t('shell.loading')}
    />
  );
}

/** A guard redirect that says why, as a red toast (spec section 8). */
function RedirectWithMessage({
  to,
  message,
}: {
  to: string;
  message: GuardMessageKey | undefined;
}) {
  const t = useT();
  useEffect(() => {
    if (message) notifications.show({ id: message, color: 'red', message: t(message) });
  }, [message, t]);
  return <Navigate to={to} replace />;
}

function Guarded({ route }: { route: RouteDef }) {
  const session = useSession();
  const brand = useBrandState();
  const location = useLocation();
  const [query] = useSearchParams();
  const rx = useRxVisitsState();
  // A held prepay code prices the visit 'prepay' (guard step 2: no appointments).
  const prepayCode = useHeldPrepayCode();
  if (route.access === 'protected' && !session) {
    return <Navigate to={loginRedirectFor(location.pathname, query)} replace />;
  }
  if (session) {
    // The six guard steps of spec section 4, with the white-label's home page and app
    // settings, and the patient's Rx visits (kept by the rx feature's watcher, app-layout).
    const { profile } = session;
    const decision = guardRoute({
      path: location.pathname,
      session: {
        loggedIn: true,
        role: profile.role,
        credentials: profile.credentials,
        permissions: profile.permissions,
        ...(prepayCode ? { priceType: 'prepay' } : {}),
      },
      brand: { homePage: brand.homePage, appSettings: brand.whiteLabel?.appSettings ?? null },
      rxVisits: rx.visits,
    });
    if (decision.kind === 'redirect') {
      return <RedirectWithMessage to={decision.to} message={decision.message} />;
    }
  }
  const View = screens[route.screen as Screen];
  return (
    <Suspense fallback={<ScreenLoading />}>
      {View ? <View session={session} /> : <ComingSoon />}
    </Suspense>
  );
}

/**
 * Whether a route has its screen: navigation offers only these. The others render
 * the 'Coming soon' placeholder when opened by address.
 */
export function isBuiltRoute(path: RoutePath): boolean {
  const route = matchRoute(path);
  return route !== undefined && screens[route.screen as Screen] !== undefined;
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout isBuilt={isBuiltRoute} />,
    children: [
      ...routes.map((route) => ({ path: route.path, element: <Guarded route={route} /> })),
      // Unknown routes fall back to Home (spec section 2).
      { path: '*', element: <Navigate to={link('/')} replace /> },
    ],
  },
];

/**
 * The routes under a declarative <HashRouter> (app.tsx): the app uses no loaders, actions or
 * other data-router features, and the data router weighed ~19 KB gzip on the first screen.
 */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
