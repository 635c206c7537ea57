import type {
  AdminBrand,
  BrandFieldsInput,
  hostKinds,
} from '@apothecall/domain/brands/brands-admin.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { UsStateCode } from '@apothecall/domain/places/places.rules';

export type HostKind = (typeof hostKinds)[number];

/** The form: the brand's fields, host lists as text (one per line), the key when new. */
export interface BrandForm {
  id: string;
  name: string;
  hostKind: HostKind;
  hosts: string;
  aliases: string;
  thirdParty: boolean;
  colorPrimary: string;
  colorAccent: string;
  colorWarning: string;
  homePage: string;
  backgroundImage: string;
  registerEnabled: boolean;
  attribution: boolean;
  appSettings: AdminBrand['appSettings'];
  availableStates: string[];
  asyncStates: string[];
  open: string;
  close: string;
  timeZone: string;
}

export const blank: BrandForm = {
  id: '',
  name: '',
  hostKind: 'partner',
  hosts: '',
  aliases: '',
  thirdParty: false,
  colorPrimary: '#0b7285',
  colorAccent: '#0b7285',
  colorWarning: '#c92a2a',
  homePage: '/',
  backgroundImage: '',
  registerEnabled: true,
  attribution: true,
  appSettings: {
    availableLang: ['en', 'es'],
    prepayPurchaseActive: false,
    subscriptionPurchaseActive: false,
    legalNotice: { consentToTreat: null, terms: null },
    consentNotice: {},
    forcedPage: null,
    forcedAuthPage: null,
    showAppStore: false,
    prepayOnly: false,
    appStoreURL: null,
    googlePlayURL: null,
    prepayPricingTypes: [],
  },
  availableStates: [],
  asyncStates: [],
  open: '08:00',
  close: '22:00',
  timeZone: 'America/New_York',
};

export function formOf(brand: AdminBrand): BrandForm {
  return {
    id: brand.id,
    name: brand.name,
    hostKind: brand.hostKind,
    hosts: brand.hosts.join('\n'),
    aliases: brand.aliases.join('\n'),
    thirdParty: brand.thirdParty,
    colorPrimary: brand.colorPrimary,
    colorAccent: brand.colorAccent,
    colorWarning: brand.colorWarning,
    homePage: brand.homePage,
    backgroundImage: brand.backgroundImage ?? '',
    registerEnabled: brand.registerEnabled,
    attribution: brand.attribution,
    appSettings: brand.appSettings,
    availableStates: brand.care.availableStates,
    asyncStates: brand.care.asyncStates,
    open: brand.care.hours.open,
    close: brand.care.hours.close,
    timeZone: brand.care.hours.timeZone,
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean);

/** The body the server takes (it checks everything; the form only shapes it). */
export function fieldsOf(form: BrandForm): BrandFieldsInput {
  return {
    name: form.name,
    hostKind: form.hostKind,
    hosts: lines(form.hosts),
    aliases: lines(form.aliases),
    thirdParty: form.thirdParty,
    colorPrimary: form.colorPrimary,
    colorAccent: form.colorAccent,
    colorWarning: form.colorWarning,
    homePage: form.homePage,
    backgroundImage: form.backgroundImage.trim() === '' ? null : form.backgroundImage.trim(),
    registerEnabled: form.registerEnabled,
    attribution: form.attribution,
    appSettings: {
      ...form.appSettings,
      appStoreURL: form.appSettings.appStoreURL?.trim() || null,
      googlePlayURL: form.appSettings.googlePlayURL?.trim() || null,
    },
    care: {
      // The server refuses any state not in the list (the pickers offer only those).
      availableStates: [...form.availableStates].sort() as UsStateCode[],
      asyncStates: [...form.asyncStates].sort() as UsStateCode[],
      hours: { open: form.open, close: form.close, timeZone: form.timeZone },
    },
  };
}

/** The label of a changed field (its first part), for the confirmation. */
export const fieldLabels: Record<string, MessageKey> = {
  name: 'backoffice.brands.label.name',
  hostKind: 'backoffice.brands.label.hostKind',
  hosts: 'backoffice.brands.label.hosts',
  aliases: 'backoffice.brands.label.aliases',
  thirdParty: 'backoffice.brands.label.thirdParty',
  colorPrimary: 'backoffice.brands.label.colorPrimary',
  colorAccent: 'backoffice.brands.label.colorAccent',
  colorWarning: 'backoffice.brands.label.colorWarning',
  homePage: 'backoffice.brands.label.homePage',
  backgroundImage: 'backoffice.brands.label.backgroundImage',
  registerEnabled: 'backoffice.brands.label.registerEnabled',
  attribution: 'backoffice.brands.label.attribution',
  'appSettings.availableLang': 'backoffice.brands.label.availableLang',
  'appSettings.prepayPurchaseActive': 'backoffice.brands.label.prepayPurchaseActive',
  'appSettings.subscriptionPurchaseActive': 'backoffice.brands.label.subscriptionPurchaseActive',
  'appSettings.prepayOnly': 'backoffice.brands.label.prepayOnly',
  'appSettings.showAppStore': 'backoffice.brands.label.showAppStore',
  'appSettings.appStoreURL': 'backoffice.brands.label.appStoreURL',
  'appSettings.googlePlayURL': 'backoffice.brands.label.googlePlayURL',
  'care.availableStates': 'backoffice.brands.label.availableStates',
  'care.asyncStates': 'backoffice.brands.label.asyncStates',
  'care.hours.open': 'backoffice.brands.label.open',
  'care.hours.close': 'backoffice.brands.label.close',
  'care.hours.timeZone': 'backoffice.brands.label.timeZone',
  logoUrl: 'backoffice.brands.label.logo',
};

export const shown = (value: unknown) =>
  Array.isArray(value) ? value.join(', ') : value === null ? '—' : String(value);
