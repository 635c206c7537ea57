/**
 * The asynchronous prescription (Rx) visit calls (spec section 7: /get-productInfo-v2,
 * /log-form, /submit-rx-evaluation, /submit-rx-payment, "Rx visit endpoints: get, update status,
 * record, pdf, ... cancel"), and the prescriber's review (the photo IDs: rx-verify-id.api.ts).
 * One contract for server and web.
 */
import { z } from 'zod';
import { instoreCodeSchema, visitAssessmentSchema } from '../assessments/assessment.api';
import { visitPrescriptionSchema } from '../care/visits.api';
import { centsSchema, idSchema } from '../common/common.schemas';
import { pharmacyStatusSchema } from '../pharmacy/pharmacy-status.rules';
import { tokenSchema } from '../prepay/access-token.rules';
import { visitPrepaySchema } from '../prepay/prepay.api';
import { rxSections } from './rx-products.rules';
import { rxVisitStatusSchema } from './rx-status.rules';

const answerValueSchema = z.union([
  z.string().max(2000),
  z.array(z.string().trim().min(1).max(100)).max(40),
]);

// ===========================================================================================
// The treatment catalogue
// ===========================================================================================

/** POST /get-productInfo-v2: the brand's treatments (`id`: a pharmacy link or referral code). */
export const productInfoRequestSchema = z.object({
  id: z.string().trim().max(64).optional(),
});

export const rxQuestionViewSchema = z.object({
  id: z.string(),
  section: z.enum(rxSections),
  kind: z.enum(['single', 'multi', 'text', 'bloodPressure', 'number']),
  phraseKey: z.string(),
  options: z
    .array(
      z.object({
        id: z.string(),
        labelKey: z.string().nullable(),
        label: z.string().nullable(),
        gender: z.enum(['F', 'M']).nullable(),
        asksAttachment: z.boolean(),
      }),
    )
    .nullable(),
  branch: z.object({ questionId: z.string(), equals: z.string() }).nullable(),
  required: z.boolean(),
});
export type RxQuestionView = z.infer<typeof rxQuestionViewSchema>;

export const rxProductViewSchema = z.object({
  id: z.string(),
  category: z.string(),
  nameKey: z.string(),
  descriptionKey: z.string(),
  priceCents: centsSchema,
  protocolId: z.string().nullable(),
  birthGender: z.enum(['F', 'M']).nullable(),
  /** Each consent document's title, version date and the catalogue key of that version's text. */
  consentDocuments: z.array(
    z.object({
      id: z.string(),
      titleKey: z.string(),
      versionDate: z.string(),
      bodyKey: z.string(),
    }),
  ),
  questions: z.array(rxQuestionViewSchema),
});
export type RxProductView = z.infer<typeof rxProductViewSchema>;

export const productInfoResponseSchema = z.object({
  error: z.literal(false),
  products: z.array(rxProductViewSchema),
  /**
   * When `id` was a pharmacy's Rx link: the link, its treatment (the only product answered)
   * and the pharmacy it routes the visit to.
   */
  link: z
    .object({
      id: z.string(),
      productId: z.string(),
      pharmacy: z.object({ id: z.string(), name: z.string() }),
    })
    .nullable()
    .default(null),
});

// ===========================================================================================
// The patient's visit
// ===========================================================================================

/** POST /log-form: one step of the flow reached (what step, never the answers). */
export const logFormRequestSchema = z.object({
  productId: z.string().trim().min(1).max(40),
  step: z.string().trim().min(1).max(40),
});
export const okResponseSchema = z.object({ error: z.literal(false) });

/** POST /submit-rx-evaluation: the answers, the consents accepted, where the patient is. */
export const submitRxEvaluationRequestSchema = z.object({
  patientID: idSchema,
  productId: z.string().trim().min(1).max(40),
  answers: z.record(z.string().max(60), answerValueSchema),
  consents: z
    .array(z.object({ id: z.string().max(60), versionDate: z.string().max(20) }))
    .max(20)
    .default([]),
  /** The state the patient is in now ('I am in'): must be their confirmed location. */
  state: z.string().trim().min(2).max(2),
  idempotencyKey: z.string().trim().min(8).max(100),
  /** The pharmacy the prescription goes to (a verified one taking this state), if chosen. */
  pharmacyId: z.string().trim().min(1).max(64).optional(),
  /** The pharmacy's Rx link the patient came through: routes to its pharmacy. */
  linkId: z.string().trim().min(1).max(64).optional(),
  /**
   * The code of a pharmacy's in-store assessment link: the visit continues it, goes
   * to its pharmacy, in its state, with its intake attached; the link is then used.
   */
  assessmentCode: instoreCodeSchema.optional(),
});
export type SubmitRxEvaluationRequest = z.input<typeof submitRxEvaluationRequestSchema>;
export type SubmitRxEvaluationInput = z.output<typeof submitRxEvaluationRequestSchema>;

/** POST /rx/refill: a new visit for the same treatment, reusing the earlier evaluation. */
export const rxRefillRequestSchema = z.object({
  visitId: idSchema,
  idempotencyKey: z.string().trim().min(8).max(100),
});

/** POST /submit-rx-payment. */
export const submitRxPaymentRequestSchema = z.object({
  visitId: idSchema,
  priceToken: z.string().max(2000),
  payProfileID: z.string().max(64).nullable(),
  idempotencyKey: z.string().trim().min(8).max(100),
  /**
   * An access token or program code: the visit is paid from the prepay program,
   * priced 0 (priceType prepay); the price token and card are then not used.
   */
  prepayCode: tokenSchema.optional(),
});
export type SubmitRxPaymentRequest = z.input<typeof submitRxPaymentRequestSchema>;

/** GET /rx/visits/:id/price: what this visit costs now, with its signed price token. */
export const rxPriceResponseSchema = z.object({
  error: z.literal(false),
  price: centsSchema,
  priceToken: z.string(),
  data: z.object({ title: z.string(), msg: z.string() }),
});

export const rxVisitFileSchema = z.object({
  id: idSchema,
  /** id (a photo ID) or attachment. */
  docType: z.enum(['id', 'attachment']),
  name: z.string(),
  type: z.string(),
  uploadedAt: z.string(),
});
export type RxVisitFile = z.infer<typeof rxVisitFileSchema>;

export const rxPrescriptionSchema = z.object({
  id: idSchema,
  medication: z.string(),
  strength: z.string(),
  quantity: z.number().int(),
  refills: z.number().int(),
  directions: z.string(),
  pharmacy: z.string().nullable(),
  writtenAt: z.string(),
});
export type RxPrescription = z.infer<typeof rxPrescriptionSchema>;

/** A visit as its patient sees it. */
export const rxVisitViewSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  patientName: z.string(),
  productId: z.string(),
  status: rxVisitStatusSchema,
  version: z.number().int().nonnegative(),
  state: z.string(),
  cost: centsSchema,
  paid: z.boolean(),
  idPending: z.boolean(),
  attachmentsPending: z.boolean(),
  /** The prescriber's request while the status is exit, else ''. */
  statusComment: z.string(),
  completed: z.boolean(),
  refillOf: idSchema.nullable(),
  createdAt: z.string(),
  files: z.array(rxVisitFileSchema),
  prescriptions: z.array(rxPrescriptionSchema),
  /** The pharmacy the prescription goes to, if any. */
  pharmacy: z.object({ id: z.string(), name: z.string() }).nullable().default(null),
  /** Where the pharmacy is with it (null until the prescription reaches the pharmacy). */
  pharmacyStatus: pharmacyStatusSchema.nullable().default(null),
  /** The pharmacy's note to the patient with a fulfilment status (ready ... delivered). */
  pharmacyNote: z.string().default(''),
  /** Paid from a prepay program: which, the token, and where the token is. */
  prepay: visitPrepaySchema.nullable().default(null),
  /** The pharmacy's in-store assessment it continues: the pharmacy and the intake. */
  assessment: visitAssessmentSchema.nullable().default(null),
});
export type RxVisitView = z.infer<typeof rxVisitViewSchema>;

export const rxVisitResponseSchema = z.object({
  error: z.literal(false),
  visit: rxVisitViewSchema,
});
export const rxVisitsResponseSchema = z.object({
  error: z.literal(false),
  visits: z.array(rxVisitViewSchema),
  /** A visit waits for an ID or an attachment: every route goes to /rxvisits (guard step 6). */
  actionRequired: z.boolean(),
});

export const rxMessageSchema = z.object({
  id: idSchema,
  visitId: idSchema,
  /** patient or prescriber. */
  from: z.enum(['patient', 'prescriber']),
  text: z.string(),
  /** Files sent with the message; download with POST /get-messageAttachment. */
  attachments: z.array(z.object({ fileId: idSchema, name: z.string(), type: z.string() })),
  sent: z.string(),
});
export type RxMessage = z.infer<typeof rxMessageSchema>;
export const rxMessagesResponseSchema = z.object({
  error: z.literal(false),
  messages: z.array(rxMessageSchema),
});
export const rxSendMessageRequestSchema = z.object({
  text: z.string().trim().min(1, { error: 'common.required' }).max(2000),
});

/** POST /get-messageAttachment: one file of a message on an Rx visit (its patient or prescriber). */
export const getMessageAttachmentRequestSchema = z.object({ msgId: idSchema, fileId: idSchema });

/** The multipart text field of POST /rx/visits/:id/messages/attachment (optional). */
export const rxMessageAttachmentFieldsSchema = z.object({
  text: z.string().trim().max(2000).default(''),
});

/** The socket's updateRxVisit payload: which visit, its new status and version. */
export const rxVisitUpdateSchema = z.object({
  id: idSchema,
  status: rxVisitStatusSchema,
  version: z.number().int().nonnegative(),
  pharmacyStatus: pharmacyStatusSchema.nullable().default(null),
});
export type RxVisitUpdate = z.infer<typeof rxVisitUpdateSchema>;

// ===========================================================================================
// The prescriber
// ===========================================================================================

export const rxQueueEntrySchema = z.object({
  id: idSchema,
  productId: z.string(),
  state: z.string(),
  status: rxVisitStatusSchema,
  /** When it was paid (entered the line). */
  waitingSince: z.string(),
  alarms: z.array(z.string()),
  refill: z.boolean(),
  /** The patient's first name and age: enough to pick, no more. */
  patientLabel: z.string(),
});
export type RxQueueEntry = z.infer<typeof rxQueueEntrySchema>;
export const rxQueueResponseSchema = z.object({
  error: z.literal(false),
  states: z.array(z.string()),
  waiting: z.array(rxQueueEntrySchema),
  mine: z.array(rxQueueEntrySchema),
  /** My prescriptions a pharmacy asked to change (pharmacy status review). */
  changeRequests: z.array(rxQueueEntrySchema).default([]),
});

export const rxReviewSchema = z.object({
  visit: rxVisitViewSchema,
  patient: z.object({
    name: z.string(),
    dob: z.string(),
    age: z.number().int(),
    gender: z.string(),
    phone: z.string().nullable(),
  }),
  answers: z.array(
    z.object({
      id: z.string(),
      section: z.string(),
      phrase: z.string(),
      data: answerValueSchema,
    }),
  ),
  alarms: z.array(z.string()),
  bmi: z.number().nullable(),
  /** Package lines the prescriber may write (empty for open packages). */
  packageLines: z.array(
    z.object({ medication: z.string(), strength: z.string(), quantity: z.number() }),
  ),
  protocolId: z.string().nullable(),
  history: z.array(rxVisitViewSchema),
  messages: z.array(rxMessageSchema),
  /** The prescription changed after a pharmacy saw it ('status changed' marker). */
  statusChanged: z.boolean(),
  /** A pharmacy's open request to change the prescription (its reason), awaiting my answer. */
  changeRequest: z
    .object({ pharmacyName: z.string(), reason: z.string(), requestedAt: z.string() })
    .nullable()
    .default(null),
  /** The link's medication list and comment, when the visit came through a pharmacy link. */
  link: z.object({ medListId: z.string(), comment: z.string() }).nullable().default(null),
  /**
   * The pharmacy the prescription goes to once written (the visit's: its link's, or the one the
   * patient chose), shown before prescribing; null when none was chosen: the patient takes the
   * prescription to a pharmacy themselves.
   */
  pharmacy: z
    .object({
      name: z.string(),
      /** Street lines, then city, state and ZIP, as one line. */
      address: z.string(),
      /** As stored (digits or E.164). */
      phone: z.string(),
      ncpdpId: z.string(),
    })
    .nullable()
    .default(null),
});
export type RxReview = z.infer<typeof rxReviewSchema>;
export const rxReviewResponseSchema = z.object({ error: z.literal(false), review: rxReviewSchema });

/**
 * POST /clinic/rx/:id/status: a move of the spec's table (started, ended, exit, refund). exit
 * takes the request to the patient (`note`) and may ask for an upload; rxed is written by
 * prescribing, and waiting -> started by claiming.
 */
export const rxStatusChangeRequestSchema = z.object({
  status: rxVisitStatusSchema,
  version: z.number().int().nonnegative(),
  note: z.string().trim().max(2000).default(''),
  requestAttachment: z.boolean().default(false),
});
export type RxStatusChangeRequest = z.input<typeof rxStatusChangeRequestSchema>;

/** POST /clinic/rx/:id/prescribe: ended -> rxed, one or more lines of the package. */
export const rxPrescribeRequestSchema = z.object({
  version: z.number().int().nonnegative(),
  prescriptions: z.array(visitPrescriptionSchema).min(1).max(5),
});
export type RxPrescribeRequest = z.input<typeof rxPrescribeRequestSchema>;

/**
 * POST /clinic/rx/:id/change-request: the prescriber's answer to a pharmacy's change request.
 * approve writes the new prescription (dosing changes only; it replaces the old one), deny keeps
 * the existing one claimable. A note goes to the pharmacy either way.
 */
export const rxChangeAnswerRequestSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    version: z.number().int().nonnegative(),
    note: z.string().trim().max(2000).default(''),
    prescriptions: z.array(visitPrescriptionSchema).min(1).max(5),
  }),
  z.object({
    decision: z.literal('deny'),
    version: z.number().int().nonnegative(),
    note: z.string().trim().max(2000).default(''),
  }),
]);
export type RxChangeAnswerRequest = z.input<typeof rxChangeAnswerRequestSchema>;
