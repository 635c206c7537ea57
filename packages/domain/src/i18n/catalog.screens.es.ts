/** The Spanish texts of catalog.screens.en.ts (every key, typed by the English ones). */

import { analyticsMessagesEs } from '../analytics/analytics.messages';
import { announcementsMessagesEs } from '../announcements/announcements.messages';
import { appointmentScreensMessagesEs } from '../appointments/appointment-screens.messages';
import { assessmentMessagesEs } from '../assessments/assessment.messages';
import { backofficePeopleMessagesEs } from '../backoffice/backoffice-people.messages';
import { jobsAdminMessagesEs } from '../backoffice/jobs-admin.messages';
import { backofficeMoneyMessagesEs } from '../backoffice/money.messages';
import { backofficePharmaciesMessagesEs } from '../backoffice/pharmacies.messages';
import { backofficeVisitsMessagesEs } from '../backoffice/visits.messages';
import { brandOffersMessagesEs } from '../brands/brand-offers.messages';
import { backofficeBrandsMessagesEs } from '../brands/brands-admin.messages';
import { careMessagesEs } from '../care/care.messages';
import { careScreensMessagesEs } from '../care/care-screens.messages';
import { clinicScreensMessagesEs } from '../care/clinic-screens.messages';
import { visitCallMessagesEs } from '../care/visit-call.messages';
import { crmMessagesEs } from '../crm/crm.messages';
import { documentsMessagesEs } from '../documents/documents.messages';
import { filesMessagesEs } from '../files/files.messages';
import { homeCountsMessagesEs } from '../home/home-counts.messages';
import { inboxMessagesEs } from '../inbox/inbox.messages';
import { notesMessagesEs } from '../notes/notes.messages';
import { notificationsMessagesEs } from '../notifications/notifications.messages';
import { paymentScreensMessagesEs } from '../payments/payment-screens.messages';
import { paymentsMessagesEs } from '../payments/payments.messages';
import { pharmacyMessagesEs } from '../pharmacy/pharmacy.messages';
import { pharmacyScreensMessagesEs } from '../pharmacy/pharmacy-screens.messages';
import { prepayMessagesEs } from '../prepay/prepay.messages';
import { prepayRedeemMessagesEs } from '../prepay/prepay-redeem.messages';
import { prepayScreensMessagesEs } from '../prepay/prepay-screens.messages';
import { providersMessagesEs } from '../providers/providers.messages';
import { medicationsMessagesEs } from '../rx/medications.messages';
import { rxFormsMessagesEs } from '../rx/rx-forms.messages';
import { rxScreensMessagesEs } from '../rx/rx-screens.messages';
import { rxStatusMessagesEs } from '../rx/rx-status.messages';
import { rxVisitsMessagesEs } from '../rx/rx-visits.messages';
import { rxCodesMessagesEs } from '../rx-codes/rx-codes.messages';
import { subscriptionScreensMessagesEs } from '../subscriptions/subscription-screens.messages';
import { subscriptionsMessagesEs } from '../subscriptions/subscriptions.messages';
import type { ScreenMessageKey } from './catalog.screens.en';

export const esScreens: Record<ScreenMessageKey, string> = {
  ...documentsMessagesEs,
  ...rxScreensMessagesEs,
  ...paymentScreensMessagesEs,
  ...prepayRedeemMessagesEs,
  ...prepayScreensMessagesEs,
  ...subscriptionScreensMessagesEs,
  ...careScreensMessagesEs,
  ...clinicScreensMessagesEs,
  ...visitCallMessagesEs,
  ...pharmacyScreensMessagesEs,
  ...inboxMessagesEs,
  ...crmMessagesEs,
  ...analyticsMessagesEs,
  ...assessmentMessagesEs,
  ...announcementsMessagesEs,
  ...rxFormsMessagesEs,
  ...rxCodesMessagesEs,
  ...appointmentScreensMessagesEs,
  ...backofficePharmaciesMessagesEs,
  ...backofficeBrandsMessagesEs,
  ...backofficePeopleMessagesEs,
  ...providersMessagesEs,
  ...jobsAdminMessagesEs,
  ...homeCountsMessagesEs,
  ...backofficeMoneyMessagesEs,
  ...backofficeVisitsMessagesEs,
  ...brandOffersMessagesEs,
  // Also shown by the signed-in shell's watchers (a notice, an Rx visit's status), which wait for
  // this part as the screens do (the web's app-layout.tsx).
  ...careMessagesEs,
  ...medicationsMessagesEs,
  ...rxStatusMessagesEs,
  ...rxVisitsMessagesEs,
  ...paymentsMessagesEs,
  ...prepayMessagesEs,
  ...subscriptionsMessagesEs,
  ...notesMessagesEs,
  ...notificationsMessagesEs,
  ...filesMessagesEs,
  ...pharmacyMessagesEs,
};
