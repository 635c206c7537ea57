import { link } from '@apothecall/domain/navigation/links';
import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
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
import { type ComponentType, lazy, type ReactElement, Suspense, useEffect } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes, useSearchParams } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { useBrandState } from '../lib/brand-store';
import { loadScreenTexts, useT } from '../lib/i18n';
import { loadChunk } from '../lib/lazy-chunk';
import { useHeldPrepayCode } from '../lib/prepay-code-store';
import { useRxVisitsState } from '../lib/rx-visits-store';
import { type StoredSession, useSession } from '../lib/session-store';
import { AppLayout } from './app-layout';

/**
 * A component in a chunk of its own, fetched when it first renders; `preload` fetches it sooner
 * (preloadScreen). Each screen is one: the login screen does not download the clinic, the call
 * or the payments (issue 12). A feature screen also waits for the screens' texts
 * (`loadScreenTexts`); the first screens (login, landing, registration, password help, terms,
 * consents, profile) need the core texts only, `texts: 'core'`.
 */
function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  texts: 'core' | 'screens' = 'screens',
) {
  // Fetched again after a failure (lib/lazy-chunk.ts); a screen that still cannot be fetched
  // shows AppLayout's LoadFailureBoundary.
  const withTexts = loadChunk(() =>
    texts === 'core'
      ? load()
      : Promise.all([load(), loadScreenTexts()]).then(([component]) => component),
  );
  return Object.assign(
    lazy(() => withTexts().then((component) => ({ default: component }))),
    { preload: withTexts },
  );
}

const AccountCreatedScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/account-created-screen').then(
      (m) => m.AccountCreatedScreen,
    ),
  'core',
);
const AddDependentScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/add-dependent-screen').then((m) => m.AddDependentScreen),
  'core',
);
const ConsentsScreen = lazyScreen(
  () => import('../features/accounts/screens/consents-screen').then((m) => m.ConsentsScreen),
  'core',
);
const RoleHome = lazyScreen(() => import('./role-home').then((m) => m.RoleHome));
const AdminVisitsScreen = lazyScreen(() =>
  import('../features/backoffice-visits/screens/admin-visits-screen').then(
    (m) => m.AdminVisitsScreen,
  ),
);
const ProvidersScreen = lazyScreen(() =>
  import('../features/providers/screens/providers-screen').then((m) => m.ProvidersScreen),
);
const ProviderScreen = lazyScreen(() =>
  import('../features/providers/screens/provider-screen').then((m) => m.ProviderScreen),
);
const JobsScreen = lazyScreen(() =>
  import('../features/backoffice-jobs/screens/jobs-screen').then((m) => m.JobsScreen),
);
const LandingScreen = lazyScreen(
  () => import('../features/accounts/screens/landing-screen').then((m) => m.LandingScreen),
  'core',
);
const LoginScreen = lazyScreen(
  () => import('../features/accounts/screens/login-screen').then((m) => m.LoginScreen),
  'core',
);
const ProfileScreen = lazyScreen(
  () => import('../features/accounts/screens/profile-screen').then((m) => m.ProfileScreen),
  'core',
);
const RegisterScreen = lazyScreen(
  () => import('../features/accounts/screens/register-screen').then((m) => m.RegisterScreen),
  'core',
);
const ResetPasswordScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/reset-password-screen').then((m) => m.ResetPasswordScreen),
  'core',
);
const TermsScreen = lazyScreen(
  () => import('../features/accounts/screens/terms-screen').then((m) => m.TermsScreen),
  'core',
);
const PharmacyEntryScreen = lazyScreen(
  () =>
    import('../features/brands/screens/pharmacy-entry-screen').then((m) => m.PharmacyEntryScreen),
  'core',
);
const UpdateScreen = lazyScreen(
  () => import('../features/brands/screens/update-screen').then((m) => m.UpdateScreen),
  'core',
);
const ClinicQueueScreen = lazyScreen(() =>
  import('../features/care/screens/clinic-queue-screen').then((m) => m.ClinicQueueScreen),
);
const ClinicVisitScreen = lazyScreen(() =>
  import('../features/care/screens/clinic-visit-screen').then((m) => m.ClinicVisitScreen),
);
const GetCareScreen = lazyScreen(() =>
  import('../features/care/screens/get-care-screen').then((m) => m.GetCareScreen),
);
const MeetScreen = lazyScreen(() =>
  import('../features/care/screens/meet-screen').then((m) => m.MeetScreen),
);
const WaitingScreen = lazyScreen(() =>
  import('../features/care/screens/waiting-screen').then((m) => m.WaitingScreen),
);
const NoteScreen = lazyScreen(() =>
  import('../features/notes/screens/note-screen').then((m) => m.NoteScreen),
);
const NotesScreen = lazyScreen(() =>
  import('../features/notes/screens/notes-screen').then((m) => m.NotesScreen),
);
const CouponScreen = lazyScreen(() =>
  import('../features/payments/screens/coupon-screen').then((m) => m.CouponScreen),
);
const PaymentsScreen = lazyScreen(() =>
  import('../features/payments/screens/payments-screen').then((m) => m.PaymentsScreen),
);
const ReceiptScreen = lazyScreen(() =>
  import('../features/payments/screens/receipt-screen').then((m) => m.ReceiptScreen),
);
const ReferredTransactionsScreen = lazyScreen(() =>
  import('../features/payments/screens/referred-transactions-screen').then(
    (m) => m.ReferredTransactionsScreen,
  ),
);
const TransactionsScreen = lazyScreen(() =>
  import('../features/payments/screens/transactions-screen').then((m) => m.TransactionsScreen),
);
const RxScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-screen').then((m) => m.RxScreen),
);
const RxVisitsScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-visits-screen').then((m) => m.RxVisitsScreen),
);
const RxUnpaidScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-unpaid-screen').then((m) => m.RxUnpaidScreen),
);
const RxRefillScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-refill-screen').then((m) => m.RxRefillScreen),
);
const UploadIdScreen = lazyScreen(() =>
  import('../features/rx/screens/upload-id-screen').then((m) => m.UploadIdScreen),
);
const ClinicRxQueueScreen = lazyScreen(() =>
  import('../features/rx/screens/clinic-rx-queue-screen').then((m) => m.ClinicRxQueueScreen),
);
const ClinicRxReviewScreen = lazyScreen(() =>
  import('../features/rx/screens/clinic-rx-review-screen').then((m) => m.ClinicRxReviewScreen),
);
const PrescriptionsScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/prescriptions-screen').then((m) => m.PrescriptionsScreen),
);
const LinksScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/links-screen').then((m) => m.LinksScreen),
);
const PharmacistsScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/pharmacists-screen').then((m) => m.PharmacistsScreen),
);
const CrmScreen = lazyScreen(() =>
  import('../features/crm/screens/crm-screen').then((m) => m.CrmScreen),
);
const AnalyticsScreen = lazyScreen(() =>
  import('../features/analytics/screens/analytics-screen').then((m) => m.AnalyticsScreen),
);
const RedeemScreen = lazyScreen(() =>
  import('../features/prepay/screens/redeem-screen').then((m) => m.RedeemScreen),
);
const PrepayHomeScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-home-screen').then((m) => m.PrepayHomeScreen),
);
const PrepayPurchaseScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-purchase-screen').then((m) => m.PrepayPurchaseScreen),
);
const PrepaySelectScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-select-screen').then((m) => m.PrepaySelectScreen),
);
const PrepayEditScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-edit-screen').then((m) => m.PrepayEditScreen),
);
const PrepayTransactionsScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-transactions-screen').then(
    (m) => m.PrepayTransactionsScreen,
  ),
);
const PrepayAddFundsScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-add-funds-screen').then((m) => m.PrepayAddFundsScreen),
);
const SubscriptionPurchaseScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/subscription-purchase-screen').then(
    (m) => m.SubscriptionPurchaseScreen,
  ),
);
const SubscriptionScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/subscription-screen').then((m) => m.SubscriptionScreen),
);
const RxAdminScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/rx-admin-screen').then((m) => m.RxAdminScreen),
);
const AnnouncementsAdminSection = lazyScreen(() =>
  import('../features/announcements/components/announcements-admin-section').then(
    (m) => m.AnnouncementsAdminSection,
  ),
);
const AdminPharmaciesScreen = lazyScreen(() =>
  import('../features/backoffice-pharmacies/screens/admin-pharmacies-screen').then(
    (m) => m.AdminPharmaciesScreen,
  ),
);
const AdminPharmacyScreen = lazyScreen(() =>
  import('../features/backoffice-pharmacies/screens/admin-pharmacy-screen').then(
    (m) => m.AdminPharmacyScreen,
  ),
);
const AdminBrandOffersScreen = lazyScreen(() =>
  import('../features/backoffice-brand-offers/screens/admin-brand-offers-screen').then(
    (m) => m.AdminBrandOffersScreen,
  ),
);
const AdminBrandsScreen = lazyScreen(() =>
  import('../features/backoffice-brands/screens/admin-brands-screen').then(
    (m) => m.AdminBrandsScreen,
  ),
);
const AdminBrandScreen = lazyScreen(() =>
  import('../features/backoffice-brands/screens/admin-brand-screen').then(
    (m) => m.AdminBrandScreen,
  ),
);
const AdminMoneyScreen = lazyScreen(() =>
  import('../features/backoffice-money/screens/admin-money-screen').then((m) => m.AdminMoneyScreen),
);
const AppointmentScreen = lazyScreen(() =>
  import('../features/appointments/screens/appointment-screen').then((m) => m.AppointmentScreen),
);
const DocumentsScreen = lazyScreen(() =>
  import('../features/documents/screens/documents-screen').then((m) => m.DocumentsScreen),
);
const DocumentScreen = lazyScreen(() =>
  import('../features/documents/screens/document-screen').then((m) => m.DocumentScreen),
);
const TestCardScreen = lazyScreen(() =>
  import('../features/payments/screens/test-card-screen').then((m) => m.TestCardScreen),
);
const CertificateVerifyScreen = lazyScreen(() =>
  import('../features/documents/screens/certificate-verify-screen').then(
    (m) => m.CertificateVerifyScreen,
  ),
);
const NotificationsScreen = lazyScreen(() =>
  import('../features/notifications/screens/notifications-screen').then(
    (m) => m.NotificationsScreen,
  ),
);
const InboxScreen = lazyScreen(() =>
  import('../features/inbox/screens/inbox-screen').then((m) => m.InboxScreen),
);
const AssessmentScreen = lazyScreen(() =>
  import('../features/assessments/screens/assessment-screen').then((m) => m.AssessmentScreen),
);
const InstoreScreen = lazyScreen(() =>
  import('../features/assessments/screens/instore-screen').then((m) => m.InstoreScreen),
);
const PeopleSearchScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/people-search-screen').then(
    (m) => m.PeopleSearchScreen,
  ),
);
const PersonAccountScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/person-account-screen').then(
    (m) => m.PersonAccountScreen,
  ),
);
const DisclosuresScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/disclosures-screen').then(
    (m) => m.DisclosuresScreen,
  ),
);
const ConsentGate = lazyScreen(() =>
  import('../features/accounts/components/consent-gate').then((m) => m.ConsentGate),
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
  update: () => <UpdateScreen />,
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
  // Rx visits (issue 14): the catalogue is public while logged out; the flow needs the consents.
  rx: ({ session }) => (session ? <RxFlowScreen /> : <RxScreen />),
  rx2: () => <RxFlowScreen />,
  testRx: () => <RxFlowScreen />,
  rxVisits: () => <RxVisitsScreen />,
  rxVisitsUnpaid: () => <RxUnpaidScreen />,
  rxRefill: () => <RxRefillScreen />,
  uploadId: () => <UploadIdScreen />,
  clinicRxQueue: () => <ClinicRxQueueScreen />,
  clinicRxReview: () => <ClinicRxReviewScreen />,
  // The pharmacy portal (issue 15): the dashboard, the Rx links and the pharmacists.
  prescriptions: () => <PrescriptionsScreen />,
  links: () => <LinksScreen />,
  pharmacists: () => <PharmacistsScreen />,
  // Pharmacy operations (issue 20): the pharmacy's CRM (customers, interactions, tasks).
  crm: () => <CrmScreen />,
  // The pharmacy's analytics, logins, attribution and referrals (issue 20; its administrator).
  analytics: () => <AnalyticsScreen />,
  // Prepay access tokens (issue 16): the patient's redemption link (public).
  redeem: () => <RedeemScreen />,
  // Prepay programs (issue 16): the holder's list, purchase, program page, transactions, added
  // visits, and the prepay home (guard step 5: only when it is the white-label's home page).
  prepayHome: () => <PrepayHomeScreen />,
  prepayPurchase: () => <PrepayPurchaseScreen />,
  prepaySelect: () => <PrepaySelectScreen />,
  prepayEdit: () => <PrepayEditScreen />,
  prepayTransactions: () => <PrepayTransactionsScreen />,
  prepayAddFunds: () => <PrepayAddFundsScreen />,
  // Subscriptions (issue 17): buying a visit plan, the member's plan and medications by
  // subscription, and the rx-subscription administrator's /rxadmin (guard step 3).
  subscriptionPurchase: () => <SubscriptionPurchaseScreen />,
  subscription: () => <SubscriptionScreen />,
  // Announcements to pharmacies (issue 20) are written on /rxadmin too.
  rxAdmin: () => (
    <RxAdminScreen>
      <AnnouncementsAdminSection />
    </RxAdminScreen>
  ),
  // Scheduled appointments (issue 18): a provider's availability, a patient's booking (guard
  // step 2 sends nonce, free and prepay prices to /care first). A patient books and starts
  // care here, so the consents come first, as for Get Care.
  appointment: ({ session }) =>
    session && workspaceOf(session.profile.role) === 'patient' ? (
      <ConsentGate>
        <AppointmentScreen />
      </ConsentGate>
    ) : (
      <AppointmentScreen />
    ),
  // Documents, Covid certificates and notifications (issue 19): the family's documents by
  // month and one opened (handed over in memory, never in the address), the public
  // test-verification page, and the notification settings.
  docs: () => <DocumentsScreen />,
  doc: () => <DocumentScreen />,
  test: () => <CertificateVerifyScreen />,
  testCreditCard: () => <TestCardScreen />,
  notifications: () => <NotificationsScreen />,
  // The pharmacy's e-mail inbox (issue 20).
  inbox: () => <InboxScreen />,
  // The pharmacy's in-store assessment and the patient's e-mailed link (issue 20).
  assessment: () => <AssessmentScreen />,
  instore: () => <InstoreScreen />,
  // The back office's pharmacies area (issue 35; guard step 4h keeps other roles out).
  adminPharmacies: () => <AdminPharmaciesScreen />,
  adminPharmacy: () => <AdminPharmacyScreen />,
  adminBrandOffers: () => <AdminBrandOffersScreen />,
  // The back office's brands area (issue 35; guard step 4h admits admin and support).
  adminBrands: () => <AdminBrandsScreen />,
  adminBrandNew: () => <AdminBrandScreen />,
  adminBrand: () => <AdminBrandScreen />,
  // The back office's money area (issue 35; admin only).
  adminMoney: () => <AdminMoneyScreen />,
  home: ({ session }) => (session ? <RoleHome session={session} /> : <LandingScreen />),
  // The back office (issue 35): People and support and the accounting of disclosures.
  adminPeople: () => <PeopleSearchScreen />,
  adminPerson: () => <PersonAccountScreen />,
  adminDisclosures: () => <DisclosuresScreen />,
  // The back office's providers area (issue 35; guard step 4h admits admin and support).
  adminProviders: () => <ProvidersScreen />,
  adminProvider: () => <ProviderScreen />,
  // The back office's jobs and outbox (issue 35; guard step 4h admits admin only).
  adminJobs: () => <JobsScreen />,
  // The back office's visits area (issue 35; guard step 4h admits admin and support).
  adminVisits: () => <AdminVisitsScreen />,
};

function RxFlowScreen() {
  return (
    <ConsentGate>
      <RxScreen />
    </ConsentGate>
  );
}

/** The chunk each screen needs first (for a signed-in person or not). */
const screenChunks: Partial<Record<Screen, (signedIn: boolean) => Promise<unknown>>> = {
  login: LoginScreen.preload,
  register: RegisterScreen.preload,
  accountCreated: AccountCreatedScreen.preload,
  resetPassword: ResetPasswordScreen.preload,
  terms: TermsScreen.preload,
  consents: ConsentsScreen.preload,
  profile: ProfileScreen.preload,
  addDependent: AddDependentScreen.preload,
  pharmacyEntry: PharmacyEntryScreen.preload,
  update: UpdateScreen.preload,
  payments: PaymentsScreen.preload,
  coupon: CouponScreen.preload,
  transactions: TransactionsScreen.preload,
  receipt: ReceiptScreen.preload,
  referredTransactions: ReferredTransactionsScreen.preload,
  care: GetCareScreen.preload,
  waiting: WaitingScreen.preload,
  meet: MeetScreen.preload,
  notes: NotesScreen.preload,
  note: NoteScreen.preload,
  clinicQueue: ClinicQueueScreen.preload,
  clinicVisit: ClinicVisitScreen.preload,
  rx: RxScreen.preload,
  rx2: RxScreen.preload,
  testRx: RxScreen.preload,
  rxVisits: RxVisitsScreen.preload,
  rxVisitsUnpaid: RxUnpaidScreen.preload,
  rxRefill: RxRefillScreen.preload,
  uploadId: UploadIdScreen.preload,
  clinicRxQueue: ClinicRxQueueScreen.preload,
  clinicRxReview: ClinicRxReviewScreen.preload,
  prescriptions: PrescriptionsScreen.preload,
  links: LinksScreen.preload,
  pharmacists: PharmacistsScreen.preload,
  crm: CrmScreen.preload,
  analytics: AnalyticsScreen.preload,
  redeem: RedeemScreen.preload,
  prepayHome: PrepayHomeScreen.preload,
  prepayPurchase: PrepayPurchaseScreen.preload,
  prepaySelect: PrepaySelectScreen.preload,
  prepayEdit: PrepayEditScreen.preload,
  prepayTransactions: PrepayTransactionsScreen.preload,
  prepayAddFunds: PrepayAddFundsScreen.preload,
  subscriptionPurchase: SubscriptionPurchaseScreen.preload,
  subscription: SubscriptionScreen.preload,
  rxAdmin: () => Promise.all([RxAdminScreen.preload(), AnnouncementsAdminSection.preload()]),
  appointment: AppointmentScreen.preload,
  docs: DocumentsScreen.preload,
  doc: DocumentScreen.preload,
  test: CertificateVerifyScreen.preload,
  testCreditCard: TestCardScreen.preload,
  notifications: NotificationsScreen.preload,
  inbox: InboxScreen.preload,
  assessment: AssessmentScreen.preload,
  instore: InstoreScreen.preload,
  adminPharmacies: AdminPharmaciesScreen.preload,
  adminPharmacy: AdminPharmacyScreen.preload,
  adminBrandOffers: AdminBrandOffersScreen.preload,
  adminBrands: AdminBrandsScreen.preload,
  adminBrandNew: AdminBrandScreen.preload,
  adminBrand: AdminBrandScreen.preload,
  home: (signedIn) => (signedIn ? RoleHome.preload() : LandingScreen.preload()),
  adminPeople: PeopleSearchScreen.preload,
  adminPerson: PersonAccountScreen.preload,
  adminDisclosures: DisclosuresScreen.preload,
  adminProviders: ProvidersScreen.preload,
  adminProvider: ProviderScreen.preload,
  adminJobs: JobsScreen.preload,
  adminVisits: AdminVisitsScreen.preload,
};

/**
 * Starts fetching the chunk of the screen a page opens on (main.tsx), beside the page's texts,
 * rather than once they have arrived and the route renders. A protected route without a
 * session shows the login screen.
 */
export function preloadScreen(pathname: string, signedIn: boolean): void {
  const route = matchRoute(pathname);
  const screen: Screen =
    route?.access === 'protected' && !signedIn ? 'login' : ((route?.screen as Screen) ?? 'home');
  screenChunks[screen]?.(signedIn).catch(() => {
    // The route renders it again and shows the failure there.
  });
}

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
 * Whether a route has its screen: navigation offers only these (issue 13). The others render
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
