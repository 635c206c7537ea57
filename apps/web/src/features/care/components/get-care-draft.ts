import { type CareReasonId, careReasonIds } from '@apothecall/domain/care/care-reasons';
import { visitScreenResultSchema } from '@apothecall/domain/care/screening.evaluate';
import { pharmacySchema } from '@apothecall/domain/care/visits.api';
import { z } from 'zod';
import { newIdempotencyKey } from '../../../lib/payments/idempotency';

/**
 * The Get Care wizard's draft (spec section 3, "Get-care draft": complaint, pharmacy,
 * consentGiven, phoneConfirmed, plus who, where and the screening form): its shape, how a saved
 * one is read back, which step it may show, and what an earlier answer changed forgets.
 * hooks/use-get-care-draft.ts keeps it in this tab's sessionStorage.
 */
export const getCareSteps = [
  'patient',
  'reason',
  'location',
  'screening',
  'consent',
  'pharmacy',
  'payment',
] as const;
export type GetCareStep = (typeof getCareSteps)[number];

const yesNo = z.enum(['', 'yes', 'no']);
export type YesNo = z.infer<typeof yesNo>;

/** The screening form as typed (strings); get-care-screening turns it into the answers. */
const screeningFormSchema = z.object({
  emergencySigns: z.array(z.string()),
  emergencyNone: z.boolean(),
  bloodPressure: z.string(),
  weight: z.string(),
  weightUnit: z.enum(['lbs', 'kg']),
  height: z.string(),
  heightUnit: z.enum(['in', 'cm']),
  waist: z.string(),
  waistUnit: z.enum(['in', 'cm']),
  allergies: z.string(),
  medications: z.string(),
  medicalProblems: z.array(z.string()),
  medicalNone: z.boolean(),
  edRequested: yesNo,
  edNitrates: yesNo,
  ldnRequested: yesNo,
  ldnConditions: z.array(z.string()),
  ldnNone: z.boolean(),
  ldnOpioids: yesNo,
  bcRequested: yesNo,
  bcSmoker: yesNo,
  bcPregnant: yesNo,
});
export type ScreeningForm = z.infer<typeof screeningFormSchema>;

const draftSchema = z.object({
  step: z.enum(getCareSteps),
  patientId: z.string().nullable(),
  reason: z.enum(careReasonIds).nullable(),
  notes: z.string().max(2000),
  /** The confirmed state, once care is offered and open there. */
  state: z.string().nullable(),
  screening: screeningFormSchema,
  /** Set when the screening passed; sent as visitScreenResult (the server re-evaluates). */
  screenResult: visitScreenResultSchema.nullable(),
  consentGiven: z.boolean(),
  phoneConfirmed: z.boolean(),
  pharmacy: pharmacySchema.nullable(),
  /** One checkout attempt's key, kept across retries of that attempt (one visit, one charge). */
  idempotencyKey: z.string().min(8),
});
export type GetCareDraft = z.infer<typeof draftSchema>;

export const emptyScreeningForm: ScreeningForm = {
  emergencySigns: [],
  emergencyNone: false,
  bloodPressure: '',
  weight: '',
  weightUnit: 'lbs',
  height: '',
  heightUnit: 'in',
  waist: '',
  waistUnit: 'in',
  allergies: '',
  medications: '',
  medicalProblems: [],
  medicalNone: false,
  edRequested: '',
  edNitrates: '',
  ldnRequested: '',
  ldnConditions: [],
  ldnNone: false,
  ldnOpioids: '',
  bcRequested: '',
  bcSmoker: '',
  bcPregnant: '',
};

/** A new attempt for a person (a new idempotency key). */
export function emptyGetCareDraft(patientId: string | null): GetCareDraft {
  return {
    step: 'patient',
    patientId,
    reason: null,
    notes: '',
    state: null,
    screening: emptyScreeningForm,
    screenResult: null,
    consentGiven: false,
    phoneConfirmed: false,
    pharmacy: null,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * A saved draft (JSON text) read back, or null: nothing saved, unreadable, not a draft, or a
 * draft for someone no longer in this family (another login in this tab).
 */
export function restoreGetCareDraft(
  raw: string | null | undefined,
  familyIds: readonly string[],
): GetCareDraft | null {
  if (!raw) return null;
  let saved: unknown;
  try {
    saved = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(saved);
  if (!parsed.success) return null;
  if (parsed.data.patientId && !familyIds.includes(parsed.data.patientId)) return null;
  return parsed.data;
}

/** The first step whose answers are missing: a restored draft never skips ahead of them. */
export function firstIncompleteStep(draft: GetCareDraft): GetCareStep {
  if (!draft.patientId) return 'patient';
  if (!draft.reason) return 'reason';
  if (!draft.state) return 'location';
  if (!draft.screenResult) return 'screening';
  if (!draft.consentGiven || !draft.phoneConfirmed) return 'consent';
  if (!draft.pharmacy) return 'pharmacy';
  return 'payment';
}

/** The step to show: the one the draft is on, unless an earlier step still lacks its answers. */
export function currentStepIndex(draft: GetCareDraft): number {
  return Math.min(
    getCareSteps.indexOf(draft.step),
    getCareSteps.indexOf(firstIncompleteStep(draft)),
  );
}

/**
 * Another person: where they are, their screening and the phone confirmation are theirs, so
 * they are asked again. The same person changes nothing.
 */
export function patientChange(draft: GetCareDraft, patientId: string): Partial<GetCareDraft> {
  return patientId === draft.patientId
    ? {}
    : {
        patientId,
        state: null,
        screening: emptyScreeningForm,
        screenResult: null,
        phoneConfirmed: false,
      };
}

/** Another reason asks other screening questions; the notes are kept as typed. */
export function reasonChange(
  draft: GetCareDraft,
  reason: CareReasonId,
  notes: string,
): Partial<GetCareDraft> {
  return reason === draft.reason
    ? { notes }
    : { reason, notes, screening: emptyScreeningForm, screenResult: null };
}

/** Another state may not reach the chosen pharmacy: it is chosen again. */
export function stateChange(draft: GetCareDraft, state: string): Partial<GetCareDraft> {
  return state === draft.state ? {} : { state, pharmacy: null };
}
