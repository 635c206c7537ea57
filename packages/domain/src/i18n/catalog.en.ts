/**
 * The English catalogue, merged from the areas' message files. A module of its own so the web
 * app loads the page's language only (issue 12); catalog.ts joins both for the server.
 */
import { accountActionsMessagesEn } from '../accounts/account-actions.messages';
import { accountScreensMessagesEn } from '../accounts/account-screens.messages';
import { accountsMessagesEn } from '../accounts/accounts.messages';
import { profileScreensMessagesEn } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEn } from '../appointments/appointments.messages';
import { brandsMessagesEn } from '../brands/brands.messages';
import { careMessagesEn } from '../care/care.messages';
import { careScreensMessagesEn } from '../care/care-screens.messages';
import { clinicScreensMessagesEn } from '../care/clinic-screens.messages';
import { visitCallMessagesEn } from '../care/visit-call.messages';
import { commonMessagesEn } from '../common/common.messages';
import { filesMessagesEn } from '../files/files.messages';
import { navigationMessagesEn } from '../navigation/navigation.messages';
import { notesMessagesEn } from '../notes/notes.messages';
import { paymentScreensMessagesEn } from '../payments/payment-screens.messages';
import { paymentsMessagesEn } from '../payments/payments.messages';
import { pharmacyMessagesEn } from '../pharmacy/pharmacy.messages';
import { pharmacyScreensMessagesEn } from '../pharmacy/pharmacy-screens.messages';
import { placesMessagesEn } from '../places/places.messages';
import { prepayMessagesEn } from '../prepay/prepay.messages';
import { medicationsMessagesEn } from '../rx/medications.messages';
import { rxScreensMessagesEn } from '../rx/rx-screens.messages';
import { rxStatusMessagesEn } from '../rx/rx-status.messages';
import { rxVisitsMessagesEn } from '../rx/rx-visits.messages';
import { sessionMessagesEn } from '../session/session.messages';
import { subscriptionsMessagesEn } from '../subscriptions/subscriptions.messages';
import { validationMessagesEn } from '../validation/validation.messages';

export const en = {
  ...commonMessagesEn,
  ...accountsMessagesEn,
  ...accountActionsMessagesEn,
  ...accountScreensMessagesEn,
  ...profileScreensMessagesEn,
  ...brandsMessagesEn,
  ...validationMessagesEn,
  ...careMessagesEn,
  ...placesMessagesEn,
  ...medicationsMessagesEn,
  ...rxStatusMessagesEn,
  ...rxVisitsMessagesEn,
  ...rxScreensMessagesEn,
  ...sessionMessagesEn,
  ...navigationMessagesEn,
  ...appointmentsMessagesEn,
  ...paymentsMessagesEn,
  ...paymentScreensMessagesEn,
  ...prepayMessagesEn,
  ...subscriptionsMessagesEn,
  ...careScreensMessagesEn,
  ...clinicScreensMessagesEn,
  ...visitCallMessagesEn,
  ...notesMessagesEn,
  ...filesMessagesEn,
  ...pharmacyMessagesEn,
  ...pharmacyScreensMessagesEn,
};

export type MessageKey = keyof typeof en;
