/**
 * The English texts the first screen may need: the shell (navigation, menus, toasts, the route
 * guard's messages), accounts, validation, the server's error texts. The web fetches these before
 * its first render; the screens' own texts (catalog.screens.en.ts) come with the screens.
 */
import { accountActionsMessagesEn } from '../accounts/account-actions.messages';
import { accountScreensMessagesEn } from '../accounts/account-screens.messages';
import { accountsMessagesEn } from '../accounts/accounts.messages';
import { profileScreensMessagesEn } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEn } from '../appointments/appointments.messages';
import { brandsMessagesEn } from '../brands/brands.messages';
import { careMessagesEn } from '../care/care.messages';
import { commonMessagesEn } from '../common/common.messages';
import { listsMessagesEn } from '../common/lists.messages';
import { filesMessagesEn } from '../files/files.messages';
import { navigationMessagesEn } from '../navigation/navigation.messages';
import { notesMessagesEn } from '../notes/notes.messages';
import { notificationsMessagesEn } from '../notifications/notifications.messages';
import { paymentsMessagesEn } from '../payments/payments.messages';
import { pharmacyMessagesEn } from '../pharmacy/pharmacy.messages';
import { placesMessagesEn } from '../places/places.messages';
import { prepayMessagesEn } from '../prepay/prepay.messages';
import { medicationsMessagesEn } from '../rx/medications.messages';
import { rxStatusMessagesEn } from '../rx/rx-status.messages';
import { rxVisitsMessagesEn } from '../rx/rx-visits.messages';
import { sessionMessagesEn } from '../session/session.messages';
import { subscriptionsMessagesEn } from '../subscriptions/subscriptions.messages';
import { validationMessagesEn } from '../validation/validation.messages';

export const enCore = {
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
  ...sessionMessagesEn,
  ...navigationMessagesEn,
  ...appointmentsMessagesEn,
  ...paymentsMessagesEn,
  ...prepayMessagesEn,
  ...subscriptionsMessagesEn,
  ...notesMessagesEn,
  ...notificationsMessagesEn,
  ...filesMessagesEn,
  ...pharmacyMessagesEn,
  // The shared pager (components/pager.tsx) renders before a screen's chunk is fetched.
  ...listsMessagesEn,
};

export type CoreMessageKey = keyof typeof enCore;
