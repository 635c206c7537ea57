/**
 * The English texts only the feature screens and the signed-in shell's watchers use (Get Care,
 * the clinic, the call, Rx visits and their statuses, medications, the pharmacy portal, prepay,
 * subscriptions, payments, notes, files, notices): the web fetches them with the first screen
 * or watcher that needs them, so the login screen does not download them (its bundle stays
 * within its size budget).
 */

import { analyticsMessagesEn } from '../analytics/analytics.messages';
import { announcementsMessagesEn } from '../announcements/announcements.messages';
import { appointmentScreensMessagesEn } from '../appointments/appointment-screens.messages';
import { assessmentMessagesEn } from '../assessments/assessment.messages';
import { backofficePeopleMessagesEn } from '../backoffice/backoffice-people.messages';
import { jobsAdminMessagesEn } from '../backoffice/jobs-admin.messages';
import { backofficeMoneyMessagesEn } from '../backoffice/money.messages';
import { backofficePharmaciesMessagesEn } from '../backoffice/pharmacies.messages';
import { backofficeVisitsMessagesEn } from '../backoffice/visits.messages';
import { brandOffersMessagesEn } from '../brands/brand-offers.messages';
import { backofficeBrandsMessagesEn } from '../brands/brands-admin.messages';
import { careMessagesEn } from '../care/care.messages';
import { careScreensMessagesEn } from '../care/care-screens.messages';
import { clinicScreensMessagesEn } from '../care/clinic-screens.messages';
import { visitCallMessagesEn } from '../care/visit-call.messages';
import { crmMessagesEn } from '../crm/crm.messages';
import { documentsMessagesEn } from '../documents/documents.messages';
import { filesMessagesEn } from '../files/files.messages';
import { homeCountsMessagesEn } from '../home/home-counts.messages';
import { inboxMessagesEn } from '../inbox/inbox.messages';
import { notesMessagesEn } from '../notes/notes.messages';
import { notificationsMessagesEn } from '../notifications/notifications.messages';
import { paymentScreensMessagesEn } from '../payments/payment-screens.messages';
import { paymentsMessagesEn } from '../payments/payments.messages';
import { pharmacyMessagesEn } from '../pharmacy/pharmacy.messages';
import { pharmacyScreensMessagesEn } from '../pharmacy/pharmacy-screens.messages';
import { prepayMessagesEn } from '../prepay/prepay.messages';
import { prepayRedeemMessagesEn } from '../prepay/prepay-redeem.messages';
import { prepayScreensMessagesEn } from '../prepay/prepay-screens.messages';
import { providersMessagesEn } from '../providers/providers.messages';
import { medicationsMessagesEn } from '../rx/medications.messages';
import { rxFormsMessagesEn } from '../rx/rx-forms.messages';
import { rxScreensMessagesEn } from '../rx/rx-screens.messages';
import { rxStatusMessagesEn } from '../rx/rx-status.messages';
import { rxVisitsMessagesEn } from '../rx/rx-visits.messages';
import { rxCodesMessagesEn } from '../rx-codes/rx-codes.messages';
import { subscriptionScreensMessagesEn } from '../subscriptions/subscription-screens.messages';
import { subscriptionsMessagesEn } from '../subscriptions/subscriptions.messages';

export const enScreens = {
  ...documentsMessagesEn,
  ...rxScreensMessagesEn,
  ...paymentScreensMessagesEn,
  ...prepayRedeemMessagesEn,
  ...prepayScreensMessagesEn,
  ...subscriptionScreensMessagesEn,
  ...careScreensMessagesEn,
  ...clinicScreensMessagesEn,
  ...visitCallMessagesEn,
  ...pharmacyScreensMessagesEn,
  ...inboxMessagesEn,
  ...crmMessagesEn,
  ...analyticsMessagesEn,
  ...assessmentMessagesEn,
  ...announcementsMessagesEn,
  ...rxFormsMessagesEn,
  ...rxCodesMessagesEn,
  ...appointmentScreensMessagesEn,
  ...backofficePharmaciesMessagesEn,
  ...backofficeBrandsMessagesEn,
  ...backofficePeopleMessagesEn,
  ...providersMessagesEn,
  ...jobsAdminMessagesEn,
  ...homeCountsMessagesEn,
  ...backofficeMoneyMessagesEn,
  ...backofficeVisitsMessagesEn,
  ...brandOffersMessagesEn,
  // Also shown by the signed-in shell's watchers (a notice, an Rx visit's status), which wait for
  // this part as the screens do (the web's app-layout.tsx).
  ...careMessagesEn,
  ...medicationsMessagesEn,
  ...rxStatusMessagesEn,
  ...rxVisitsMessagesEn,
  ...paymentsMessagesEn,
  ...prepayMessagesEn,
  ...subscriptionsMessagesEn,
  ...notesMessagesEn,
  ...notificationsMessagesEn,
  ...filesMessagesEn,
  ...pharmacyMessagesEn,
};

export type ScreenMessageKey = keyof typeof enScreens;
