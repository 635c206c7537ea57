import { type ComponentType, lazy } from 'react';
import { loadScreenTexts } from '../lib/i18n';
import { loadChunk } from '../lib/lazy-chunk';

/**
 * A component in a chunk of its own, fetched when it first renders; `preload` fetches it sooner
 * (preloadScreen). Each screen is one: the login screen does not download the clinic, the call
 * or the payments. A feature screen also waits for the screens' texts
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

export const AccountCreatedScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/account-created-screen').then(
      (m) => m.AccountCreatedScreen,
    ),
  'core',
);
export const AddDependentScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/add-dependent-screen').then((m) => m.AddDependentScreen),
  'core',
);
export const ConsentsScreen = lazyScreen(
  () => import('../features/accounts/screens/consents-screen').then((m) => m.ConsentsScreen),
  'core',
);
export const RoleHome = lazyScreen(() => import('./role-home').then((m) => m.RoleHome));
export const AdminVisitsScreen = lazyScreen(() =>
  import('../features/backoffice-visits/screens/admin-visits-screen').then(
    (m) => m.AdminVisitsScreen,
  ),
);
export const ProvidersScreen = lazyScreen(() =>
  import('../features/providers/screens/providers-screen').then((m) => m.ProvidersScreen),
);
export const ProviderScreen = lazyScreen(() =>
  import('../features/providers/screens/provider-screen').then((m) => m.ProviderScreen),
);
export const JobsScreen = lazyScreen(() =>
  import('../features/backoffice-jobs/screens/jobs-screen').then((m) => m.JobsScreen),
);
export const LandingScreen = lazyScreen(
  () => import('../features/accounts/screens/landing-screen').then((m) => m.LandingScreen),
  'core',
);
export const LoginScreen = lazyScreen(
  () => import('../features/accounts/screens/login-screen').then((m) => m.LoginScreen),
  'core',
);
export const ProfileScreen = lazyScreen(
  () => import('../features/accounts/screens/profile-screen').then((m) => m.ProfileScreen),
  'core',
);
export const RegisterScreen = lazyScreen(
  () => import('../features/accounts/screens/register-screen').then((m) => m.RegisterScreen),
  'core',
);
export const ResetPasswordScreen = lazyScreen(
  () =>
    import('../features/accounts/screens/reset-password-screen').then((m) => m.ResetPasswordScreen),
  'core',
);
export const TermsScreen = lazyScreen(
  () => import('../features/accounts/screens/terms-screen').then((m) => m.TermsScreen),
  'core',
);
export const PharmacyEntryScreen = lazyScreen(
  () =>
    import('../features/brands/screens/pharmacy-entry-screen').then((m) => m.PharmacyEntryScreen),
  'core',
);
export const UpdateScreen = lazyScreen(
  () => import('../features/brands/screens/update-screen').then((m) => m.UpdateScreen),
  'core',
);
export const ClinicQueueScreen = lazyScreen(() =>
  import('../features/care/screens/clinic-queue-screen').then((m) => m.ClinicQueueScreen),
);
export const ClinicVisitScreen = lazyScreen(() =>
  import('../features/care/screens/clinic-visit-screen').then((m) => m.ClinicVisitScreen),
);
export const GetCareScreen = lazyScreen(() =>
  import('../features/care/screens/get-care-screen').then((m) => m.GetCareScreen),
);
export const MeetScreen = lazyScreen(() =>
  import('../features/care/screens/meet-screen').then((m) => m.MeetScreen),
);
export const WaitingScreen = lazyScreen(() =>
  import('../features/care/screens/waiting-screen').then((m) => m.WaitingScreen),
);
export const NoteScreen = lazyScreen(() =>
  import('../features/notes/screens/note-screen').then((m) => m.NoteScreen),
);
export const NotesScreen = lazyScreen(() =>
  import('../features/notes/screens/notes-screen').then((m) => m.NotesScreen),
);
export const CouponScreen = lazyScreen(() =>
  import('../features/payments/screens/coupon-screen').then((m) => m.CouponScreen),
);
export const PaymentsScreen = lazyScreen(() =>
  import('../features/payments/screens/payments-screen').then((m) => m.PaymentsScreen),
);
export const ReceiptScreen = lazyScreen(() =>
  import('../features/payments/screens/receipt-screen').then((m) => m.ReceiptScreen),
);
export const ReferredTransactionsScreen = lazyScreen(() =>
  import('../features/payments/screens/referred-transactions-screen').then(
    (m) => m.ReferredTransactionsScreen,
  ),
);
export const TransactionsScreen = lazyScreen(() =>
  import('../features/payments/screens/transactions-screen').then((m) => m.TransactionsScreen),
);
export const RxScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-screen').then((m) => m.RxScreen),
);
export const RxVisitsScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-visits-screen').then((m) => m.RxVisitsScreen),
);
export const RxUnpaidScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-unpaid-screen').then((m) => m.RxUnpaidScreen),
);
export const RxRefillScreen = lazyScreen(() =>
  import('../features/rx/screens/rx-refill-screen').then((m) => m.RxRefillScreen),
);
export const UploadIdScreen = lazyScreen(() =>
  import('../features/rx/screens/upload-id-screen').then((m) => m.UploadIdScreen),
);
export const ClinicRxQueueScreen = lazyScreen(() =>
  import('../features/rx/screens/clinic-rx-queue-screen').then((m) => m.ClinicRxQueueScreen),
);
export const ClinicRxReviewScreen = lazyScreen(() =>
  import('../features/rx/screens/clinic-rx-review-screen').then((m) => m.ClinicRxReviewScreen),
);
export const PrescriptionsScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/prescriptions-screen').then((m) => m.PrescriptionsScreen),
);
export const LinksScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/links-screen').then((m) => m.LinksScreen),
);
export const PharmacistsScreen = lazyScreen(() =>
  import('../features/pharmacy/screens/pharmacists-screen').then((m) => m.PharmacistsScreen),
);
export const CrmScreen = lazyScreen(() =>
  import('../features/crm/screens/crm-screen').then((m) => m.CrmScreen),
);
export const AnalyticsScreen = lazyScreen(() =>
  import('../features/analytics/screens/analytics-screen').then((m) => m.AnalyticsScreen),
);
export const RedeemScreen = lazyScreen(() =>
  import('../features/prepay/screens/redeem-screen').then((m) => m.RedeemScreen),
);
export const PrepayHomeScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-home-screen').then((m) => m.PrepayHomeScreen),
);
export const PrepayPurchaseScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-purchase-screen').then((m) => m.PrepayPurchaseScreen),
);
export const PrepaySelectScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-select-screen').then((m) => m.PrepaySelectScreen),
);
export const PrepayEditScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-edit-screen').then((m) => m.PrepayEditScreen),
);
export const PrepayTransactionsScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-transactions-screen').then(
    (m) => m.PrepayTransactionsScreen,
  ),
);
export const PrepayAddFundsScreen = lazyScreen(() =>
  import('../features/prepay/screens/prepay-add-funds-screen').then((m) => m.PrepayAddFundsScreen),
);
export const SubscriptionPurchaseScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/subscription-purchase-screen').then(
    (m) => m.SubscriptionPurchaseScreen,
  ),
);
export const SubscriptionScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/subscription-screen').then((m) => m.SubscriptionScreen),
);
export const RxAdminScreen = lazyScreen(() =>
  import('../features/subscriptions/screens/rx-admin-screen').then((m) => m.RxAdminScreen),
);
export const AnnouncementsAdminSection = lazyScreen(() =>
  import('../features/announcements/components/announcements-admin-section').then(
    (m) => m.AnnouncementsAdminSection,
  ),
);
export const AdminPharmaciesScreen = lazyScreen(() =>
  import('../features/backoffice-pharmacies/screens/admin-pharmacies-screen').then(
    (m) => m.AdminPharmaciesScreen,
  ),
);
export const AdminPharmacyScreen = lazyScreen(() =>
  import('../features/backoffice-pharmacies/screens/admin-pharmacy-screen').then(
    (m) => m.AdminPharmacyScreen,
  ),
);
export const AdminBrandOffersScreen = lazyScreen(() =>
  import('../features/backoffice-brand-offers/screens/admin-brand-offers-screen').then(
    (m) => m.AdminBrandOffersScreen,
  ),
);
export const AdminBrandsScreen = lazyScreen(() =>
  import('../features/backoffice-brands/screens/admin-brands-screen').then(
    (m) => m.AdminBrandsScreen,
  ),
);
export const AdminBrandScreen = lazyScreen(() =>
  import('../features/backoffice-brands/screens/admin-brand-screen').then(
    (m) => m.AdminBrandScreen,
  ),
);
export const AdminMoneyScreen = lazyScreen(() =>
  import('../features/backoffice-money/screens/admin-money-screen').then((m) => m.AdminMoneyScreen),
);
export const AppointmentScreen = lazyScreen(() =>
  import('../features/appointments/screens/appointment-screen').then((m) => m.AppointmentScreen),
);
export const DocumentsScreen = lazyScreen(() =>
  import('../features/documents/screens/documents-screen').then((m) => m.DocumentsScreen),
);
export const DocumentScreen = lazyScreen(() =>
  import('../features/documents/screens/document-screen').then((m) => m.DocumentScreen),
);
export const TestCardScreen = lazyScreen(() =>
  import('../features/payments/screens/test-card-screen').then((m) => m.TestCardScreen),
);
export const CertificateVerifyScreen = lazyScreen(() =>
  import('../features/documents/screens/certificate-verify-screen').then(
    (m) => m.CertificateVerifyScreen,
  ),
);
export const NotificationsScreen = lazyScreen(() =>
  import('../features/notifications/screens/notifications-screen').then(
    (m) => m.NotificationsScreen,
  ),
);
export const InboxScreen = lazyScreen(() =>
  import('../features/inbox/screens/inbox-screen').then((m) => m.InboxScreen),
);
export const AssessmentScreen = lazyScreen(() =>
  import('../features/assessments/screens/assessment-screen').then((m) => m.AssessmentScreen),
);
export const InstoreScreen = lazyScreen(() =>
  import('../features/assessments/screens/instore-screen').then((m) => m.InstoreScreen),
);
export const PeopleSearchScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/people-search-screen').then(
    (m) => m.PeopleSearchScreen,
  ),
);
export const PersonAccountScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/person-account-screen').then(
    (m) => m.PersonAccountScreen,
  ),
);
export const DisclosuresScreen = lazyScreen(() =>
  import('../features/backoffice-people/screens/disclosures-screen').then(
    (m) => m.DisclosuresScreen,
  ),
);
export const ConsentGate = lazyScreen(() =>
  import('../features/accounts/components/consent-gate').then((m) => m.ConsentGate),
);
