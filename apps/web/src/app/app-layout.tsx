import { link } from '@apothecall/domain/navigation/links';
import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import type { RoutePath } from '@apothecall/domain/navigation/routes';
import { Box, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { type ComponentType, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { useAutoLogout } from '../features/accounts/hooks/use-auto-logout';
import { useLogout } from '../features/accounts/hooks/use-logout';
import { useSessionCheck } from '../features/accounts/hooks/use-session-check';
import { BrandFooter } from '../features/brands/components/brand-footer';
import { BrandLogo } from '../features/brands/components/brand-logo';
import { UpdateBanner } from '../features/brands/components/update-banner';
import { useVersionCheck } from '../features/brands/hooks/use-version-check';
import { useBrandState } from '../lib/brand-store';
import { loadScreenTexts, useT } from '../lib/i18n';
import { lazyChunk } from '../lib/lazy-chunk';
import { isNative } from '../lib/native/runtime';
import { useSession } from '../lib/session-store';
import { useErrorToastsScopedToScreen } from './error-toasts';
import { LoadFailureBoundary } from './load-failure-boundary';

/** The switcher (a menu, with its popover code) is fetched once someone is signed in. */
const ProfileSwitcher = lazyChunk(() =>
  import('./profile-switcher').then((m) => m.ProfileSwitcher),
);
/** The role's navigation, likewise fetched once someone is signed in. */
const AppNavigation = lazyChunk(() => import('./app-navigation').then((m) => m.AppNavigation));

/**
 * A signed-in part from a feature (the watchers below): it may show the screens' texts (a
 * notice, an Rx visit's status), which the login screen does not fetch, so it waits for them as
 * the feature screens do (lazy-screens.tsx).
 */
function signedInPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyChunk(() => Promise.all([load(), loadScreenTexts()]).then(([component]) => component));
}

/**
 * A signed-in patient's Rx visits, watched for the route guard (step 6) and the socket's
 * status pushes; fetched once someone is signed in.
 */
const RxVisitsWatcher = signedInPart(() =>
  import('../features/rx/components/rx-visits-watcher').then((m) => m.RxVisitsWatcher),
);

/**
 * In-app notices from the socket, and this browser's push subscription sent again after a
 * login; fetched once someone is signed in.
 */
const NotificationsWatcher = signedInPart(() =>
  import('../features/notifications/components/notifications-watcher').then(
    (m) => m.NotificationsWatcher,
  ),
);

/**
 * A pharmacy's staff member's inbox, loaded into the cache at sign-in (spec section 4: pharmacy
 * organisations load e-mails, newest first); fetched once such a person is signed in.
 */
const InboxPrefetch = signedInPart(() =>
  import('../features/inbox/components/inbox-prefetch').then((m) => m.InboxPrefetch),
);

/**
 * The native apps' offer of biometric login after a password login; a browser never
 * fetches it.
 */
const BiometricOffer = signedInPart(() =>
  import('../features/accounts/components/biometric-offer').then((m) => m.BiometricOffer),
);

/**
 * A patient's documents of this month, loaded into the cache at sign-in (spec section 4: a login
 * loads the month's family documents); fetched once a patient is signed in.
 */
const DocumentsPrefetch = signedInPart(() =>
  import('../features/documents/components/documents-prefetch').then((m) => m.DocumentsPrefetch),
);

/** The header's height; the main area starts below it. */
const headerHeight = 56;

/**
 * The shell: a fixed header (logo, profile switcher, language, logout), the signed-in role's
 * navigation (a row under the header, a bottom bar at phone width), the screen and the brand's
 * footer. Plain elements rather than Mantine's AppShell, whose navbar, aside and resize
 * code this layout does not use (~10 KB gzip on the first screen).
 * `right-scroll-bar-position` keeps the fixed header still while a dialog locks the page's
 * scrolling (react-remove-scroll's class, as AppShell sets it).
 */
export function AppLayout({ isBuilt }: { isBuilt: (path: RoutePath) => boolean }) {
  const t = useT();
  const session = useSession();
  const brand = useBrandState();
  const logout = useLogout();
  useSessionCheck();
  useAutoLogout();
  useVersionCheck();
  useErrorToastsScopedToScreen();
  const { pathname } = useLocation();
  const background = brand.whiteLabel?.backgroundImage;
  return (
    <>
      <Box
        component="header"
        data-app-header
        className="right-scroll-bar-position"
        pos="fixed"
        top={0}
        left={0}
        right={0}
        h={headerHeight}
        style={{
          zIndex: 100,
          backgroundColor: 'var(--mantine-color-body)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Group
          h="100%"
          px={{ base: 'xs', xs: 'md' }}
          justify="space-between"
          wrap="nowrap"
          gap="xs"
        >
          {/* The name starts with the brand the link shows (WCAG 2.5.3, label in name). */}
          <UnstyledButton
            component={Link}
            to={link('/')}
            aria-label={`${brand.name ?? t('shell.appName')}, ${t('shell.home')}`}
          >
            <Group gap="xs" wrap="nowrap">
              <BrandLogo size={32} />
              <Text fw={700} visibleFrom="sm">
                {brand.name ?? t('shell.appName')}
              </Text>
            </Group>
          </UnstyledButton>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {session ? (
              <LoadFailureBoundary quiet>
                <Suspense fallback={null}>
                  <ProfileSwitcher session={session} />
                </Suspense>
              </LoadFailureBoundary>
            ) : null}
            <LanguageSwitch />
            {session ? (
              <Button size="xs" variant="subtle" px={6} onClick={() => void logout()}>
                {t('shell.logout')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Box
        component="main"
        data-app-main
        data-with-nav={session ? '' : undefined}
        style={{
          paddingTop: headerHeight,
          minHeight: '100dvh',
          display: 'flex',
          flexDirection: 'column',
          ...(background
            ? {
                backgroundImage: `url("${encodeURI(background)}")`,
                backgroundSize: 'cover',
                backgroundPosition: 'center',
                backgroundAttachment: 'fixed',
              }
            : {}),
        }}
      >
        {session ? (
          <LoadFailureBoundary quiet>
            <Suspense fallback={null}>
              <AppNavigation session={session} isBuilt={isBuilt} />
            </Suspense>
            {/* Apart from the navigation: they wait for the screens' texts as well. */}
            <Suspense fallback={null}>
              {workspaceOf(session.profile.role) === 'patient' ? (
                <>
                  <RxVisitsWatcher />
                  <DocumentsPrefetch />
                </>
              ) : null}
              {workspaceOf(session.profile.role) === 'pharmacy' ? <InboxPrefetch /> : null}
              <NotificationsWatcher />
              {isNative() ? <BiometricOffer /> : null}
            </Suspense>
          </LoadFailureBoundary>
        ) : null}
        <UpdateBanner />
        <div style={{ flex: 1 }}>
          <LoadFailureBoundary resetKey={pathname}>
            <Outlet />
          </LoadFailureBoundary>
        </div>
        <BrandFooter />
      </Box>
    </>
  );
}
