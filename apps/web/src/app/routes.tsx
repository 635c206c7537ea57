import { type GuardMessageKey, guardRoute } from '@apothecall/domain/navigation/route-guard.rules';
import {
  loginRedirectFor,
  type RouteDef,
  routes,
  type Screen,
} from '@apothecall/domain/navigation/routes';
import { Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, type ReactElement, Suspense, useEffect } from 'react';
import {
  createHashRouter,
  Navigate,
  type RouteObject,
  useLocation,
  useSearchParams,
} from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import { type StoredSession, useSession } from '../lib/session-store';
import { AppLayout } from './app-layout';

/**
 * Each screen is its own chunk, fetched when its route is first opened: the login screen does
 * not download the clinic, the call or the payments (issue 12: the first screen under 130 KB).
 */
const AccountCreatedScreen = lazy(() =>
  import('../features/accounts/screens/account-created-screen').then((m) => ({
    default: m.AccountCreatedScreen,
  })),
);
const AddDependentScreen = lazy(() =>
  import('../features/accounts/screens/add-dependent-screen').then((m) => ({
    default: m.AddDependentScreen,
  })),
);
const ConsentsScreen = lazy(() =>
  import('../features/accounts/screens/consents-screen').then((m) => ({
    default: m.ConsentsScreen,
  })),
);
const HomeScreen = lazy(() =>
  import('../features/accounts/screens/home-screen').then((m) => ({ default: m.HomeScreen })),
);
const LandingScreen = lazy(() =>
  import('../features/accounts/screens/landing-screen').then((m) => ({ default: m.LandingScreen })),
);
const LoginScreen = lazy(() =>
  import('../features/accounts/screens/login-screen').then((m) => ({ default: m.LoginScreen })),
);
const ProfileScreen = lazy(() =>
  import('../features/accounts/screens/profile-screen').then((m) => ({ default: m.ProfileScreen })),
);
const RegisterScreen = lazy(() =>
  import('../features/accounts/screens/register-screen').then((m) => ({
    default: m.RegisterScreen,
  })),
);
const ResetPasswordScreen = lazy(() =>
  import('../features/accounts/screens/reset-password-screen').then((m) => ({
    default: m.ResetPasswordScreen,
  })),
);
const TermsScreen = lazy(() =>
  import('../features/accounts/screens/terms-screen').then((m) => ({ default: m.TermsScreen })),
);
const PharmacyEntryScreen = lazy(() =>
  import('../features/brands/screens/pharmacy-entry-screen').then((m) => ({
    default: m.PharmacyEntryScreen,
  })),
);
const ClinicQueueScreen = lazy(() =>
  import('../features/care/screens/clinic-queue-screen').then((m) => ({
    default: m.ClinicQueueScreen,
  })),
);
const ClinicVisitScreen = lazy(() =>
  import('../features/care/screens/clinic-visit-screen').then((m) => ({
    default: m.ClinicVisitScreen,
  })),
);
const GetCareScreen = lazy(() =>
  import('../features/care/screens/get-care-screen').then((m) => ({ default: m.GetCareScreen })),
);
const MeetScreen = lazy(() =>
  import('../features/care/screens/meet-screen').then((m) => ({ default: m.MeetScreen })),
);
const WaitingScreen = lazy(() =>
  import('../features/care/screens/waiting-screen').then((m) => ({ default: m.WaitingScreen })),
);
const NoteScreen = lazy(() =>
  import('../features/notes/screens/note-screen').then((m) => ({ default: m.NoteScreen })),
);
const NotesScreen = lazy(() =>
  import('../features/notes/screens/notes-screen').then((m) => ({ default: m.NotesScreen })),
);
const CouponScreen = lazy(() =>
  import('../features/payments/screens/coupon-screen').then((m) => ({ default: m.CouponScreen })),
);
const PaymentsScreen = lazy(() =>
  import('../features/payments/screens/payments-screen').then((m) => ({
    default: m.PaymentsScreen,
  })),
);
const ReceiptScreen = lazy(() =>
  import('../features/payments/screens/receipt-screen').then((m) => ({ default: m.ReceiptScreen })),
);
const ReferredTransactionsScreen = lazy(() =>
  import('../features/payments/screens/referred-transactions-screen').then((m) => ({
    default: m.ReferredTransactionsScreen,
  })),
);
const TransactionsScreen = lazy(() =>
  import('../features/payments/screens/transactions-screen').then((m) => ({
    default: m.TransactionsScreen,
  })),
);
const ActiveVisitBanner = lazy(() =>
  import('../features/care/components/waiting-active-banner').then((m) => ({
    default: m.ActiveVisitBanner,
  })),
);
const ConsentGate = lazy(() =>
  import('../features/accounts/components/consent-gate').then((m) => ({ default: m.ConsentGate })),
);

/**
 * The hash route table: every route of spec section 2 (declared once in the domain package)
 * mapped to its screen. Screens a later issue builds render ComingSoon until then.
 */
type ScreenView = (props: { session: StoredSession | null }) => ReactElement;

const screens: Partial<Record<Screen, ScreenView>> = {
  login: () => <LoginScreen />,
  register: () => <RegisterScreen />,
  accountCreated: () => <AccountCreatedScreen />,
  resetPassword: () => <ResetPasswordScreen />,
  terms: () => <TermsScreen />,
  consents: () => <ConsentsScreen />,
  profile: () => <ProfileScreen />,
  addDependent: () => <AddDependentScreen />,
  pharmacyEntry: () => <PharmacyEntryScreen />,
  payments: () => <PaymentsScreen />,
  coupon: () => <CouponScreen />,
  transactions: () => <TransactionsScreen />,
  receipt: () => <ReceiptScreen />,
  referredTransactions: () => <ReferredTransactionsScreen />,
  care: () => (
    <ConsentGate>
      <GetCareScreen />
    </ConsentGate>
  ),
  waiting: () => <WaitingScreen />,
  meet: () => <MeetScreen />,
  notes: () => <NotesScreen />,
  note: () => <NoteScreen />,
  clinicQueue: () => <ClinicQueueScreen />,
  clinicVisit: () => <ClinicVisitScreen />,
  appointment: () => (
    <ConsentGate>
      <ComingSoon />
    </ConsentGate>
  ),
  home: ({ session }) =>
    session ? (
      <>
        {session.profile.role === 'patient' ? <ActiveVisitBanner /> : null}
        <HomeScreen session={session} />
      </>
    ) : (
      <LandingScreen />
    ),
};

/** While a screen's chunk loads: a quiet placeholder (no heading, no focus taken). */
function ScreenLoading() {
  return <Loader size="sm" mx="auto" my="xl" display="block" aria-hidden />;
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
  if (route.access === 'protected' && !session) {
    return <Navigate to={loginRedirectFor(location.pathname, query)} replace />;
  }
  if (session) {
    // The six guard steps of spec section 4, with the white-label's home page and app
    // settings. Rx visits join as their area is built; until then the guard sees none.
    const { profile } = session;
    const decision = guardRoute({
      path: location.pathname,
      session: {
        loggedIn: true,
        role: profile.role,
        credentials: profile.credentials,
        permissions: profile.permissions,
      },
      brand: { homePage: brand.homePage, appSettings: brand.whiteLabel?.appSettings ?? null },
      rxVisits: [],
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

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...routes.map((route) => ({ path: route.path, element: <Guarded route={route} /> })),
      // Unknown routes fall back to Home (spec section 2).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routeObjects);
}
