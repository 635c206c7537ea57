/**
 * Pre-visit screening rules (spec sections 3, 5 and 9): option lists limited by age and birth
 * gender, "select at least one", blood pressure, body measurements and BMI, the metabolic
 * alarm, LDN eligibility and the comorbidity choices.
 *
 * Decisions where the spec is silent (see docs/rules.md):
 * - Birth gender X (or unknown) sees every option; M and F see untagged options and their own.
 * - Age limits are inclusive.
 * - Blood pressure also needs systolic <= 300, diastolic <= 200 and diastolic < systolic,
 *   otherwise it is ignored like a value under the spec's lower limits.
 * - BMI is rounded to one decimal; conversions are not rounded.
 * - The metabolic alarm counts type 2 diabetes (not prediabetes), hypertension and elevated
 *   cholesterol or triglycerides.
 */
import type { CareMessageKey } from './care-reasons';

/** Birth gender as asked in screening; 'X' or undefined means not restricted. */
export type BirthGender = 'M' | 'F' | 'X';

export interface ScreeningOption<Id extends string = string> {
  readonly id: Id;
  readonly labelKey: CareMessageKey;
  /** Inclusive age limits. */
  readonly minAge?: number;
  readonly maxAge?: number;
  /** Shown only to this birth gender. */
  readonly gender?: 'M' | 'F';
}

export interface ScreeningPatient {
  readonly age: number;
  readonly birthGender?: BirthGender;
}

/** True when the option applies to the patient's age and birth gender. */
export function optionApplies(option: ScreeningOption, patient: ScreeningPatient): boolean {
  if (option.minAge !== undefined && patient.age < option.minAge) return false;
  if (option.maxAge !== undefined && patient.age > option.maxAge) return false;
  if (option.gender === undefined) return true;
  return patient.birthGender !== 'M' && patient.birthGender !== 'F'
    ? true
    : option.gender === patient.birthGender;
}

/** The options limited by age range and by birth gender, in their order. */
export function optionsFor<T extends ScreeningOption>(
  options: readonly T[],
  patient: ScreeningPatient,
): T[] {
  return options.filter((option) => optionApplies(option, patient));
}

export type ScreeningCheck =
  | { readonly ok: true }
  | { readonly ok: false; readonly key: CareMessageKey };

/** Select at least one option to continue. */
export function validateSelection(selected: readonly string[]): ScreeningCheck {
  return selected.length > 0 ? { ok: true } : { ok: false, key: 'care.screening.selectAtLeastOne' };
}

/** 'Screening Failed. Visit Cannot Continue.' */
export const screeningFailedKey: CareMessageKey = 'care.screening.failed';

// ===========================================================================================
// Screening sections (spec section 2: ED, LDN, birth control, vitals, allergies, medications,
// medical problems)
// ===========================================================================================

export type ScreeningSectionId =
  | 'ed'
  | 'ldn'
  | 'birthControl'
  | 'vitals'
  | 'allergies'
  | 'medications'
  | 'medicalProblems';

/** The sections that screen a patient for one treatment; asked only of a visit for it. */
export const treatmentSectionIds = ['ed', 'ldn', 'birthControl'] as const;
export type TreatmentSectionId = (typeof treatmentSectionIds)[number];

/**
 * The sections of pre-visit screening with their age and birth-gender limits. The limits on
 * ED (M, 18+), LDN (18+) and birth control (F, 18-50) are our choice and placeholders for
 * the medical team to confirm.
 */
export const screeningSections: readonly ScreeningOption<ScreeningSectionId>[] = [
  { id: 'ed', labelKey: 'care.section.ed', gender: 'M', minAge: 18 },
  { id: 'ldn', labelKey: 'care.section.ldn', minAge: 18 },
  {
    id: 'birthControl',
    labelKey: 'care.section.birthControl',
    gender: 'F',
    minAge: 18,
    maxAge: 50,
  },
  { id: 'vitals', labelKey: 'care.section.vitals' },
  { id: 'allergies', labelKey: 'care.section.allergies' },
  { id: 'medications', labelKey: 'care.section.medications' },
  { id: 'medicalProblems', labelKey: 'care.section.medicalProblems' },
];

// ===========================================================================================
// Comorbidities (spec section 9)
// ===========================================================================================

export const comorbidityIds = [
  'depression',
  'acidReflux',
  'heartDisease',
  'asthma',
  'fattyLiver',
  'type2Diabetes',
  'osteoarthritis',
  'femaleInfertility',
  'prediabetes',
  'hypertension',
  'obstructiveSleepApnea',
  'pcos',
  'lowTestosteroneHypogonadism',
  'elevatedCholesterolTriglycerides',
  'stressUrinaryIncontinence',
] as const;
export type ComorbidityId = (typeof comorbidityIds)[number];

/**
 * The 15 comorbidity choices. Tagged F: female infertility, PCOS; tagged M: low testosterone
 * (hypogonadism). Stress urinary incontinence is left untagged (it affects both sexes).
 */
export const comorbidityChoices: readonly ScreeningOption<ComorbidityId>[] = comorbidityIds.map(
  (id) => {
    const gender: 'M' | 'F' | undefined =
      id === 'femaleInfertility' || id === 'pcos'
        ? 'F'
        : id === 'lowTestosteroneHypogonadism'
          ? 'M'
          : undefined;
    const labelKey: CareMessageKey = `care.comorbidity.${id}`;
    return gender ? { id, labelKey, gender } : { id, labelKey };
  },
);

/** The comorbidities that count toward the metabolic alarm. */
export const metabolicAlarmConditions: readonly ComorbidityId[] = [
  'type2Diabetes',
  'hypertension',
  'elevatedCholesterolTriglycerides',
];

/** Alarm when the patient has 2 or more of diabetes, hypertension and hypercholesterolemia. */
export function hasMetabolicAlarm(conditions: readonly string[]): boolean {
  const present = new Set(conditions);
  return metabolicAlarmConditions.filter((c) => present.has(c)).length >= 2;
}

// ===========================================================================================
// LDN
// ===========================================================================================

export const ldnConditionIds = [
  'fibromyalgia',
  'chronicPain',
  'complexRegionalPainSyndrome',
  'multipleSclerosis',
  'crohnsDisease',
  'ulcerativeColitis',
  'hashimotosThyroiditis',
  'rheumatoidArthritis',
  'longCovid',
  'chronicFatigueSyndrome',
] as const;
export type LdnConditionId = (typeof ldnConditionIds)[number];

/**
 * The conditions for which low-dose naltrexone is prescribed: the off-label uses with
 * published clinical evidence (pain syndromes, MS, inflammatory bowel and autoimmune disease,
 * post-viral fatigue). Our choice; the medical team owns the list.
 */
export const ldnConditions: readonly ScreeningOption<LdnConditionId>[] = ldnConditionIds.map(
  (id) => ({ id, labelKey: `care.ldn.condition.${id}` }),
);

/**
 * LDN is prescribed only with one of the listed conditions, and never to a patient taking
 * opioids (naltrexone blocks them and can bring on withdrawal).
 */
export function ldnEligibility(input: {
  readonly conditions: readonly string[];
  readonly takesOpioids?: boolean;
}): ScreeningCheck {
  if (input.takesOpioids) return { ok: false, key: 'care.ldn.opioidConflict' };
  const listed = input.conditions.some((c) => (ldnConditionIds as readonly string[]).includes(c));
  return listed ? { ok: true } : { ok: false, key: 'care.ldn.noQualifyingCondition' };
}

// ===========================================================================================
// Vitals and measurements
// ===========================================================================================

export interface BloodPressure {
  readonly systolic: number;
  readonly diastolic: number;
}

export const bloodPressureLimits = {
  /** Systolic must be above this. */
  systolicAbove: 70,
  /** Diastolic must be above this. */
  diastolicAbove: 10,
  systolicMax: 300,
  diastolicMax: 200,
} as const;

/**
 * Blood pressure typed like 120/80 (spaces allowed around the slash). The value is ignored
 * (undefined) unless systolic > 70 and diastolic > 10 — and, our addition, it is plausible:
 * systolic <= 300, diastolic <= 200, diastolic below systolic. Never throws.
 */
export function parseBloodPressure(input: string): BloodPressure | undefined {
  if (typeof input !== 'string') return undefined;
  const match = /^\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(input);
  if (!match) return undefined;
  const systolic = Number(match[1]);
  const diastolic = Number(match[2]);
  const l = bloodPressureLimits;
  if (systolic <= l.systolicAbove || diastolic <= l.diastolicAbove) return undefined;
  if (systolic > l.systolicMax || diastolic > l.diastolicMax || diastolic >= systolic) {
    return undefined;
  }
  return { systolic, diastolic };
}

/** 2.205 lbs per kg and 2.54 cm per inch (spec section 5). */
export const lbsPerKg = 2.205;
export const cmPerInch = 2.54;
/** bmi = lbs / in² x 703. */
export const bmiImperialFactor = 703;

export type WeightUnit = 'lbs' | 'kg';
export type LengthUnit = 'in' | 'cm';

const positive = (value: number): boolean => Number.isFinite(value) && value > 0;

export function toPounds(value: number, unit: WeightUnit): number {
  return unit === 'lbs' ? value : value * lbsPerKg;
}

export function toKilograms(value: number, unit: WeightUnit): number {
  return unit === 'kg' ? value : value / lbsPerKg;
}

export function toInches(value: number, unit: LengthUnit): number {
  return unit === 'in' ? value : value / cmPerInch;
}

export function toCentimeters(value: number, unit: LengthUnit): number {
  return unit === 'cm' ? value : value * cmPerInch;
}

/** bmi = lbs / in² x 703, rounded to one decimal; undefined for non-positive inputs. */
export function bmiFromImperial(lbs: number, inches: number): number | undefined {
  if (!positive(lbs) || !positive(inches)) return undefined;
  return Math.round((lbs / (inches * inches)) * bmiImperialFactor * 10) / 10;
}

/** The same BMI from kg and cm, converted with 2.205 lbs/kg and 2.54 cm/in. */
export function bmiFromMetric(kg: number, cm: number): number | undefined {
  return bmiFromImperial(toPounds(kg, 'kg'), toInches(cm, 'cm'));
}

export interface Measured<U> {
  readonly value: number;
  readonly unit: U;
}

export interface BodyMeasurements {
  readonly weightLbs: number;
  readonly weightKg: number;
  readonly heightIn: number;
  readonly heightCm: number;
  readonly waistIn?: number;
  readonly waistCm?: number;
  readonly bmi: number;
}

/**
 * Weight (lbs or kg), height (in or cm) and optional waist (in or cm) in both units, with the
 * BMI. Undefined when weight or height is missing, zero, negative or not a number; a bad waist
 * is left out.
 */
export function bodyMeasurements(input: {
  readonly weight: Measured<WeightUnit>;
  readonly height: Measured<LengthUnit>;
  readonly waist?: Measured<LengthUnit>;
}): BodyMeasurements | undefined {
  const { weight, height, waist } = input;
  if (!positive(weight.value) || !positive(height.value)) return undefined;
  const weightLbs = toPounds(weight.value, weight.unit);
  const heightIn = toInches(height.value, height.unit);
  const bmi = bmiFromImperial(weightLbs, heightIn);
  if (bmi === undefined) return undefined;
  const base = {
    weightLbs,
    weightKg: toKilograms(weight.value, weight.unit),
    heightIn,
    heightCm: toCentimeters(height.value, height.unit),
    bmi,
  };
  if (!waist || !positive(waist.value)) return base;
  return {
    ...base,
    waistIn: toInches(waist.value, waist.unit),
    waistCm: toCentimeters(waist.value, waist.unit),
  };
}
