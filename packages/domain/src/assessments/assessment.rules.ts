/**
 * The pharmacy in-store assessment (spec section 1, "Pharmacy in-store assessment"):
 * a verified pharmacy fills in a urinary tract (UTI) or upper respiratory (URI) infection intake
 * for a patient in the store (symptoms, history, in-store test results, comments) and submits;
 * the patient is e-mailed a link that continues into an asynchronous Rx visit with the intake
 * attached and the pharmacy preselected. Pure rules: which states, which lists, which treatment,
 * and what the intake answers of the treatment's form.
 */

import type { PluralForms } from '../i18n/i18n.rules';
import {
  type GrantScope,
  grantCoversState,
  pharmacyServesState,
} from '../pharmacy/pharmacy-dashboard.rules';
import { inStoreAssessmentUnavailableStates } from '../places/places.rules';
import type { RxAnswers, RxProductId } from '../rx/rx-products.rules';

export const assessmentForms = ['uti', 'uri'] as const;
export type AssessmentForm = (typeof assessmentForms)[number];

/**
 * Spec section 1: 'It is unavailable in AR, DC, LA, MD, MN, MS, NY, OK, RI, WA and WV.' The list
 * is the places rules' (where each kind of visit is offered), so the two cannot drift apart.
 */
export const assessmentUnavailableStates = inStoreAssessmentUnavailableStates;

/** Whether an in-store assessment may be submitted for a patient in `state`. */
export function assessmentAvailableIn(state: string): boolean {
  const code = state.trim().toUpperCase();
  return (
    /^[A-Z]{2}$/.test(code) && !(assessmentUnavailableStates as readonly string[]).includes(code)
  );
}

/**
 * Why this pharmacy user cannot assess a patient in `state`, or null when they can. One rule for
 * both sides: the /assessment screen asks it as soon as the state is chosen, before the rest of
 * the form is shown, and the server asks it again on submit. In order:
 * the state is one where the assessment is not offered (spec: AR, DC, LA, MD, MN, MS, NY, OK, RI,
 * WA, WV), the pharmacy takes no visits from it (the Rx visit goes to the pharmacy), or the
 * pharmacist's grant does not name it (the admin's grant is null: every state).
 */
export type AssessmentStateRefusal = 'stateUnavailable' | 'notServed' | 'stateNotGranted';

export function assessmentStateRefusal(
  state: string,
  pharmacy: { readonly state: string; readonly serviceStates: readonly string[] },
  grant: Pick<GrantScope, 'states'> | null,
): AssessmentStateRefusal | null {
  if (!assessmentAvailableIn(state)) return 'stateUnavailable';
  const code = state.trim().toUpperCase();
  if (!pharmacyServesState(pharmacy, code)) return 'notServed';
  if (!grantCoversState(grant, code)) return 'stateNotGranted';
  return null;
}

/** The message of each refusal ({state}: the state's code). */
export const assessmentRefusalMessage = {
  stateUnavailable: 'assessment.stateUnavailable',
  notServed: 'pharmacy.rx.notAvailable',
  stateNotGranted: 'assessment.stateNotGranted',
} as const satisfies Record<AssessmentStateRefusal, string>;

/** The symptom checklist of each form. */
export const assessmentSymptoms = {
  uti: [
    'dysuria',
    'frequency',
    'urgency',
    'suprapubicPain',
    'hematuria',
    'cloudyUrine',
    'fever',
    'flankPain',
    'vaginalDischarge',
  ],
  uri: [
    'fever',
    'soreThroat',
    'cough',
    'congestion',
    'runnyNose',
    'headache',
    'bodyAches',
    'fatigue',
    'earPain',
    'shortnessOfBreath',
  ],
} as const satisfies Record<AssessmentForm, readonly string[]>;
export type AssessmentSymptom = (typeof assessmentSymptoms)[AssessmentForm][number];

/** The relevant conditions of each form's history. */
export const assessmentConditions = {
  uti: ['diabetes', 'kidneyDisease', 'kidneyStones', 'urinaryCatheter', 'immunocompromised'],
  uri: ['asthma', 'copd', 'diabetes', 'heartDisease', 'immunocompromised'],
} as const satisfies Record<AssessmentForm, readonly string[]>;
export type AssessmentCondition = (typeof assessmentConditions)[AssessmentForm][number];

/** Flu, COVID-19 and strep: not done, negative or positive. */
export const testResults = ['notDone', 'negative', 'positive'] as const;
export type TestResult = (typeof testResults)[number];

/**
 * The urine dipstick (UTI form only). Decision: leukocyte esterase and nitrite are the two
 * results that matter for a UTI, so a positive strip says which pads turned.
 */
export const dipstickResults = [
  'notDone',
  'negative',
  'leukocytes',
  'nitrites',
  'leukocytesAndNitrites',
] as const;
export type DipstickResult = (typeof dipstickResults)[number];

export const rapidTests = ['flu', 'covid', 'strep'] as const;
export type RapidTest = (typeof rapidTests)[number];

/** Whether the form records a urine dipstick. */
export const hasDipstick = (form: AssessmentForm) => form === 'uti';

/** "1 day" / "3 days since the symptoms began": the onset's text by the reader's plural rules. */
export const onsetDaysForms = {
  one: 'assessment.onset.one',
  other: 'assessment.onset.other',
} as const satisfies PluralForms<string>;

/** How long the continuation link works (decision: a week, like a staff invitation). */
export const assessmentCodeDays = 7;

/** Onset is given in whole days, at most this many. */
export const maxOnsetDays = 365;

export function isSymptomOf(form: AssessmentForm, id: string): boolean {
  return (assessmentSymptoms[form] as readonly string[]).includes(id);
}

export function isConditionOf(form: AssessmentForm, id: string): boolean {
  return (assessmentConditions[form] as readonly string[]).includes(id);
}

/**
 * The treatment an assessment continues into. Decision: the existing acute-care treatment
 * ('Acute care', open packages), whose prescriber writes what the infection needs; the intake is
 * attached to the visit, so no new product or protocol is needed.
 */
export function assessmentProductId(_form: AssessmentForm): RxProductId {
  return 'acute';
}

/** The acute treatment's duration answer for an onset in days. */
export function durationAnswer(onsetDays: number): 'days' | 'weeks' | 'longer' {
  if (onsetDays < 7) return 'days';
  if (onsetDays < 28) return 'weeks';
  return 'longer';
}

/**
 * The answers of the treatment's form the intake already holds (the patient reviews them and
 * adds the rest: conditions, vitals). `problem` is the form's name in the patient's language.
 */
export function assessmentRxAnswers(
  intake: {
    readonly onsetDays: number;
    readonly history: { readonly allergies: string; readonly medications: string };
  },
  problem: string,
): RxAnswers {
  const answers: Record<string, string> = {
    acuteProblem: problem,
    acuteDuration: durationAnswer(intake.onsetDays),
  };
  if (intake.history.medications.trim() !== '') {
    answers.medications = intake.history.medications.trim();
  }
  if (intake.history.allergies.trim() !== '') answers.allergies = intake.history.allergies.trim();
  return answers;
}

/** The states of a continuation link, as the patient's screen tells them. */
export type ContinuationState = 'open' | 'used' | 'expired';

/** Whether a continuation link can still be used at `at`. */
export function continuationState(
  assessment: { readonly status: string; readonly expiresAt: Date },
  at: Date,
): ContinuationState {
  if (assessment.status !== 'sent') return 'used';
  return assessment.expiresAt.getTime() <= at.getTime() ? 'expired' : 'open';
}
