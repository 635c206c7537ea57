import { z } from 'zod';
import { visitStartRequestSchema } from './care.schemas';
import { visitStates } from './visits.rules';

/** POST /visit-start/: the spec's payload plus the client's idempotency key (one visit, one charge). */
export const startVisitRequestSchema = visitStartRequestSchema.extend({
  idempotencyKey: z.string().trim().min(8).max(100),
});
export type StartVisitRequest = z.input<typeof startVisitRequestSchema>;

/** A visit as its patient sees it in the waiting room (spec: active visit fields). */
export const patientVisitSchema = z.object({
  visitId: z.string(),
  patientId: z.string(),
  state: z.enum(visitStates),
  reason: z.string(),
  startTime: z.string(),
  /** 1 is next; null once claimed. */
  place: z.number().int().positive().nullable(),
  /** Minutes; null when no provider is on duty. */
  waitTime: z.number().int().nonnegative().nullable(),
  /** startTime + waitTime, or null. */
  dueTime: z.string().nullable(),
  providerName: z.string().nullable(),
});
export type PatientVisit = z.infer<typeof patientVisitSchema>;

export const patientVisitResponseSchema = z.object({
  error: z.literal(false),
  visit: patientVisitSchema,
});
export const activeVisitsResponseSchema = z.object({
  error: z.literal(false),
  visits: z.array(patientVisitSchema),
});

/** A waiting visit as a provider's queue shows it. */
export const queueEntrySchema = z.object({
  visitId: z.string(),
  state: z.string(),
  waitingSince: z.string(),
  patientName: z.string(),
  age: z.number().int().nonnegative(),
  gender: z.string(),
  location: z.string(),
  reason: z.string(),
  alarms: z.array(z.string()),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;
export const queueResponseSchema = z.object({
  error: z.literal(false),
  onDuty: z.boolean(),
  visits: z.array(queueEntrySchema),
  /** The provider's own visits in progress (claimed, not ended), to return to them. */
  mine: z.array(queueEntrySchema),
});

export const dutyRequestSchema = z.object({ onDuty: z.boolean() });

export const pharmacySchema = z.object({
  ncpdpId: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  fax: z.string(),
});
export const pharmaciesResponseSchema = z.object({
  error: z.literal(false),
  pharmacies: z.array(pharmacySchema),
});

/** Real-time events of the waiting room and the clinic queue. */
export const careEvents = {
  /** Server -> patient: a visit of theirs changed (place, wait, claimed, ended). */
  visitUpdate: 'visitUpdate',
  /** Server -> providers on duty in a state: the queue changed; fetch it again. */
  queueChanged: 'queueChanged',
} as const;

// ===========================================================================================
// Pre-visit screening (POST /get-prescreening)
// ===========================================================================================

export const prescreeningRequestSchema = z.object({
  patientID: z.uuid(),
  reason: z.string().max(64),
});
/** What to ask this family member: the sections after the age and birth-gender filters. */
export const prescreeningResponseSchema = z.object({
  error: z.literal(false),
  age: z.number().int().nonnegative(),
  birthGender: z.enum(['M', 'F', 'X']),
  sections: z.array(z.string()),
  comorbidities: z.array(z.string()),
  ldnConditions: z.array(z.string()),
  emergencySigns: z.array(z.string()),
});
export type PrescreeningResponse = z.infer<typeof prescreeningResponseSchema>;

// ===========================================================================================
// The provider's visit workspace and outcomes (/clinic/visits/:id...)
// ===========================================================================================

/** GET /clinic/visits/:id — everything the provider needs on one screen (an audited read). */
export const visitWorkspaceSchema = z.object({
  visitId: z.string(),
  state: z.enum(visitStates),
  startTime: z.string(),
  claimedAt: z.string().nullable(),
  reason: z.string(),
  notes: z.string(),
  location: z.string(),
  patient: z.object({
    personId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    dob: z.string(),
    age: z.number().int().nonnegative(),
    gender: z.string(),
    phone: z.string(),
  }),
  /** The stored screening answers (screening.evaluate.ts shape) and the alarms they raise. */
  screening: z.json().nullable(),
  alarms: z.array(z.string()),
  allergies: z.array(z.string()),
  medications: z.array(z.string()),
  pharmacy: pharmacySchema.nullable(),
  /** Set once the visit ended. */
  outcome: z.enum(['completed', 'refund', 'noShow']).nullable(),
});
export type VisitWorkspace = z.infer<typeof visitWorkspaceSchema>;
export const visitWorkspaceResponseSchema = z.object({
  error: z.literal(false),
  visit: visitWorkspaceSchema,
});

/** A SOAP note. Each part up to 10 000 characters. */
export const soapNoteSchema = z.object({
  subjective: z.string().trim().max(10_000).default(''),
  objective: z.string().trim().max(10_000).default(''),
  assessment: z.string().trim().max(10_000).default(''),
  plan: z.string().trim().max(10_000).default(''),
});
export type SoapNote = z.infer<typeof soapNoteSchema>;

/** A prescription written in a visit, checked by rx/medications.rules (checkPrescription). */
export const visitPrescriptionSchema = z.object({
  medication: z.string().trim().min(2).max(200),
  strength: z.string().trim().min(1).max(100),
  quantity: z.number().int().positive().max(1000),
  refills: z.number().int().min(0).max(11),
  directions: z.string().trim().min(2).max(1000),
  /** NCPDP id from the pharmacy directory; defaults to the patient's chosen pharmacy. */
  pharmacyNcpdpId: z.string().trim().max(20).nullable().default(null),
});
export type VisitPrescriptionInput = z.input<typeof visitPrescriptionSchema>;

export const visitOutcomes = ['completed', 'refund', 'noShow'] as const;
export type VisitOutcome = (typeof visitOutcomes)[number];

/**
 * POST /clinic/visits/:id/end. completed: the note (assessment and plan required) with or
 * without a prescription; refund: cannot treat, the patient is refunded, the note says why;
 * noShow: the patient did not join (no refund, no note needed).
 */
export const endVisitRequestSchema = z.object({
  outcome: z.enum(visitOutcomes),
  note: soapNoteSchema.nullable().default(null),
  prescription: visitPrescriptionSchema.nullable().default(null),
});
export type EndVisitRequest = z.input<typeof endVisitRequestSchema>;
export const endVisitResponseSchema = z.object({
  error: z.literal(false),
  visitId: z.string(),
  state: z.enum(visitStates),
  noteId: z.string().nullable(),
});

/** POST /getConversation: a visit's messages, oldest first (patient or its provider). */
export const conversationRequestSchema = z.object({ visitId: z.string().max(64) });

// ===========================================================================================
// The one-time meet link (SMS) — GET /meet-param?id=
// ===========================================================================================

/**
 * Exchanges the one-time id from the SMS link for a meet token scoped to that visit's call
 * (socket handshake `{ meetToken }`); the id then stops working.
 */
export const meetParamResponseSchema = z.object({
  error: z.literal(false),
  visitId: z.string(),
  meetToken: z.string(),
  /** The patient's first name, to greet them; nothing else about the visit. */
  firstName: z.string(),
});
export type MeetParamResponse = z.infer<typeof meetParamResponseSchema>;
