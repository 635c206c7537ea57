import { z } from 'zod';
import {
  centsSchema,
  errorEnvelopeSchema,
  idSchema,
  jsonValueSchema,
  usStateSchema,
} from '../common/common.schemas';
import type { ErrorCode } from '../errors/error-codes';
import type { MessageKey } from '../i18n/catalog';
import { messageSchema } from '../messaging/messaging.schemas';
import { complaintSchema, pharmacyChoiceSchema, visitPaymentSchema } from './care.schemas';
import { covidTestSchema } from './covid-certificates.api';
import { visitStates } from './visits.rules';

/**
 * POST /visit-start/: the payment part plus who, why, where, and the client's idempotency key
 * (one visit, one charge).
 */
export const startVisitRequestSchema = visitPaymentSchema.extend({
  patientID: idSchema,
  complaint: complaintSchema,
  pharmacy: pharmacyChoiceSchema.nullable().default(null),
  /** Consult-location states; at least one. */
  states: z.array(usStateSchema).min(1),
  idempotencyKey: z.string().trim().min(8).max(100),
});
/** What the patient's app sends. */
export type StartVisitRequest = z.input<typeof startVisitRequestSchema>;
/** The request as parsed (defaults filled): what the server works with. */
export type StartVisitInput = z.output<typeof startVisitRequestSchema>;

/** A visit-start error carries the default price to fall back to (spec section 7). */
export const visitStartErrorSchema = errorEnvelopeSchema.extend({
  defaultPrice: centsSchema,
  defaultPriceToken: z.string().min(1).max(4096),
});
export type VisitStartError = z.infer<typeof visitStartErrorSchema>;

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
  /**
   * Waiting, and no provider licensed in the visit's state is available now: the
   * waiting room says so (care.visit.noProviderNow). Absent from older servers.
   */
  noProvider: z.boolean().optional(),
  /**
   * Grows by one on every change of the visit: a screen drops a push older than what it holds
   * (pushes can arrive out of order). Absent from older servers.
   */
  version: z.number().int().nonnegative().optional(),
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
export type Pharmacy = z.infer<typeof pharmacySchema>;
export const pharmaciesResponseSchema = z.object({
  error: z.literal(false),
  pharmacies: z.array(pharmacySchema),
});

// Real-time events of the waiting room and the clinic queue (visitUpdate, queueChanged) are in
// the one registry: realtime/realtime.events.ts.

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
  /**
   * The stored screening answers (screening.evaluate.ts shape), null before any; and the alarms
   * they raise. (A JSON value may be null already: no `.nullable()`.)
   */
  screening: jsonValueSchema,
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

const medicationInvalid: MessageKey = 'clinicUi.rx.medicationInvalid';
const strengthInvalid: MessageKey = 'clinicUi.rx.strengthInvalid';
const quantityInvalid: MessageKey = 'clinicUi.rx.quantityInvalid';
const refillsInvalid: MessageKey = 'clinicUi.rx.refillsInvalid';
const directionsInvalid: MessageKey = 'clinicUi.rx.directionsInvalid';
const pharmacyInvalid: MessageKey = 'clinicUi.rx.pharmacyInvalid';
/**
 * A prescription written in a visit, checked by rx/medications.rules (checkPrescription). Each
 * limit answers with the catalogue key the provider's form shows under the field.
 */
export const visitPrescriptionSchema = z.object({
  medication: z
    .string({ error: medicationInvalid })
    .trim()
    .min(2, { error: medicationInvalid })
    .max(200, { error: medicationInvalid }),
  strength: z
    .string({ error: strengthInvalid })
    .trim()
    .min(1, { error: strengthInvalid })
    .max(100, { error: strengthInvalid }),
  quantity: z
    .number({ error: quantityInvalid })
    .int({ error: quantityInvalid })
    .positive({ error: quantityInvalid })
    .max(1000, { error: quantityInvalid }),
  refills: z
    .number({ error: refillsInvalid })
    .int({ error: refillsInvalid })
    .min(0, { error: refillsInvalid })
    .max(11, { error: refillsInvalid }),
  directions: z
    .string({ error: directionsInvalid })
    .trim()
    .min(2, { error: directionsInvalid })
    .max(1000, { error: directionsInvalid }),
  /** NCPDP id from the pharmacy directory; defaults to the patient's chosen pharmacy. */
  pharmacyNcpdpId: z
    .string({ error: pharmacyInvalid })
    .trim()
    .max(20, { error: pharmacyInvalid })
    .nullable()
    .default(null),
});
export type VisitPrescriptionInput = z.input<typeof visitPrescriptionSchema>;

export const visitOutcomes = ['completed', 'refund', 'noShow'] as const;
export type VisitOutcome = (typeof visitOutcomes)[number];

/** The parts of a SOAP note, in the order a note is written. */
export const soapNoteParts = ['subjective', 'objective', 'assessment', 'plan'] as const;

const endVisitFields = z.object({
  outcome: z.enum(visitOutcomes),
  note: soapNoteSchema.nullable().default(null),
  prescription: visitPrescriptionSchema.nullable().default(null),
  /**
   * The test a Covid certification visit observed: required by the server when that
   * visit is completed, which issues the certificate; ignored for any other visit.
   */
  covidTest: covidTestSchema.nullable().default(null),
});
type EndVisitFields = z.output<typeof endVisitFields>;

const noteRequired: MessageKey = 'care.visit.noteRequired';
const refundNoteRequired: MessageKey = 'clinicUi.end.refundNoteRequired';
const requiredKey: MessageKey = 'common.required';

/**
 * The issues of the completed-note rule carry this in `params`: the API answers them with this
 * error code (400 NOTE_REQUIRED, docs/api.md) instead of VALIDATION. See isNoteRequiredIssue.
 */
const noteRequiredParams = { errorCode: 'NOTE_REQUIRED' satisfies ErrorCode } as const;

/**
 * The note rules read the outcome and the note only, so they run whenever those two parsed
 * (zod skips a refinement after a wrong type elsewhere, e.g. a quantity that is not a number):
 * the provider sees every problem at once.
 */
const whenOutcomeAndNoteParsed = {
  when: (payload: z.core.ParsePayload) =>
    payload.issues.every((issue) => {
      const head = issue.path?.[0];
      return head !== undefined && head !== 'outcome' && head !== 'note';
    }),
};

/**
 * The note rules of ending a visit, as issues with catalogue keys: an issue at `note` is the
 * sentence that says what is missing, an issue at `note.<part>` marks the part to write.
 * - completed: the assessment and the plan are required ('care.visit.noteRequired'; these
 *   issues are marked, see isNoteRequiredIssue);
 * - refund: the note says why the visit cannot be treated, in any part
 *   ('clinicUi.end.refundNoteRequired'; the assessment is the part marked);
 * - noShow: no note is needed.
 */
function noteRules(value: EndVisitFields, ctx: z.RefinementCtx): void {
  if (value.outcome === 'completed') {
    const missing = (['assessment', 'plan'] as const).filter((part) => !value.note?.[part]);
    if (missing.length === 0) return;
    const params = noteRequiredParams;
    ctx.addIssue({ code: 'custom', path: ['note'], message: noteRequired, params });
    for (const part of missing) {
      ctx.addIssue({ code: 'custom', path: ['note', part], message: requiredKey, params });
    }
  } else if (value.outcome === 'refund') {
    if (soapNoteParts.some((part) => value.note?.[part])) return;
    ctx.addIssue({ code: 'custom', path: ['note'], message: refundNoteRequired });
    ctx.addIssue({ code: 'custom', path: ['note', 'assessment'], message: requiredKey });
  }
}

/**
 * POST /clinic/visits/:id/end, with every rule of ending a visit. completed: the note
 * (assessment and plan required) with or without a prescription; refund: cannot treat, the
 * patient is refunded, the note says why; noShow: the patient did not join (no refund, no note
 * needed). The provider's form checks a draft with it before asking to confirm; the server
 * parses the request with it and answers the completed-note rule as 400 NOTE_REQUIRED, every
 * other problem as 400 VALIDATION.
 */
export const endVisitRequestSchema = endVisitFields.superRefine(
  noteRules,
  whenOutcomeAndNoteParsed,
);
/** What the provider's form sends. */
export type EndVisitRequest = z.input<typeof endVisitRequestSchema>;
/** The request as parsed (trimmed, defaults filled): what the server works with. */
export type EndVisitInput = z.output<typeof endVisitRequestSchema>;

/** True for an issue of the completed-note rule (the API answers it as 400 NOTE_REQUIRED). */
export function isNoteRequiredIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && issue.params?.errorCode === noteRequiredParams.errorCode;
}

export const endVisitResponseSchema = z.object({
  error: z.literal(false),
  visitId: z.string(),
  state: z.enum(visitStates),
  noteId: z.string().nullable(),
});

/** POST /getConversation: a visit's messages, oldest first (patient or its provider). */
export const conversationRequestSchema = z.object({ visitId: z.string().max(64) });
export const conversationResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(messageSchema),
});
export type Conversation = z.infer<typeof conversationResponseSchema>;

/** GET /pharmacies?q=&state=: the directory, searched by name, city, zip or address. */
export const pharmacySearchQuerySchema = z.object({
  q: z.string().max(100).default(''),
  state: z.string().length(2).optional(),
});

/** PUT /clinic/duty: the provider's new duty status. */
export const dutyResponseSchema = z.object({ error: z.literal(false), onDuty: z.boolean() });

/** POST /clinic/visits/:id/claim: exactly one provider wins; the others get 409 ALREADY_CLAIMED. */
export const claimResponseSchema = z.object({ error: z.literal(false), visitId: z.string() });

// ===========================================================================================
// The one-time meet link (SMS) — GET /meet-param?id=
// ===========================================================================================

/**
 * Exchanges the one-time id from the SMS link for a meet token scoped to that visit's call
 * (socket handshake `{ meetToken }`); the id then stops working.
 */
export const meetParamQuerySchema = z.object({ id: z.string().max(100) });
export const meetParamResponseSchema = z.object({
  error: z.literal(false),
  visitId: z.string(),
  meetToken: z.string(),
  /** The patient's first name, to greet them; nothing else about the visit. */
  firstName: z.string(),
});
export type MeetParamResponse = z.infer<typeof meetParamResponseSchema>;
