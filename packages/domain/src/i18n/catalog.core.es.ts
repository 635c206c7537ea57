/** The Spanish texts of catalog.core.en.ts (every key, typed by the English ones). */

import { accountActionsMessagesEs } from '../accounts/account-actions.messages';
import { accountScreensMessagesEs } from '../accounts/account-screens.messages';
import { accountsMessagesEs } from '../accounts/accounts.messages';
import { profileScreensMessagesEs } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEs } from '../appointments/appointments.messages';
import { brandsMessagesEs } from '../brands/brands.messages';
import { careMessagesEs } from '../care/care.messages';
import { commonMessagesEs } from '../common/common.messages';
import { listsMessagesEs } from '../common/lists.messages';
import { filesMessagesEs } from '../files/files.messages';
import { navigationMessagesEs } from '../navigation/navigation.messages';
import { notesMessagesEs } from '../notes/notes.messages';
import { notificationsMessagesEs } from '../notifications/notifications.messages';
import { paymentsMessagesEs } from '../payments/payments.messages';
import { pharmacyMessagesEs } from '../pharmacy/pharmacy.messages';
import { placesMessagesEs } from '../places/places.messages';
import { prepayMessagesEs } from '../prepay/prepay.messages';
import { medicationsMessagesEs } from '../rx/medications.messages';
import { rxStatusMessagesEs } from '../rx/rx-status.messages';
import { rxVisitsMessagesEs } from '../rx/rx-visits.messages';
import { sessionMessagesEs } from '../session/session.messages';
import { subscriptionsMessagesEs } from '../subscriptions/subscriptions.messages';
import { validationMessagesEs } from '../validation/validation.messages';
import type { CoreMessageKey } from './catalog.core.en';

export const esCore: Record<CoreMessageKey, string> = {
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
  ...sessionMessagesEs,
  ...navigationMessagesEs,
  ...appointmentsMessagesEs,
  ...paymentsMessagesEs,
  ...prepayMessagesEs,
  ...subscriptionsMessagesEs,
  ...notesMessagesEs,
  ...notificationsMessagesEs,
  ...filesMessagesEs,
  ...pharmacyMessagesEs,
  // The shared pager (components/pager.tsx) renders before a screen's chunk is fetched.
  ...listsMessagesEs,
};
