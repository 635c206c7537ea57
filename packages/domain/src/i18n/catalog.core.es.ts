/** The Spanish texts of catalog.core.en.ts (every key, typed by the English ones). */

import { accountActionsMessagesEs } from '../accounts/account-actions.messages';
import { accountScreensMessagesEs } from '../accounts/account-screens.messages';
import { accountsMessagesEs } from '../accounts/accounts.messages';
import { profileScreensMessagesEs } from '../accounts/profile-screens.messages';
import { appointmentsMessagesEs } from '../appointments/appointments.messages';
import { brandsMessagesEs } from '../brands/brands.messages';
import { commonMessagesEs } from '../common/common.messages';
import { listsMessagesEs } from '../common/lists.messages';
import { navigationMessagesEs } from '../navigation/navigation.messages';
import { placesMessagesEs } from '../places/places.messages';
import { sessionMessagesEs } from '../session/session.messages';
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
  ...placesMessagesEs,
  ...sessionMessagesEs,
  ...navigationMessagesEs,
  ...appointmentsMessagesEs,
  // The shared pager (components/pager.tsx) renders before a screen's chunk is fetched.
  ...listsMessagesEs,
};
