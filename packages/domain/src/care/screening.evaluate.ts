/**
 * Pre-visit screening answers and their evaluation, shared by the web form (to stop the flow at
 * once) and the server (which re-evaluates the answers on /visit-start/ and never trusts a
 * client's `passed`). Built on screening.rules.ts.
 *
 * Decisions where the spec is silent (docs/rules.md):
 * - Emergency warning signs (chest pain, trouble breathing, confusion, fainting, severe
 *   bleeding, stroke signs) stop an on-demand visit: they need emergency care, not video.
 * - A hypertensive crisis (systolic >= 180 or diastolic >= 120) stops the visit.
 * - ED: taking nitrates stops the ED screen (PDE5 inhibitors with nitrates are contraindicated).
 * - Birth control: smokers aged 35 and older, and pregnancy, stop the birth-control screen.
 * - LDN: ldnEligibility (a listed condition, no opioids).
 * - The metabolic alarm does not stop the visit; it is shown to the provider.
 */
import { z } from 'zod';
import type { CareMessageKey } from './care-reasons';
import {
  type BirthGender,
  bodyMeasurements,
  comorbidityIds,
  hasMetabolicAlarm,
  ldnConditionIds,
  ldnEligibility,
  optionsFor,
  parseBloodPressure,
  type ScreeningSectionId,
  screeningSections,
  type TreatmentSectionId,
  treatmentSectionIds,
} from './screening.rules';

export const emergencySignIds = [
  'chestPain',
  'troubleBreathing',
  'confusion',
  'fainting',
  'severeBleeding',
  'strokeSigns',
] as const;
export type EmergencySignId = (typeof emergencySignIds)[number];

const shortText = z.string().trim().max(500);
const measured = <U extends string>(units: readonly [U, ...U[]]) =>
  z.object({ value: z.number().positive().max(2000), unit: z.enum(units) });

/** What the patient answered; every section is optional because of the age/gender filters. */
export const screeningAnswersSchema = z.object({
  emergencySigns: z.array(z.enum(emergencySignIds)).max(emergencySignIds.length).default([]),
  vitals: z
    .object({
      bloodPressure: z.string().trim().max(20).default(''),
      weight: measured(['lbs', 'kg'] as const)
        .nullable()
        .default(null),
      height: measured(['in', 'cm'] as const)
        .nullable()
        .default(null),
      waist: measured(['in', 'cm'] as const)
        .nullable()
        .default(null),
    })
    .default({ bloodPressure: '', weight: null, height: null, waist: null }),
  allergies: z.array(shortText.min(1)).max(30).default([]),
  medications: z.array(shortText.min(1)).max(30).default([]),
  medicalProblems: z.array(z.enum(comorbidityIds)).max(comorbidityIds.length).default([]),
  ed: z.object({ requested: z.boolean(), takesNitrates: z.boolean().default(false) }).optional(),
  ldn: z
    .object({
      requested: z.boolean(),
      conditions: z.array(z.enum(ldnConditionIds)).max(ldnConditionIds.length).default([]),
      takesOpioids: z.boolean().default(false),
    })
    .optional(),
  birthControl: z
    .object({
      requested: z.boolean(),
      smoker: z.boolean().default(false),
      pregnant: z.boolean().default(false),
    })
    .optional(),
});
export type ScreeningAnswersInput = z.input<typeof screeningAnswersSchema>;
export type ScreeningAnswers = z.infer<typeof screeningAnswersSchema>;

/** The result the client sends as `visitScreenResult` and the server stores with the visit. */
export const visitScreenResultSchema = z.object({
  passed: z.boolean(),
  answers: screeningAnswersSchema,
});
export type VisitScreenResult = z.infer<typeof visitScreenResultSchema>;

export type ScreeningAlarmId = 'metabolic' | 'highBloodPressure' | 'bmiOver40';

export interface ScreeningEvaluation {
  readonly passed: boolean;
  /** Why it failed, as catalogue keys (empty when passed). */
  readonly failures: readonly CareMessageKey[];
  /** Not a stop, shown to the provider. */
  readonly alarms: readonly ScreeningAlarmId[];
  readonly bmi: number | undefined;
  readonly bloodPressure: { systolic: number; diastolic: number } | undefined;
}

/**
 * The sections a visit asks this patient: their own health (vitals, allergies, medications,
 * medical problems) always; a treatment's own section (ED, LDN, birth control) only in a visit
 * for that treatment — an Rx visit names it; an on-demand care reason asks none (a sore throat
 * is not screened for LDN and birth control). Then the age and birth-gender limits.
 */
export function sectionsFor(
  patient: { age: number; birthGender?: BirthGender },
  treatment?: TreatmentSectionId,
): ScreeningSectionId[] {
  const treatments: readonly ScreeningSectionId[] = treatmentSectionIds;
  return optionsFor(screeningSections, patient)
    .map((s) => s.id)
    .filter((id) => !treatments.includes(id) || id === treatment);
}

export const hypertensiveCrisis = { systolic: 180, diastolic: 120 } as const;

/**
 * Evaluates the answers for a patient: a section that does not apply to them is ignored even
 * if answered. Pure; the same on the web and on the server.
 */
export function evaluateScreening(
  answers: ScreeningAnswers,
  patient: { age: number; birthGender?: BirthGender },
  treatment?: TreatmentSectionId,
): ScreeningEvaluation {
  const sections = new Set(sectionsFor(patient, treatment));
  const failures: CareMessageKey[] = [];
  const alarms: ScreeningAlarmId[] = [];

  if (answers.emergencySigns.length > 0) failures.push('care.screening.emergency');

  const bp = parseBloodPressure(answers.vitals.bloodPressure);
  if (
    bp &&
    (bp.systolic >= hypertensiveCrisis.systolic || bp.diastolic >= hypertensiveCrisis.diastolic)
  ) {
    failures.push('care.screening.bloodPressureCrisis');
  } else if (bp && (bp.systolic >= 140 || bp.diastolic >= 90)) {
    alarms.push('highBloodPressure');
  }
  const body =
    answers.vitals.weight && answers.vitals.height
      ? bodyMeasurements({
          weight: answers.vitals.weight,
          height: answers.vitals.height,
          ...(answers.vitals.waist ? { waist: answers.vitals.waist } : {}),
        })
      : undefined;
  if (body && body.bmi >= 40) alarms.push('bmiOver40');
  if (hasMetabolicAlarm(answers.medicalProblems)) alarms.push('metabolic');

  if (sections.has('ed') && answers.ed?.requested && answers.ed.takesNitrates) {
    failures.push('care.screening.edNitrates');
  }
  if (sections.has('ldn') && answers.ldn?.requested) {
    const check = ldnEligibility(answers.ldn);
    if (!check.ok) failures.push(check.key);
  }
  if (sections.has('birthControl') && answers.birthControl?.requested) {
    if (answers.birthControl.pregnant) failures.push('care.screening.pregnant');
    else if (answers.birthControl.smoker && patient.age >= 35)
      failures.push('care.screening.smokerOver35');
  }
  return {
    passed: failures.length === 0,
    failures,
    alarms,
    bmi: body?.bmi,
    bloodPressure: bp,
  };
}
