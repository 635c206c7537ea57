/**
 * Get Care: active visits, availability, the get-care draft, screening field states,
 * measurements, vitals, comorbidity choices, consents and the visit-start request
 * (spec sections 3 "Appointments and visits", "Screening and measurement data" and 7).
 *
 * Screening rules (blood-pressure thresholds, bmi, alarms, option limits) live in
 * care/screening.rules.ts; these schemas only check shapes and physically possible ranges.
 */
import { z } from 'zod';
import {
  assetRefSchema,
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  jsonValueSchema,
  labelSchema,
} from '../common/common.schemas';
import { gatewayIdSchema } from '../payments/payments.schemas';
import { visitScreenResultSchema } from './screening.evaluate';

/** Adds `waitMinutes` to an ISO instant; returns the due instant as an ISO string (UTC). */
export function computeDueTime(startTime: string, waitMinutes: number): string {
  return new Date(Date.parse(startTime) + waitMinutes * 60_000).toISOString();
}

/**
 * An on-demand visit in progress. `waitTime` is in minutes. The output adds
 * `dueTime` = startTime + waitTime (any dueTime in the input is ignored and recomputed).
 */
export const activeVisitSchema = z
  .object({
    patientId: idSchema,
    visitId: idSchema,
    startTime: isoDateTimeSchema,
    waitTime: z
      .number()
      .int()
      .nonnegative()
      .max(24 * 60),
  })
  .transform((v) => ({ ...v, dueTime: computeDueTime(v.startTime, v.waitTime) }));
export type ActiveVisitInput = z.input<typeof activeVisitSchema>;
export type ActiveVisit = z.infer<typeof activeVisitSchema>;

/**
 * Consult hours for a state (GET /consult/hours?state=). start/end: today's opening and
 * closing (null when closed today); next: the next opening.
 */
export const availabilitySchema = z.object({
  start: isoDateTimeSchema.nullable(),
  end: isoDateTimeSchema.nullable(),
  next: isoDateTimeSchema.nullable(),
  available: z.boolean(),
  /** Ready-to-show text for the next opening, already localised by the server. */
  nextAvailableStr: z.string().max(200).default(''),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** The reason for care and the patient's own words. */
export const complaintSchema = z.object({
  /** A care reason key (fever, sore throat, ...); the list lives with the screening rules. */
  reason: z.string().trim().min(1).max(100),
  notes: z.string().trim().max(2000).default(''),
});
export type Complaint = z.infer<typeof complaintSchema>;

/**
 * The pharmacy a patient picks. Minimal structural shape: the full pharmacy record belongs to
 * the pharmacy area. `id` is the pharmacy's NCPDP id or directory key.
 */
export const pharmacyChoiceSchema = z.object({
  id: z.string().trim().min(1).max(64),
  name: labelSchema,
  address: z.string().trim().max(500).default(''),
  // validated by validation rules (phone, spec section 5)
  phone: z.string().trim().max(32).default(''),
  fax: z.string().trim().max(32).default(''),
});
export type PharmacyChoice = z.infer<typeof pharmacyChoiceSchema>;

/** The Get Care form as it is being filled; everything but the complaint starts empty. */
export const getCareDraftSchema = z.object({
  complaint: complaintSchema,
  pharmacy: pharmacyChoiceSchema.nullable().default(null),
  consentGiven: z.boolean().default(false),
  consentOpen: z.boolean().default(false),
  phoneConfirmed: z.boolean().default(false),
});
export type GetCareDraft = z.infer<typeof getCareDraftSchema>;

/** "userId:fieldId" — the key of one screening answer. */
export function fieldStateId(userId: string, fieldId: string): string {
  return `${userId}:${fieldId}`;
}

/** One screening answer, keyed "userId:fieldId". `data` is any JSON value. */
export const fieldStateSchema = z.object({
  id: z.string().regex(/^[^:\s]+:\S+$/, 'Expected userId:fieldId'),
  branchId: z.string().trim().max(100).default(''),
  section: z.string().trim().max(100).default(''),
  data: jsonValueSchema,
  /** The answer as a sentence for the provider. */
  phrase: z.string().max(2000).default(''),
});
export type FieldState = z.infer<typeof fieldStateSchema>;

/** A measurement that may be missing: positive, within `max`, or null. */
const measure = (max: number) => z.number().positive().max(max).nullable().default(null);

/**
 * Weight, height and waist in both unit systems plus bmi; any may be missing (the patient enters
 * one unit, the screening rules derive the rest). Bounds only reject impossible values.
 */
export const bodyMeasurementsSchema = z.object({
  weightLbs: measure(1500),
  weightKg: measure(700),
  heightIn: measure(108),
  heightCm: measure(275),
  waistIn: measure(100),
  waistCm: measure(255),
  bmi: measure(250),
});
export type BodyMeasurements = z.infer<typeof bodyMeasurementsSchema>;

/**
 * Blood pressure and pulse. Only physically possible ranges here: the rule that ignores a
 * systolic of 70 or less or a diastolic of 10 or less is a screening rule.
 */
export const vitalsSchema = z.object({
  bpSystolic: z.number().int().min(0).max(300).nullable().default(null),
  bpDiastolic: z.number().int().min(0).max(250).nullable().default(null),
  pulse: z.number().int().min(0).max(300).nullable().default(null),
  bpDate: isoDateSchema.nullable().default(null),
});
export type Vitals = z.infer<typeof vitalsSchema>;

/** A comorbidity checkbox; `gender` restricts it to one birth gender. */
export const comorbidityChoiceSchema = z.object({
  label: labelSchema,
  selected: z.boolean().default(false),
  gender: z.enum(['F', 'M']).optional(),
});
export type ComorbidityChoice = z.infer<typeof comorbidityChoiceSchema>;

/** A consent document the patient accepts; `sectionDate` is its version date. */
export const consentRecordSchema = z.object({
  /** Consent key, e.g. glp1, ldn, pt141 (not a UUID: the documents are fixed). */
  id: z.string().trim().min(1).max(64),
  url: assetRefSchema,
  title: labelSchema,
  sectionDate: isoDateSchema.optional(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/**
 * The payment part of starting a visit or appointment (POST /appointments-start/{id}).
 * profileID/signature: the user's gateway customer profile and its signature; payProfileID:
 * the chosen card. Each is null when the visit is not paid by card (coupon, prepay,
 * subscription, free). "A form of payment is required" is checked by the service.
 */
export const visitPaymentSchema = z.object({
  profileID: gatewayIdSchema.nullable().default(null),
  signature: z.string().min(1).nullable().default(null),
  payProfileID: gatewayIdSchema.nullable().default(null),
  priceToken: z.string().min(1).max(4096).nullable().default(null),
  subscriptionToken: z.string().min(1).max(4096).nullable().default(null),
  /** Which price the patient chose (standard, member, coupon, prepay...). */
  pricingChoice: z.string().trim().max(50).nullable().default(null),
  /**
   * The screening outcome and answers (care/screening.evaluate.ts); the server evaluates the
   * answers again. A fixed shape, never free JSON.
   */
  visitScreenResult: visitScreenResultSchema.nullable().default(null),
});
export type VisitPayment = z.infer<typeof visitPaymentSchema>;
