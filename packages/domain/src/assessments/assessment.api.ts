/**
 * The pharmacy in-store assessment's calls (spec section 1): the pharmacy submits an
 * intake (POST /pharmacy/assessments) and reads its own (GET /pharmacy/assessments[/:id]); the
 * patient checks the e-mailed link (POST /instore/check, public) and, signed in, starts the Rx
 * visit it continues into (POST /instore/start). One contract for server and web: the server
 * validates with these schemas and the pharmacist's form checks with the same ones. Every
 * field's message is a catalogue key naming the field.
 */
import { z } from 'zod';
import { validateDob, validateNamePart } from '../accounts/people.rules';
import { idSchema } from '../common/common.schemas';
import { type CalendarDate, formatIsoDate } from '../dates/dates.rules';
import type { MessageKey } from '../i18n/catalog';
import { languages } from '../i18n/i18n.rules';
import { usStateCodes } from '../places/places.rules';
import { formatPhone, validateEmail, validatePhone } from '../validation/contact.rules';
import {
  type AssessmentForm,
  assessmentForms,
  dipstickResults,
  hasDipstick,
  isConditionOf,
  isSymptomOf,
  maxOnsetDays,
  testResults,
} from './assessment.rules';

const key = (k: MessageKey) => ({ error: k });

export const maxAllergies = 500;
export const maxMedications = 1000;
export const maxComments = 2000;

const text = (field: MessageKey, max: number) =>
  z.string(key(field)).trim().max(max, key(field)).default('');

const namePart = (field: MessageKey) =>
  z
    .string(key(field))
    .trim()
    .refine((value) => validateNamePart(value).ok, key(field));

/** The patient block with the date of birth checked by `dob` (static or for a given day). */
function patientSchema<D extends z.ZodType<string, string>>(dob: D) {
  return z.object({
    firstName: namePart('assessment.field.firstName'),
    lastName: namePart('assessment.field.lastName'),
    email: z
      .string(key('assessment.field.email'))
      .trim()
      .max(254, key('assessment.field.email'))
      .refine((value) => validateEmail(value).ok, key('assessment.field.email'))
      .transform((value) => value.toLowerCase()),
    dob,
    gender: z.enum(['M', 'F', 'X'], key('assessment.field.gender')),
    phone: z
      .string(key('assessment.field.phone'))
      .trim()
      .refine((value) => validatePhone(value).ok, key('assessment.field.phone'))
      .transform(formatPhone),
    /** The state the patient is in now (the visit's state). */
    state: z.enum(usStateCodes, key('assessment.field.state')),
    /**
     * The language the patient reads (asked in the store): the e-mailed link and, for a new
     * account, the account's language; never the pharmacist's screen language.
     */
    language: z.enum(languages, key('assessment.field.language')),
  });
}

/** The intake, whatever the form: each form's lists are checked by `formChecks`. */
function intakeSchema<D extends z.ZodType<string, string>>(dob: D) {
  return z
    .object({
      form: z.enum(assessmentForms, key('assessment.field.form')),
      patient: patientSchema(dob),
      symptoms: z
        .array(z.string().max(40), key('assessment.field.symptoms'))
        .min(1, key('assessment.field.symptoms'))
        .max(20, key('assessment.field.symptoms')),
      onsetDays: z
        .number(key('assessment.field.onsetDays'))
        .int(key('assessment.field.onsetDays'))
        .min(0, key('assessment.field.onsetDays'))
        .max(maxOnsetDays, key('assessment.field.onsetDays')),
      history: z.object({
        pregnantOrBreastfeeding: z.boolean(key('assessment.field.pregnancy')).default(false),
        allergies: text('assessment.field.allergies', maxAllergies),
        medications: text('assessment.field.medications', maxMedications),
        recentAntibiotics: z.boolean(key('assessment.field.recentAntibiotics')).default(false),
        recurrentInfections: z.boolean(key('assessment.field.recurrentInfections')).default(false),
        conditions: z
          .array(z.string().max(40), key('assessment.field.conditions'))
          .max(20, key('assessment.field.conditions'))
          .default([]),
      }),
      tests: z.object({
        flu: z.enum(testResults, key('assessment.field.flu')).default('notDone'),
        covid: z.enum(testResults, key('assessment.field.covid')).default('notDone'),
        strep: z.enum(testResults, key('assessment.field.strep')).default('notDone'),
        /** UTI only; the URI form has none (notDone). */
        urineDipstick: z
          .enum(dipstickResults, key('assessment.field.urineDipstick'))
          .default('notDone'),
      }),
      comments: text('assessment.field.comments', maxComments),
    })
    .superRefine((intake, ctx) => {
      const form: AssessmentForm = intake.form;
      if (!intake.symptoms.every((s) => isSymptomOf(form, s))) {
        ctx.addIssue({
          code: 'custom',
          path: ['symptoms'],
          message: 'assessment.field.symptoms' satisfies MessageKey,
        });
      }
      if (new Set(intake.symptoms).size !== intake.symptoms.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['symptoms'],
          message: 'assessment.field.symptoms' satisfies MessageKey,
        });
      }
      if (!intake.history.conditions.every((c) => isConditionOf(form, c))) {
        ctx.addIssue({
          code: 'custom',
          path: ['history', 'conditions'],
          message: 'assessment.field.conditions' satisfies MessageKey,
        });
      }
      if (!hasDipstick(form) && intake.tests.urineDipstick !== 'notDone') {
        ctx.addIssue({
          code: 'custom',
          path: ['tests', 'urineDipstick'],
          message: 'assessment.field.urineDipstickUti' satisfies MessageKey,
        });
      }
    });
}

/** A date of birth as typed (any accepted shape); its age is checked for a day by the service. */
const dobShape = z
  .string(key('assessment.field.dob'))
  .trim()
  .min(1, key('assessment.field.dob'))
  .max(20, key('assessment.field.dob'));

/** POST /pharmacy/assessments: the intake (the date of birth's age is checked on the server). */
export const assessmentRequestSchema = intakeSchema(dobShape);
export type AssessmentRequest = z.input<typeof assessmentRequestSchema>;
export type AssessmentRequestFields = z.output<typeof assessmentRequestSchema>;

/**
 * The intake checked for a day (the patient's calendar date in the caller's zone): an adult
 * (18 to 110 by default; anyone younger must be a dependent, which an e-mailed link cannot
 * create), the date of birth stored as YYYY-MM-DD.
 */
export function assessmentIntakeSchema(options: {
  readonly today: CalendarDate;
  readonly minAge?: number;
}) {
  const dob = z.string(key('assessment.field.dob')).transform((value, ctx) => {
    const result = validateDob(value, {
      today: options.today,
      context: 'register',
      ...(options.minAge === undefined ? {} : { minAge: options.minAge }),
    });
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.key, params: result.params });
      return z.NEVER;
    }
    return formatIsoDate(result.date);
  });
  return intakeSchema(dob);
}
export type AssessmentIntake = z.output<ReturnType<typeof assessmentIntakeSchema>>;

// ===========================================================================================
// What the pharmacy and the prescriber see
// ===========================================================================================

export const assessmentStatuses = ['sent', 'continued'] as const;
export type AssessmentStatus = (typeof assessmentStatuses)[number];

/** The clinical part of an intake (no name, e-mail or phone: the visit names its patient). */
export const intakeViewSchema = z.object({
  form: z.enum(assessmentForms),
  symptoms: z.array(z.string()),
  onsetDays: z.number().int(),
  history: z.object({
    pregnantOrBreastfeeding: z.boolean(),
    allergies: z.string(),
    medications: z.string(),
    recentAntibiotics: z.boolean(),
    recurrentInfections: z.boolean(),
    conditions: z.array(z.string()),
  }),
  tests: z.object({
    flu: z.enum(testResults),
    covid: z.enum(testResults),
    strep: z.enum(testResults),
    urineDipstick: z.enum(dipstickResults),
  }),
  comments: z.string(),
});
export type IntakeView = z.infer<typeof intakeViewSchema>;

/** An Rx visit's in-store assessment: who assessed, when, and the intake (attribution). */
export const visitAssessmentSchema = z.object({
  id: idSchema,
  pharmacy: z.object({ id: z.string(), name: z.string() }),
  assessedAt: z.string(),
  intake: intakeViewSchema,
});
export type VisitAssessment = z.infer<typeof visitAssessmentSchema>;

/** An assessment as its pharmacy lists it. */
export const assessmentViewSchema = z.object({
  id: idSchema,
  form: z.enum(assessmentForms),
  state: z.string(),
  patientName: z.string(),
  status: z.enum(assessmentStatuses),
  /** The link's expiry (an unused link past it no longer works). */
  expiresAt: z.string(),
  /** A new account was made for the patient (else their existing account was matched). */
  accountCreated: z.boolean(),
  /** The Rx visit the patient continued into, once continued. */
  rxVisitId: idSchema.nullable(),
  createdAt: z.string(),
  intake: intakeViewSchema,
});
export type AssessmentView = z.infer<typeof assessmentViewSchema>;

export const assessmentResponseSchema = z.object({
  error: z.literal(false),
  assessment: assessmentViewSchema,
});
export const assessmentsResponseSchema = z.object({
  error: z.literal(false),
  assessments: z.array(assessmentViewSchema),
});

// ===========================================================================================
// The patient's link
// ===========================================================================================

/** The continuation code of the e-mailed link (`/#/instore?code=`): 192 random bits. */
export const instoreCodeSchema = z
  .string(key('assessment.link.invalid'))
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, key('assessment.link.invalid'));

/** POST /instore/check and POST /instore/start. */
export const instoreCodeRequestSchema = z.object({ code: instoreCodeSchema });
export type InstoreCodeRequest = z.input<typeof instoreCodeRequestSchema>;

/** What the link's holder learns: whose pharmacy, which form, how to sign in. */
export const instoreCheckSchema = z.object({
  form: z.enum(assessmentForms),
  pharmacyName: z.string(),
  /** The login the link was sent to (the holder of the link received it there). */
  loginId: z.string(),
  /** A new account still chooses its password here (the link is also its password link). */
  needsPassword: z.boolean(),
});
export type InstoreCheck = z.infer<typeof instoreCheckSchema>;
export const instoreCheckResponseSchema = z.object({
  error: z.literal(false),
  instore: instoreCheckSchema,
});

/** What the Rx flow is opened with: the treatment, the pharmacy, the state, the answers held. */
export const instoreStartSchema = z.object({
  form: z.enum(assessmentForms),
  productId: z.string(),
  pharmacy: z.object({ id: z.string(), name: z.string() }),
  state: z.string(),
  answers: z.record(z.string(), z.string()),
});
export type InstoreStart = z.infer<typeof instoreStartSchema>;
export const instoreStartResponseSchema = z.object({
  error: z.literal(false),
  start: instoreStartSchema,
});
