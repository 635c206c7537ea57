/**
 * The English texts the first screen may need: the shell (navigation, menus, toasts, the route
 * guard's messages), the signed-out screens (login, registration, password help, terms, the
 * brand's pages), the profile, validation and the server's error texts. The web fetches these
 * before its first render; the rest (catalog.screens.en.ts) comes with the first screen or
 * signed-in part that needs it, so the login screen does not download it.
 */
import { accountActionsMessagesEn } from '../accounts/account-actions.messages';
import { accountScreensMessagesEn } from '../accounts/account-screens.messages';
import { accountsMessagesEn } from '../accounts/accounts.messages';
import { profileScreensMessagesEn } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEn } from '../appointments/appointments.messages';
import { brandsMessagesEn } from '../brands/brands.messages';
import { commonMessagesEn } from '../common/common.messages';
import { listsMessagesEn } from '../common/lists.messages';
import { navigationMessagesEn } from '../navigation/navigation.messages';
import { placesMessagesEn } from '../places/places.messages';
import { sessionMessagesEn } from '../session/session.messages';
import { validationMessagesEn } from '../validation/validation.messages';

export const enCore = {
  ...commonMessagesEn,
  ...accountsMessagesEn,
  ...accountActionsMessagesEn,
  ...accountScreensMessagesEn,
  ...profileScreensMessagesEn,
  ...brandsMessagesEn,
  ...validationMessagesEn,
  ...placesMessagesEn,
  ...sessionMessagesEn,
  ...navigationMessagesEn,
  ...appointmentsMessagesEn,
  // The shared pager (components/pager.tsx) renders before a screen's chunk is fetched.
  ...listsMessagesEn,
};

export type CoreMessageKey = keyof typeof enCore;
