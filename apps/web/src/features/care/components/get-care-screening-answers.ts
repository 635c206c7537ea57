import type { CareMessageKey } from '@apothecall/domain/care/care-reasons';
import {
  emergencySignIds,
  evaluateScreening,
  type ScreeningAnswersInput,
  type ScreeningEvaluation,
  screeningAnswersSchema,
  type VisitScreenResult,
} from '@apothecall/domain/care/screening.evaluate';
import {
  bodyMeasurements,
  comorbidityIds,
  ldnConditionIds,
  parseBloodPressure,
  treatmentSectionIds,
  validateSelection,
} from '@apothecall/domain/care/screening.rules';
import type { PrescreeningResponse } from '@apothecall/domain/care/visits.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { ScreeningForm } from './get-care-draft';

/**
 * The screening form (typed strings) -> the domain's screening answers, the form's own checks
 * (answer every question; 'select at least one'), and the evaluation (evaluateScreening, the
 * same function the server runs again on /visit-start/).
 */

const measureMax = 2000;
const listMax = 30;
const itemMax = 500;

/** A positive number typed with a dot or a comma, or null (empty or not a number). */
export function parseMeasure(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value > 0 && value <= measureMax ? value : null;
}

/** One item a line; blank lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().slice(0, itemMax))
    .filter((line) => line !== '')
    .slice(0, listMax);
}

const only = <T extends string>(ids: readonly T[], values: readonly string[]): T[] =>
  ids.filter((id) => values.includes(id));

/** What the server asks this patient: the ids it sent, limited to the ones this app knows. */
export function askedOf(pre: PrescreeningResponse) {
  const sections = new Set(pre.sections);
  return {
    emergencySigns: only(emergencySignIds, pre.emergencySigns),
    comorbidities: only(comorbidityIds, pre.comorbidities),
    ldnConditions: only(ldnConditionIds, pre.ldnConditions),
    vitals: sections.has('vitals'),
    allergies: sections.has('allergies'),
    medications: sections.has('medications'),
    medicalProblems: sections.has('medicalProblems'),
    ed: sections.has('ed'),
    ldn: sections.has('ldn'),
    birthControl: sections.has('birthControl'),
  };
}
export type Asked = ReturnType<typeof askedOf>;

export function toAnswers(form: ScreeningForm, asked: Asked): ScreeningAnswersInput {
  const measured = <U extends string>(text: string, unit: U) => {
    const value = parseMeasure(text);
    return value === null ? null : { value, unit };
  };
  const answers: ScreeningAnswersInput = {
    emergencySigns: only(asked.emergencySigns, form.emergencySigns),
    vitals: asked.vitals
      ? {
          bloodPressure: form.bloodPressure.trim().slice(0, 20),
          weight: measured(form.weight, form.weightUnit),
          height: measured(form.height, form.heightUnit),
          waist: measured(form.waist, form.waistUnit),
        }
      : { bloodPressure: '', weight: null, height: null, waist: null },
    allergies: asked.allergies ? splitLines(form.allergies) : [],
    medications: asked.medications ? splitLines(form.medications) : [],
    medicalProblems: asked.medicalProblems ? only(asked.comorbidities, form.medicalProblems) : [],
  };
  if (asked.ed && form.edRequested !== '') {
    answers.ed = {
      requested: form.edRequested === 'yes',
      takesNitrates: form.edRequested === 'yes' && form.edNitrates === 'yes',
    };
  }
  if (asked.ldn && form.ldnRequested !== '') {
    const requested = form.ldnRequested === 'yes';
    answers.ldn = {
      requested,
      conditions: requested ? only(asked.ldnConditions, form.ldnConditions) : [],
      takesOpioids: requested && form.ldnOpioids === 'yes',
    };
  }
  if (asked.birthControl && form.bcRequested !== '') {
    const requested = form.bcRequested === 'yes';
    answers.birthControl = {
      requested,
      smoker: requested && form.bcSmoker === 'yes',
      pregnant: requested && form.bcPregnant === 'yes',
    };
  }
  return answers;
}

export type ScreeningField =
  | 'emergencySigns'
  | 'bloodPressure'
  | 'weight'
  | 'height'
  | 'waist'
  | 'medicalProblems'
  | 'edRequested'
  | 'edNitrates'
  | 'ldnRequested'
  | 'ldnConditions'
  | 'ldnOpioids'
  | 'bcRequested'
  | 'bcSmoker'
  | 'bcPregnant';
export type ScreeningErrors = Partial<Record<ScreeningField, MessageKey>>;

const selectAtLeastOne: CareMessageKey = 'care.screening.selectAtLeastOne';

/** The questions left unanswered or answered in a form the rules cannot read. */
export function checkForm(form: ScreeningForm, asked: Asked): ScreeningErrors {
  const errors: ScreeningErrors = {};
  const selection = (values: readonly string[], none: boolean) =>
    validateSelection(none ? ['none'] : values).ok;
  if (asked.emergencySigns.length > 0 && !selection(form.emergencySigns, form.emergencyNone)) {
    errors.emergencySigns = selectAtLeastOne;
  }
  if (asked.vitals) {
    if (form.bloodPressure.trim() !== '' && !parseBloodPressure(form.bloodPressure)) {
      errors.bloodPressure = 'care.screening.bloodPressureHint';
    }
    for (const field of ['weight', 'height', 'waist'] as const) {
      if (form[field].trim() !== '' && parseMeasure(form[field]) === null) {
        errors[field] = 'careUi.screening.numberInvalid';
      }
    }
  }
  if (
    asked.medicalProblems &&
    asked.comorbidities.length > 0 &&
    !selection(form.medicalProblems, form.medicalNone)
  ) {
    errors.medicalProblems = selectAtLeastOne;
  }
  if (asked.ed) {
    if (form.edRequested === '') errors.edRequested = 'common.required';
    else if (form.edRequested === 'yes' && form.edNitrates === '')
      errors.edNitrates = 'common.required';
  }
  if (asked.ldn) {
    if (form.ldnRequested === '') errors.ldnRequested = 'common.required';
    else if (form.ldnRequested === 'yes') {
      if (!selection(form.ldnConditions, form.ldnNone)) errors.ldnConditions = selectAtLeastOne;
      if (form.ldnOpioids === '') errors.ldnOpioids = 'common.required';
    }
  }
  if (asked.birthControl) {
    if (form.bcRequested === '') errors.bcRequested = 'common.required';
    else if (form.bcRequested === 'yes') {
      if (form.bcSmoker === '') errors.bcSmoker = 'common.required';
      if (form.bcPregnant === '') errors.bcPregnant = 'common.required';
    }
  }
  return errors;
}

export type ScreeningOutcome =
  | { kind: 'passed'; result: VisitScreenResult; evaluation: ScreeningEvaluation }
  | { kind: 'failed'; failures: readonly CareMessageKey[] }
  | { kind: 'invalid' };

/** Evaluates the answers for this patient (age and birth gender from the server). */
export function evaluateForm(
  form: ScreeningForm,
  asked: Asked,
  pre: PrescreeningResponse,
): ScreeningOutcome {
  const parsed = screeningAnswersSchema.safeParse(toAnswers(form, asked));
  if (!parsed.success) return { kind: 'invalid' };
  // The treatment whose questions the server asked (none for an on-demand care reason).
  const treatment = treatmentSectionIds.find((id) => pre.sections.includes(id));
  const evaluation = evaluateScreening(
    parsed.data,
    { age: pre.age, birthGender: pre.birthGender },
    treatment,
  );
  if (!evaluation.passed) return { kind: 'failed', failures: evaluation.failures };
  return { kind: 'passed', result: { passed: true, answers: parsed.data }, evaluation };
}

/** The live BMI of the typed weight and height, or undefined. */
export function liveBmi(form: ScreeningForm): number | undefined {
  const weight = parseMeasure(form.weight);
  const height = parseMeasure(form.height);
  if (weight === null || height === null) return undefined;
  return bodyMeasurements({
    weight: { value: weight, unit: form.weightUnit },
    height: { value: height, unit: form.heightUnit },
  })?.bmi;
}
