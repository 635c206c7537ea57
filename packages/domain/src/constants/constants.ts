/**
 * Business constants and limits of spec section 9, declared once. Other modules import these
 * instead of repeating numbers. Values marked "default" are also read from configuration at run
 * time; the configured value wins, these are what applies when configuration is silent.
 */
import { careReasons as careReasonList } from '../care/care-reasons';
import type { MessageKey } from '../i18n/catalog';
import { languages } from '../i18n/i18n.rules';

// --- Session -------------------------------------------------------------------------------

/** Idle auto-logout: 900000 ms (15 min) without activity logs the user out. */
export const idleAutoLogoutMs = 900_000;
/** Auto log-off minutes after the app returns from the background (configuration default). */
export const autoLogoffMinutesDefault = 30;

// --- Ages ----------------------------------------------------------------------------------

/** Minimum age to register an account (configuration default). */
export const minRegistrationAgeDefault = 18;
/** Minimum age of a dependent (configuration default): "anyone aged 4 and older". */
export const minDependentAgeDefault = 4;
/** Maximum age accepted for any date of birth. */
export const maxAge = 110;
/** Date-of-birth years accepted on input (spec section 5). */
export const dobYearRange = { min: 1900, max: 2200 } as const;

// --- Appointments --------------------------------------------------------------------------

/** Minutes around the appointment time in which the patient must return and pay (configuration default). */
export const appointmentWindowMinutesDefault = 15;
/** Scheduled appointments are dropped this many minutes after their start time. */
export const scheduledAppointmentDropAfterMinutes = 10;

// --- Field limits --------------------------------------------------------------------------

export const passwordLength = { min: 8, max: 40 } as const;
export const zipLength = 5;
export const phoneMinDigits = 7;
/** Number of trailing digits formatted 3-3-4 by the phone formatter. */
export const phoneNationalDigits = 10;
export const tokenLength = 12;

// --- Timing --------------------------------------------------------------------------------

/** Script chunk loading fails on timeout after 120 s. */
export const scriptChunkTimeoutMs = 120_000;
/** Throttle / poll interval of the helper that spec section 9 mentions. */
export const throttleMs = 60_000;

// --- Prepay -------------------------------------------------------------------------------

/** In prepay limits and notification settings, 0 means no limit / no notification. */
export const prepayNoLimit = 0;
/** The spec's example token reuse interval, in days. */
export const prepayReuseIntervalExampleDays = 25;

// --- Languages, states, people -------------------------------------------------------------

/** en and es; the same list as i18n.rules (declared there, referenced here). */
export const supportedLanguages = languages;

/** States offered when the configured available-states list is empty. */
export const defaultStateList = ['FL'] as const;
/** States where on-demand (video now) visits are staffed. */
export const onDemandStates = ['FL', 'TX'] as const;

/** Relation of a dependent to the account holder: the 8 options of spec section 3. */
export const relationOptions = [
  'son',
  'daughter',
  'mother',
  'father',
  'spouse',
  'sister',
  'brother',
  'other',
] as const;
export type Relation = (typeof relationOptions)[number];

export const genders = ['M', 'F', 'X'] as const;
export type Gender = (typeof genders)[number];

/** The care reasons of spec section 2 (declared in care/care-reasons.ts, referenced here). */
export const careReasons = careReasonList;

// --- Consent PDF ---------------------------------------------------------------------------

/** Consent PDF layout: letter size, 1 inch margins, 80 characters per line, 38 lines per page. */
export const consentPdfLayout = {
  pageSize: 'letter',
  pageWidthInches: 8.5,
  pageHeightInches: 11,
  marginInches: 1,
  charactersPerLine: 80,
  linesPerPage: 38,
} as const;

// --- Display -------------------------------------------------------------------------------

export const displayBreakpoints = {
  /** Widths strictly below this are extra-small. */
  extraSmallBelowWidthPx: 340,
  /** A phone is at most this wide ... */
  phoneMaxWidthPx: 767,
  /** ... and at most this aspect ratio (width / height), i.e. portrait. */
  phoneMaxAspectRatio: 3 / 4,
} as const;

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface DisplayClass {
  readonly extraSmall: boolean;
  readonly phone: boolean;
}

/**
 * The display flags for a viewport: extra-small when width < 340; phone when width <= 767 and
 * width / height <= 3/4 (the CSS `(max-width: 767px) and (max-aspect-ratio: 3/4)` query).
 * The flags are independent: a 320 x 600 screen is both.
 */
export function displayClass({ width, height }: Viewport): DisplayClass {
  const ratioOk = height > 0 && width * 4 <= height * 3;
  return {
    extraSmall: width < displayBreakpoints.extraSmallBelowWidthPx,
    phone: width <= displayBreakpoints.phoneMaxWidthPx && ratioOk,
  };
}

// --- Consent documents ---------------------------------------------------------------------

export const consentDocumentIds = [
  'glp1',
  'ghkCu',
  'ivermectin',
  'mebendazole',
  'ldn',
  'extendedChronicSupply',
  'bupropionNaltrexone',
  'intracavernosalInjection',
  'sermorelin',
  'nad',
  'b12',
  'pt141',
] as const;
export type ConsentDocumentId = (typeof consentDocumentIds)[number];

export interface ConsentDocument {
  readonly id: ConsentDocumentId;
  readonly titleKey: MessageKey;
  /**
   * ISO date (YYYY-MM-DD) of the consent text's version. PLACEHOLDERS: the spec says each
   * document has a version date but does not give them; the medical team must confirm.
   */
  readonly versionDate: string;
}

export const consentDocuments: readonly ConsentDocument[] = [
  { id: 'glp1', titleKey: 'medications.consent.glp1', versionDate: '2025-01-01' },
  { id: 'ghkCu', titleKey: 'medications.consent.ghkCu', versionDate: '2025-01-01' },
  { id: 'ivermectin', titleKey: 'medications.consent.ivermectin', versionDate: '2025-01-01' },
  { id: 'mebendazole', titleKey: 'medications.consent.mebendazole', versionDate: '2025-01-01' },
  { id: 'ldn', titleKey: 'medications.consent.ldn', versionDate: '2025-01-01' },
  {
    id: 'extendedChronicSupply',
    titleKey: 'medications.consent.extendedChronicSupply',
    versionDate: '2025-01-01',
  },
  {
    id: 'bupropionNaltrexone',
    titleKey: 'medications.consent.bupropionNaltrexone',
    versionDate: '2025-01-01',
  },
  {
    id: 'intracavernosalInjection',
    titleKey: 'medications.consent.intracavernosalInjection',
    versionDate: '2025-01-01',
  },
  { id: 'sermorelin', titleKey: 'medications.consent.sermorelin', versionDate: '2025-01-01' },
  { id: 'nad', titleKey: 'medications.consent.nad', versionDate: '2025-01-01' },
  { id: 'b12', titleKey: 'medications.consent.b12', versionDate: '2025-01-01' },
  { id: 'pt141', titleKey: 'medications.consent.pt141', versionDate: '2025-01-01' },
];

// --- Legal links ---------------------------------------------------------------------------

/**
 * The legal-notice links of the app settings (spec section 3): consent to treat and terms.
 * The URLs come from the brand's app settings; these are the names they are stored under.
 */
export const legalNoticeLinks = ['consentToTreat', 'terms'] as const;
export type LegalNoticeLink = (typeof legalNoticeLinks)[number];
/** States with a per-state consent notice in the app settings (a TX complaint notice). */
export const consentNoticeStates = ['TX'] as const;

// --- Tag colour sets (CRM) -----------------------------------------------------------------

/**
 * Tag colour sets of spec section 3. The spec names the tags but not their colours; the hex
 * colours below are our choice (readable on white, distinct within a set).
 */
export const tagColourSets = {
  customer: {
    Prospect: '#1976D2',
    Active: '#21BA45',
    Inactive: '#9E9E9E',
    VIP: '#8E24AA',
    AtRisk: '#C10015',
    NeedsFollowUp: '#F2C037',
  },
  interaction: {
    Complaint: '#C10015',
    Praise: '#21BA45',
    Query: '#1976D2',
    Support: '#F2C037',
    Info: '#31CCEC',
  },
  task: {
    Urgent: '#C10015',
    HighPriority: '#F2711C',
    MediumPriority: '#F2C037',
    LowPriority: '#21BA45',
  },
} as const;
export type TagSet = keyof typeof tagColourSets;
