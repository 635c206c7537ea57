import { workspaceOf } from '@apothecall/domain/navigation/role-navigation.rules';
import { matchRoute, type Screen } from '@apothecall/domain/navigation/routes';
import type { ReactElement } from 'react';
import type { StoredSession } from '../lib/session-store';
import {
  AccountCreatedScreen,
  AddDependentScreen,
  AdminBrandOffersScreen,
  AdminBrandScreen,
  AdminBrandsScreen,
  AdminMoneyScreen,
  AdminPharmaciesScreen,
  AdminPharmacyScreen,
  AdminVisitsScreen,
  AnalyticsScreen,
  AnnouncementsAdminSection,
  AppointmentScreen,
  AssessmentScreen,
  CertificateVerifyScreen,
  ClinicQueueScreen,
  ClinicRxQueueScreen,
  ClinicRxReviewScreen,
  ClinicVisitScreen,
  ConsentGate,
  ConsentsScreen,
  CouponScreen,
  CrmScreen,
  DisclosuresScreen,
  DocumentScreen,
  DocumentsScreen,
  GetCareScreen,
  InboxScreen,
  InstoreScreen,
  JobsScreen,
  LandingScreen,
  LinksScreen,
  LoginScreen,
  MeetScreen,
  NoteScreen,
  NotesScreen,
  NotificationsScreen,
  PaymentsScreen,
  PeopleSearchScreen,
  PersonAccountScreen,
  PharmacistsScreen,
  PharmacyEntryScreen,
  PrepayAddFundsScreen,
  PrepayEditScreen,
  PrepayHomeScreen,
  PrepayPurchaseScreen,
  PrepaySelectScreen,
  PrepayTransactionsScreen,
  PrescriptionsScreen,
  ProfileScreen,
  ProviderScreen,
  ProvidersScreen,
  ReceiptScreen,
  RedeemScreen,
  ReferredTransactionsScreen,
  RegisterScreen,
  ResetPasswordScreen,
  RoleHome,
  RxAdminScreen,
  RxRefillScreen,
  RxScreen,
  RxUnpaidScreen,
  RxVisitsScreen,
  SubscriptionPurchaseScreen,
  SubscriptionScreen,
  TermsScreen,
  TestCardScreen,
  TransactionsScreen,
  UpdateScreen,
  UploadIdScreen,
  WaitingScreen,
} from './lazy-screens';

/**
 * The hash route table: every route of spec section 2 (declared once in the domain package)
 * mapped to its screen. Screens a later issue builds render ComingSoon until then.
 */
type ScreenView = (props: { session: StoredSession | null }) => ReactElement;

export const screens: Partial<Record<Screen, ScreenView>> = {
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
  // Rx visits: the catalogue is public while logged out; the flow needs the consents.
  rx: ({ session }) => (session ? <RxFlowScreen /> : <RxScreen />),
  rx2: () => <RxFlowScreen />,
  testRx: () => <RxFlowScreen />,
  rxVisits: () => <RxVisitsScreen />,
  rxVisitsUnpaid: () => <RxUnpaidScreen />,
  rxRefill: () => <RxRefillScreen />,
  uploadId: () => <UploadIdScreen />,
  clinicRxQueue: () => <ClinicRxQueueScreen />,
  clinicRxReview: () => <ClinicRxReviewScreen />,
  // The pharmacy portal: the dashboard, the Rx links and the pharmacists.
  prescriptions: () => <PrescriptionsScreen />,
  links: () => <LinksScreen />,
  pharmacists: () => <PharmacistsScreen />,
  // Pharmacy operations: the pharmacy's CRM (customers, interactions, tasks).
  crm: () => <CrmScreen />,
  // The pharmacy's analytics, logins, attribution and referrals (its administrator).
  analytics: () => <AnalyticsScreen />,
  // Prepay access tokens: the patient's redemption link (public).
  redeem: () => <RedeemScreen />,
  // Prepay programs: the holder's list, purchase, program page, transactions, added
  // visits, and the prepay home (guard step 5: only when it is the white-label's home page).
  prepayHome: () => <PrepayHomeScreen />,
  prepayPurchase: () => <PrepayPurchaseScreen />,
  prepaySelect: () => <PrepaySelectScreen />,
  prepayEdit: () => <PrepayEditScreen />,
  prepayTransactions: () => <PrepayTransactionsScreen />,
  prepayAddFunds: () => <PrepayAddFundsScreen />,
  // Subscriptions: buying a visit plan, the member's plan and medications by
  // subscription, and the rx-subscription administrator's /rxadmin (guard step 3).
  subscriptionPurchase: () => <SubscriptionPurchaseScreen />,
  subscription: () => <SubscriptionScreen />,
  // Announcements to pharmacies are written on /rxadmin too.
  rxAdmin: () => (
    <RxAdminScreen>
      <AnnouncementsAdminSection />
    </RxAdminScreen>
  ),
  // Scheduled appointments: a provider's availability, a patient's booking (guard
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
  // Documents, Covid certificates and notifications: the family's documents by
  // month and one opened (handed over in memory, never in the address), the public
  // test-verification page, and the notification settings.
  docs: () => <DocumentsScreen />,
  doc: () => <DocumentScreen />,
  test: () => <CertificateVerifyScreen />,
  testCreditCard: () => <TestCardScreen />,
  notifications: () => <NotificationsScreen />,
  // The pharmacy's e-mail inbox.
  inbox: () => <InboxScreen />,
  // The pharmacy's in-store assessment and the patient's e-mailed link.
  assessment: () => <AssessmentScreen />,
  instore: () => <InstoreScreen />,
  // The back office's pharmacies area (guard step 4h keeps other roles out).
  adminPharmacies: () => <AdminPharmaciesScreen />,
  adminPharmacy: () => <AdminPharmacyScreen />,
  adminBrandOffers: () => <AdminBrandOffersScreen />,
  // The back office's brands area (guard step 4h admits admin and support).
  adminBrands: () => <AdminBrandsScreen />,
  adminBrandNew: () => <AdminBrandScreen />,
  adminBrand: () => <AdminBrandScreen />,
  // The back office's money area (admin only).
  adminMoney: () => <AdminMoneyScreen />,
  home: ({ session }) => (session ? <RoleHome session={session} /> : <LandingScreen />),
  // The back office: People and support and the accounting of disclosures.
  adminPeople: () => <PeopleSearchScreen />,
  adminPerson: () => <PersonAccountScreen />,
  adminDisclosures: () => <DisclosuresScreen />,
  // The back office's providers area (guard step 4h admits admin and support).
  adminProviders: () => <ProvidersScreen />,
  adminProvider: () => <ProviderScreen />,
  // The back office's jobs and outbox (guard step 4h admits admin only).
  adminJobs: () => <JobsScreen />,
  // The back office's visits area (guard step 4h admits admin and support).
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
