/**
 * The en and es catalogues (catalog.en.ts, catalog.es.ts): every user-facing text of the
 * product, merged from the areas' message files. Each area file types its Spanish table by its
 * English keys, so a missing key fails type-checking; catalog.test.ts checks placeholders match
 * between languages.
 */
import { accountActionsMessages } from '../accounts/account-actions.messages';
import { accountScreensMessages } from '../accounts/account-screens.messages';
import { accountsMessages } from '../accounts/accounts.messages';
import { profileScreensMessages } from '../accounts/profile-screens.messages';
import { analyticsMessages } from '../analytics/analytics.messages';
import { announcementsMessages } from '../announcements/announcements.messages';
import { appointmentScreensMessages } from '../appointments/appointment-screens.messages';
import { appointmentsMessages } from '../appointments/appointments.messages';
import { assessmentMessages } from '../assessments/assessment.messages';
import { brandsMessages } from '../brands/brands.messages';
import { careMessages } from '../care/care.messages';
import { careScreensMessages } from '../care/care-screens.messages';
import { clinicScreensMessages } from '../care/clinic-screens.messages';
import { visitCallMessages } from '../care/visit-call.messages';
import { commonMessages } from '../common/common.messages';
import { crmMessages } from '../crm/crm.messages';
import { documentsMessages } from '../documents/documents.messages';
import { filesMessages } from '../files/files.messages';
import { inboxMessages } from '../inbox/inbox.messages';
import { navigationMessages } from '../navigation/navigation.messages';
import { notesMessages } from '../notes/notes.messages';
import { notificationsMessages } from '../notifications/notifications.messages';
import { paymentScreensMessages } from '../payments/payment-screens.messages';
import { paymentsMessages } from '../payments/payments.messages';
import { pharmacyMessages } from '../pharmacy/pharmacy.messages';
import { pharmacyScreensMessages } from '../pharmacy/pharmacy-screens.messages';
import { placesMessages } from '../places/places.messages';
import { prepayMessages } from '../prepay/prepay.messages';
import { prepayRedeemMessages } from '../prepay/prepay-redeem.messages';
import { prepayScreensMessages } from '../prepay/prepay-screens.messages';
import { providersMessages } from '../providers/providers.messages';
import { medicationsMessages } from '../rx/medications.messages';
import { rxFormsMessages } from '../rx/rx-forms.messages';
import { rxStatusMessages } from '../rx/rx-status.messages';
import { rxCodesMessages } from '../rx-codes/rx-codes.messages';
import { sessionMessages } from '../session/session.messages';
import { subscriptionScreensMessages } from '../subscriptions/subscription-screens.messages';
import { subscriptionsMessages } from '../subscriptions/subscriptions.messages';
import { validationMessages } from '../validation/validation.messages';
import { en, type MessageKey } from './catalog.en';
import { es } from './catalog.es';
import { defaultLanguage, interpolate, isLang, type Lang, type MessageParams } from './i18n.rules';

/** Every area's table, listed once; catalog.test.ts checks no key is defined twice. */
export const areaCatalogues = {
  common: commonMessages,
  accounts: accountsMessages,
  accountActions: accountActionsMessages,
  accountScreens: accountScreensMessages,
  profileScreens: profileScreensMessages,
  brands: brandsMessages,
  validation: validationMessages,
  care: careMessages,
  places: placesMessages,
  medications: medicationsMessages,
  rxStatus: rxStatusMessages,
  session: sessionMessages,
  navigation: navigationMessages,
  appointments: appointmentsMessages,
  appointmentUi: appointmentScreensMessages,
  payments: paymentsMessages,
  paymentScreens: paymentScreensMessages,
  prepay: prepayMessages,
  prepayRedeem: prepayRedeemMessages,
  prepayUi: prepayScreensMessages,
  subscriptions: subscriptionsMessages,
  subscriptionUi: subscriptionScreensMessages,
  careUi: careScreensMessages,
  clinicUi: clinicScreensMessages,
  call: visitCallMessages,
  notes: notesMessages,
  files: filesMessages,
  documents: documentsMessages,
  notifications: notificationsMessages,
  pharmacy: pharmacyMessages,
  pharmacyUi: pharmacyScreensMessages,
  inbox: inboxMessages,
  crm: crmMessages,
  analytics: analyticsMessages,
  assessment: assessmentMessages,
  announcements: announcementsMessages,
  rxForms: rxFormsMessages,
  rxCodes: rxCodesMessages,
  providers: providersMessages,
} as const;

export type { MessageKey };

export const catalog: Readonly<Record<Lang, Readonly<Record<MessageKey, string>>>> = { en, es };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The message in the given language, with {placeholders} filled. */
export function translate(lang: Lang, key: MessageKey, params?: MessageParams): string {
  const table = catalog[isLang(lang) ? lang : defaultLanguage];
  return interpolate(table[key], params);
}
