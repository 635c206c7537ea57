/**
 * The Spanish catalogue, merged from the areas' message files: every English key (each area
 * types its Spanish table by its English keys). A module of its own, like catalog.en.ts.
 */
import { accountActionsMessagesEs } from '../accounts/account-actions.messages';
import { accountScreensMessagesEs } from '../accounts/account-screens.messages';
import { accountsMessagesEs } from '../accounts/accounts.messages';
import { profileScreensMessagesEs } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEs } from '../appointments/appointments.messages';
import { brandsMessagesEs } from '../brands/brands.messages';
import { careMessagesEs } from '../care/care.messages';
import { careScreensMessagesEs } from '../care/care-screens.messages';
import { clinicScreensMessagesEs } from '../care/clinic-screens.messages';
import { visitCallMessagesEs } from '../care/visit-call.messages';
import { commonMessagesEs } from '../common/common.messages';
import { filesMessagesEs } from '../files/files.messages';
import { navigationMessagesEs } from '../navigation/navigation.messages';
import { notesMessagesEs } from '../notes/notes.messages';
import { paymentScreensMessagesEs } from '../payments/payment-screens.messages';
import { paymentsMessagesEs } from '../payments/payments.messages';
import { pharmacyMessagesEs } from '../pharmacy/pharmacy.messages';
import { pharmacyScreensMessagesEs } from '../pharmacy/pharmacy-screens.messages';
import { placesMessagesEs } from '../places/places.messages';
import { prepayMessagesEs } from '../prepay/prepay.messages';
import { medicationsMessagesEs } from '../rx/medications.messages';
import { rxScreensMessagesEs } from '../rx/rx-screens.messages';
import { rxStatusMessagesEs } from '../rx/rx-status.messages';
import { rxVisitsMessagesEs } from '../rx/rx-visits.messages';
import { sessionMessagesEs } from '../session/session.messages';
import { subscriptionsMessagesEs } from '../subscriptions/subscriptions.messages';
import { validationMessagesEs } from '../validation/validation.messages';
import type { MessageKey } from './catalog.en';

export const es: Record<MessageKey, string> = {
  ...commonMessagesEs,
  ...accountsMessagesEs,
  ...accountActionsMessagesEs,
  ...accountScreensMessagesEs,
  ...profileScreensMessagesEs,
  ...brandsMessagesEs,
  ...validationMessagesEs,
  ...careMessagesEs,
  ...placesMessagesEs,
  ...medicationsMessagesEs,
  ...rxStatusMessagesEs,
  ...rxVisitsMessagesEs,
  ...rxScreensMessagesEs,
  ...sessionMessagesEs,
  ...navigationMessagesEs,
  ...appointmentsMessagesEs,
  ...paymentsMessagesEs,
  ...paymentScreensMessagesEs,
  ...prepayMessagesEs,
  ...subscriptionsMessagesEs,
  ...careScreensMessagesEs,
  ...clinicScreensMessagesEs,
  ...visitCallMessagesEs,
  ...notesMessagesEs,
  ...filesMessagesEs,
  ...pharmacyMessagesEs,
  ...pharmacyScreensMessagesEs,
};
