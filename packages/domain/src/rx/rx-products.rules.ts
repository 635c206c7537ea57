/**
 * The treatments a patient can ask for in an asynchronous prescription (Rx) visit (spec section
 * 9, "Prepaid medication packages"), each with its evaluation form, its consent documents, its
 * pharmacist protocol and its price; and the evaluation of a patient's answers.
 *
 * A form is data: questions with a section, a phrase, the answers offered and an optional branch
 * (shown only when an earlier answer has a value). Answers are kept as the spec's FieldState
 * (id userId:fieldId, branchId, section, data, phrase). The evaluation is a pure function, run on
 * the server for the patient's age and birth gender: a client's own "passed" is never trusted.
 */
import {
  bmiFromImperial,
  comorbidityChoices,
  hasMetabolicAlarm,
  ldnConditions,
  ldnEligibility,
  optionsFor,
  parseBloodPressure,
  type ScreeningOption,
  type ScreeningPatient,
} from '../care/screening.rules';
import type { MessageKey } from '../i18n/catalog';
import { type ConsentDocumentId, consentDocuments } from './consent-documents.rules';
import {
  type MedicationCategory,
  medicationPackages,
  type PackageOption,
} from './medications.data';
import type { RxVisitsMessageKey } from './rx-visits.messages';

export const rxSections = ['health', 'medications', 'vitals', 'treatment'] as const;
export type RxSection = (typeof rxSections)[number];

export interface RxAnswerOption {
  readonly id: string;
  /** The catalogue text of the answer; `label` instead when it reads the same in every language. */
  readonly labelKey?: MessageKey;
  readonly label?: string;
  /** Offered only to this birth gender (comorbidity choices tagged F or M). */
  readonly gender?: 'F' | 'M';
  /** Choosing it ends the evaluation with this message: the treatment cannot be prescribed. */
  readonly stopKey?: RxVisitsMessageKey;
  /** Choosing it asks the patient for a document upload after payment. */
  readonly asksAttachment?: boolean;
}

export type RxQuestionKind = 'single' | 'multi' | 'text' | 'bloodPressure' | 'number';

export interface RxQuestion {
  readonly id: string;
  readonly section: RxSection;
  readonly kind: RxQuestionKind;
  readonly phraseKey: RxVisitsMessageKey;
  readonly options?: readonly RxAnswerOption[];
  /** Shown (and asked) only when the answer to `questionId` is `equals`. */
  readonly branch?: { readonly questionId: string; readonly equals: string };
  readonly required: boolean;
  /** For number questions: the accepted range. */
  readonly range?: { readonly min: number; readonly max: number };
}

export const rxProductIds = [
  'ldn',
  'cialis',
  'viagra',
  'prophylacticAntibiotics',
  'acute',
  'chronic',
  'prep',
] as const;
export type RxProductId = (typeof rxProductIds)[number];

export interface RxProduct {
  readonly id: RxProductId;
  /** The medication package of spec section 9 (medications.data.ts). */
  readonly packageId: string;
  readonly category: MedicationCategory;
  readonly nameKey: RxVisitsMessageKey;
  readonly descriptionKey: RxVisitsMessageKey;
  /**
   * The visit's price in cents. The spec gives no prices ("a placeholder cost is used"); these
   * are the product's decision, recorded in docs/rules.md.
   */
  readonly priceCents: number;
  readonly consentDocumentIds: readonly ConsentDocumentId[];
  /** The pharmacist protocol the prescription follows (spec section 9), when one applies. */
  readonly protocolId?: string;
  /** Offered only to this birth gender. */
  readonly birthGender?: 'F' | 'M';
  readonly minAge: number;
  readonly questions: readonly RxQuestion[];
}

const yes: RxAnswerOption = { id: 'yes', labelKey: 'rx.option.yes' };
const no: RxAnswerOption = { id: 'no', labelKey: 'rx.option.no' };
const yesStops = (stopKey: RxVisitsMessageKey): RxAnswerOption => ({ ...yes, stopKey });
const yesAsks: RxAnswerOption = { ...yes, asksAttachment: true };

const fromScreening = (options: readonly ScreeningOption[]): RxAnswerOption[] =>
  options.map((o) => (o.gender ? { id: o.id, labelKey: o.labelKey, gender: o.gender } : o));

/** Every product asks these first: conditions, medications, allergies, vitals. */
const sharedQuestions: readonly RxQuestion[] = [
  {
    id: 'conditions',
    section: 'health',
    kind: 'multi',
    phraseKey: 'rx.q.conditions',
    options: [...fromScreening(comorbidityChoices), { id: 'none', labelKey: 'rx.option.none' }],
    required: true,
  },
  {
    id: 'medications',
    section: 'medications',
    kind: 'text',
    phraseKey: 'rx.q.medications',
    required: true,
  },
  {
    id: 'allergies',
    section: 'medications',
    kind: 'text',
    phraseKey: 'rx.q.allergies',
    required: true,
  },
  {
    id: 'bloodPressure',
    section: 'vitals',
    kind: 'bloodPressure',
    phraseKey: 'rx.q.bloodPressure',
    required: false,
  },
  {
    id: 'weightLbs',
    section: 'vitals',
    kind: 'number',
    phraseKey: 'rx.q.weightLbs',
    required: true,
    range: { min: 40, max: 1000 },
  },
  {
    id: 'heightIn',
    section: 'vitals',
    kind: 'number',
    phraseKey: 'rx.q.heightIn',
    required: true,
    range: { min: 30, max: 100 },
  },
];

const optionLabel = (o: PackageOption) => `${o.medication} ${o.strengthMg} mg x${o.quantity}`;

function packageChoice(packageId: string): RxQuestion {
  const pkg = medicationPackages.find((p) => p.id === packageId);
  return {
    id: 'edOption',
    section: 'treatment',
    kind: 'single',
    phraseKey: 'rx.q.edOption',
    // The option ids are the package's own lines ("Cialis 5 mg x90"), shown as they are.
    options: (pkg?.options ?? []).map((o) => ({ id: optionLabel(o), label: optionLabel(o) })),
    required: true,
  };
}

const edQuestions = (packageId: string): RxQuestion[] => [
  {
    id: 'edNitrates',
    section: 'treatment',
    kind: 'single',
    phraseKey: 'rx.q.edNitrates',
    options: [yesStops('rx.stop.edNitrates'), no],
    required: true,
  },
  {
    id: 'edChestPain',
    section: 'treatment',
    kind: 'single',
    phraseKey: 'rx.q.edChestPain',
    options: [yesStops('rx.stop.edChestPain'), no],
    required: true,
  },
  packageChoice(packageId),
];

export const rxProducts: readonly RxProduct[] = [
  {
    id: 'ldn',
    packageId: 'ldn',
    category: 'ldn',
    nameKey: 'rx.product.ldn.name',
    descriptionKey: 'rx.product.ldn.description',
    priceCents: 5900,
    consentDocumentIds: ['ldn'],
    minAge: 18,
    questions: [
      ...sharedQuestions,
      {
        id: 'ldnCondition',
        section: 'treatment',
        kind: 'multi',
        phraseKey: 'rx.q.ldnCondition',
        options: [...fromScreening(ldnConditions), { id: 'none', labelKey: 'rx.option.none' }],
        required: true,
      },
      {
        id: 'ldnOpioids',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.ldnOpioids',
        options: [yesStops('rx.stop.ldnOpioids'), no],
        required: true,
      },
      {
        id: 'ldnDose',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.ldnDose',
        options: [
          { id: 'start', labelKey: 'rx.option.ldnDose.start' },
          { id: 'continue', labelKey: 'rx.option.ldnDose.continue' },
        ],
        required: true,
      },
      {
        id: 'ldnRecords',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.ldnRecords',
        options: [yesAsks, no],
        required: true,
      },
    ],
  },
  {
    id: 'cialis',
    packageId: 'cialis',
    category: 'oralEd',
    nameKey: 'rx.product.cialis.name',
    descriptionKey: 'rx.product.cialis.description',
    priceCents: 3900,
    consentDocumentIds: [],
    protocolId: 'E13',
    birthGender: 'M',
    minAge: 18,
    questions: [...sharedQuestions, ...edQuestions('cialis')],
  },
  {
    id: 'viagra',
    packageId: 'viagra',
    category: 'oralEd',
    nameKey: 'rx.product.viagra.name',
    descriptionKey: 'rx.product.viagra.description',
    priceCents: 3900,
    consentDocumentIds: [],
    protocolId: 'E13',
    birthGender: 'M',
    minAge: 18,
    questions: [...sharedQuestions, ...edQuestions('viagra')],
  },
  {
    id: 'prophylacticAntibiotics',
    packageId: 'prophylacticAntibiotics',
    category: 'prophylacticAntibiotics',
    nameKey: 'rx.product.prophylacticAntibiotics.name',
    descriptionKey: 'rx.product.prophylacticAntibiotics.description',
    priceCents: 4900,
    consentDocumentIds: [],
    minAge: 18,
    questions: [
      ...sharedQuestions,
      {
        id: 'travelDestination',
        section: 'treatment',
        kind: 'text',
        phraseKey: 'rx.q.travelDestination',
        required: true,
      },
      {
        id: 'pregnant',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.pregnant',
        options: [
          { ...yes, stopKey: 'rx.stop.pregnant', gender: 'F' },
          { ...no, gender: 'F' },
        ],
        required: true,
      },
    ],
  },
  {
    id: 'acute',
    packageId: 'acute',
    category: 'acute',
    nameKey: 'rx.product.acute.name',
    descriptionKey: 'rx.product.acute.description',
    priceCents: 3500,
    consentDocumentIds: [],
    minAge: 18,
    questions: [
      ...sharedQuestions,
      {
        id: 'acuteProblem',
        section: 'treatment',
        kind: 'text',
        phraseKey: 'rx.q.acuteProblem',
        required: true,
      },
      {
        id: 'acuteDuration',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.acuteDuration',
        options: [
          { id: 'days', labelKey: 'rx.option.duration.days' },
          { id: 'weeks', labelKey: 'rx.option.duration.weeks' },
          { id: 'longer', labelKey: 'rx.option.duration.longer' },
        ],
        required: true,
      },
    ],
  },
  {
    id: 'chronic',
    packageId: 'chronic',
    category: 'chronic',
    nameKey: 'rx.product.chronic.name',
    descriptionKey: 'rx.product.chronic.description',
    priceCents: 4500,
    consentDocumentIds: ['extendedChronicSupply'],
    minAge: 18,
    questions: [
      ...sharedQuestions,
      {
        id: 'chronicMedication',
        section: 'treatment',
        kind: 'text',
        phraseKey: 'rx.q.chronicMedication',
        required: true,
      },
      {
        id: 'chronicLastSeen',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.chronicLastSeen',
        options: [
          { id: 'year', labelKey: 'rx.option.lastSeen.year' },
          { id: 'older', labelKey: 'rx.option.lastSeen.older', asksAttachment: true },
        ],
        required: true,
      },
    ],
  },
  {
    id: 'prep',
    packageId: 'prep',
    category: 'prep',
    nameKey: 'rx.product.prep.name',
    descriptionKey: 'rx.product.prep.description',
    priceCents: 4500,
    consentDocumentIds: [],
    minAge: 18,
    questions: [
      ...sharedQuestions,
      {
        id: 'hivTest',
        section: 'treatment',
        kind: 'single',
        phraseKey: 'rx.q.hivTest',
        options: [
          { id: 'yes', labelKey: 'rx.option.hivTest.yes', asksAttachment: true },
          { id: 'no', labelKey: 'rx.option.hivTest.no', stopKey: 'rx.stop.hivTest' },
        ],
        required: true,
      },
    ],
  },
];

export function isRxProductId(value: unknown): value is RxProductId {
  return typeof value === 'string' && (rxProductIds as readonly string[]).includes(value);
}

export function rxProductById(id: string): RxProduct | undefined {
  return rxProducts.find((p) => p.id === id);
}

/** The consent documents of a product, with their version dates. */
export function productConsents(product: RxProduct) {
  return consentDocuments.filter((d) => product.consentDocumentIds.includes(d.id));
}

/** Whether every consent document of the product was accepted in its current version. */
export function consentsAccepted(
  product: RxProduct,
  accepted: readonly { readonly id: string; readonly versionDate: string }[],
): boolean {
  return productConsents(product).every((doc) =>
    accepted.some((a) => a.id === doc.id && a.versionDate === doc.versionDate),
  );
}

/** The package lines a prescriber may write for this product (empty: open packages). */
export function packageLines(product: RxProduct): readonly PackageOption[] {
  return medicationPackages.find((p) => p.id === product.packageId)?.options ?? [];
}

export type RxAnswerValue = string | readonly string[];
export type RxAnswers = Readonly<Record<string, RxAnswerValue>>;

/** The options of a question this patient is offered (birth-gender tags). */
export function optionsOffered(
  question: RxQuestion,
  patient: Pick<ScreeningPatient, 'birthGender'>,
): readonly RxAnswerOption[] {
  return (question.options ?? []).filter(
    (o) =>
      !o.gender ||
      (patient.birthGender !== 'M' && patient.birthGender !== 'F') ||
      o.gender === patient.birthGender,
  );
}

/** Whether a question is asked given the answers so far (its branch, its gender-only options). */
export function isAsked(
  question: RxQuestion,
  answers: RxAnswers,
  patient: Pick<ScreeningPatient, 'birthGender'>,
): boolean {
  if (question.options && optionsOffered(question, patient).length === 0) return false;
  if (!question.branch) return true;
  return answers[question.branch.questionId] === question.branch.equals;
}

/** The questions asked of this patient, in order, given the answers so far. */
export function questionsAsked(
  product: RxProduct,
  answers: RxAnswers,
  patient: Pick<ScreeningPatient, 'birthGender'>,
): RxQuestion[] {
  return product.questions.filter((q) => isAsked(q, answers, patient));
}

export type RxAlarmId = 'metabolic' | 'highBloodPressure' | 'bmiOver40';

export interface RxAnswerIssue {
  readonly questionId: string;
  readonly key: RxVisitsMessageKey;
}

export interface RxEvaluation {
  /** No answer is missing or invalid and nothing stops the treatment. */
  readonly passed: boolean;
  /** Missing or invalid answers, by question. */
  readonly issues: readonly RxAnswerIssue[];
  /** Why the treatment cannot be prescribed online (the first stop wins the screen). */
  readonly stops: readonly RxVisitsMessageKey[];
  readonly alarms: readonly RxAlarmId[];
  /** An answer asked for a document: the visit waits for an attachment after payment. */
  readonly asksAttachment: boolean;
  readonly bmi: number | undefined;
  /** The answers of the questions asked, as the spec's FieldState (id userId:fieldId). */
  readonly fields: readonly RxFieldState[];
}

export interface RxFieldState {
  readonly id: string;
  readonly branchId: string | null;
  readonly section: RxSection;
  readonly data: RxAnswerValue;
  readonly phrase: RxVisitsMessageKey;
}

const highSystolic = 180;
const highDiastolic = 120;

/**
 * Evaluates a patient's answers to a product's form: every asked question answered with an
 * offered option (or a value in range), the stops (opioids with LDN, nitrates with ED, ...), LDN
 * only with a listed condition, the product's age and birth gender, the alarms the prescriber
 * sees (metabolic, very high blood pressure, BMI over 40), and whether a document is asked for.
 */
export function evaluateRxAnswers(
  product: RxProduct,
  answers: RxAnswers,
  patient: ScreeningPatient & { readonly userId: string },
): RxEvaluation {
  const issues: RxAnswerIssue[] = [];
  const stops: RxVisitsMessageKey[] = [];
  let asksAttachment = false;
  if (patient.age < product.minAge) stops.push('rx.stop.age');
  if (product.birthGender && patient.birthGender !== product.birthGender) {
    stops.push('rx.stop.gender');
  }
  const asked = questionsAsked(product, answers, patient);
  const fields: RxFieldState[] = [];
  for (const question of asked) {
    const value = answers[question.id];
    const offered = optionsOffered(question, patient);
    const chosen = (ids: readonly string[]) => offered.filter((o) => ids.includes(o.id));
    const empty =
      value === undefined || (typeof value === 'string' ? value.trim() === '' : value.length === 0);
    if (empty) {
      if (question.required) issues.push({ questionId: question.id, key: 'rx.answer.required' });
      continue;
    }
    let ok = true;
    if (question.kind === 'single') {
      ok = typeof value === 'string' && chosen([value]).length === 1;
    } else if (question.kind === 'multi') {
      ok = Array.isArray(value) && value.length > 0 && chosen(value).length === value.length;
    } else if (question.kind === 'number') {
      const n = typeof value === 'string' ? Number(value) : Number.NaN;
      ok =
        Number.isFinite(n) &&
        (!question.range || (n >= question.range.min && n <= question.range.max));
    } else if (question.kind === 'bloodPressure') {
      ok = typeof value === 'string' && parseBloodPressure(value) !== undefined;
    } else {
      ok = typeof value === 'string' && value.length <= 2000;
    }
    if (!ok) {
      issues.push({ questionId: question.id, key: 'rx.answer.invalid' });
      continue;
    }
    if (question.options) {
      for (const option of chosen(typeof value === 'string' ? [value] : value)) {
        if (option.stopKey) stops.push(option.stopKey);
        if (option.asksAttachment) asksAttachment = true;
      }
    }
    fields.push({
      id: `${patient.userId}:${question.id}`,
      branchId: question.branch?.questionId ?? null,
      section: question.section,
      data: typeof value === 'string' ? value.trim() : [...value],
      phrase: question.phraseKey,
    });
  }

  if (product.id === 'ldn' && !issues.some((i) => i.questionId === 'ldnCondition')) {
    const conditions = answers.ldnCondition;
    const check = ldnEligibility({
      conditions: Array.isArray(conditions) ? conditions : [],
    });
    if (!check.ok) stops.push('rx.stop.ldnCondition');
  }

  const alarms: RxAlarmId[] = [];
  const conditions = answers.conditions;
  if (Array.isArray(conditions) && hasMetabolicAlarm(conditions)) alarms.push('metabolic');
  const bp =
    typeof answers.bloodPressure === 'string'
      ? parseBloodPressure(answers.bloodPressure)
      : undefined;
  if (bp && (bp.systolic >= highSystolic || bp.diastolic >= highDiastolic)) {
    alarms.push('highBloodPressure');
  }
  const lbs = Number(answers.weightLbs);
  const inches = Number(answers.heightIn);
  const bmi =
    Number.isFinite(lbs) && Number.isFinite(inches) ? bmiFromImperial(lbs, inches) : undefined;
  if (bmi !== undefined && bmi > 40) alarms.push('bmiOver40');

  return {
    passed: issues.length === 0 && stops.length === 0,
    issues,
    stops: [...new Set(stops)],
    alarms,
    asksAttachment,
    bmi,
    fields,
  };
}

/** The comorbidity choices offered to this patient (for the form's first question). */
export function conditionsOffered(patient: ScreeningPatient) {
  return optionsFor(comorbidityChoices, patient);
}
