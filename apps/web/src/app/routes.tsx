import { type GuardMessageKey, guardRoute } from '@apothecall/domain/navigation/route-guard.rules';
import {
  loginRedirectFor,
  type RouteDef,
  routes,
  type Screen,
} from '@apothecall/domain/navigation/routes';
import { notifications } from '@mantine/notifications';
import { type ReactElement, useEffect } from 'react';
import {
  createHashRouter,
  Navigate,
  type RouteObject,
  useLocation,
  useSearchParams,
} from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { ConsentGate } from '../features/accounts/components/consent-gate';
import { AccountCreatedScreen } from '../features/accounts/screens/account-created-screen';
import { AddDependentScreen } from '../features/accounts/screens/add-dependent-screen';
import { ConsentsScreen } from '../features/accounts/screens/consents-screen';
import { HomeScreen } from '../features/accounts/screens/home-screen';
import { LandingScreen } from '../features/accounts/screens/landing-screen';
import { LoginScreen } from '../features/accounts/screens/login-screen';
import { ProfileScreen } from '../features/accounts/screens/profile-screen';
import { RegisterScreen } from '../features/accounts/screens/register-screen';
import { ResetPasswordScreen } from '../features/accounts/screens/reset-password-screen';
import { TermsScreen } from '../features/accounts/screens/terms-screen';
import { PharmacyEntryScreen } from '../features/brands/screens/pharmacy-entry-screen';
import { ActiveVisitBanner } from '../features/care/components/waiting-active-banner';
import { ClinicQueueScreen } from '../features/care/screens/clinic-queue-screen';
import { ClinicVisitScreen } from '../features/care/screens/clinic-visit-screen';
import { GetCareScreen } from '../features/care/screens/get-care-screen';
import { MeetScreen } from '../features/care/screens/meet-screen';
import { WaitingScreen } from '../features/care/screens/waiting-screen';
import { NoteScreen } from '../features/notes/screens/note-screen';
import { NotesScreen } from '../features/notes/screens/notes-screen';
import { CouponScreen } from '../features/payments/screens/coupon-screen';
import { PaymentsScreen } from '../features/payments/screens/payments-screen';
import { ReceiptScreen } from '../features/payments/screens/receipt-screen';
import { ReferredTransactionsScreen } from '../features/payments/screens/referred-transactions-screen';
import { TransactionsScreen } from '../features/payments/screens/transactions-screen';
import { useBrandState } from '../lib/brand-store';
import { useT } from '../lib/i18n';
import { type StoredSession, useSession } from '../lib/session-store';
import { AppLayout } from './app-layout';

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
      <ComingSoon screen="appointment" />
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
  return View ? <View session={session} /> : <ComingSoon screen={route.screen} />;
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
