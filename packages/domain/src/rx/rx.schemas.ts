/**
 * Prescription (Rx) visits and what surrounds them (spec sections 3 "Prescription visit",
 * 4 "Prescription visit statuses", 5 "Links" and "Status notes").
 *
 * Status is a plain string here: the status enums and their transitions live in
 * rx/rx-status.rules.ts (patient side) and pharmacy/ (pharmacy side).
 */
import { z } from 'zod';
import { centsSchema, emailSchema, idSchema, usStateSchema } from '../common/common.schemas';

/** A visit status value, e.g. waiting, unclaimed, picked-up. */
export const rxStatusValueSchema = z.string().trim().min(1).max(40);

/** A prescription visit. `version` increases on every change (optimistic concurrency). */
export const rxVisitSchema = z.object({
  id: idSchema,
  status: rxStatusValueSchema,
  version: z.number().int().nonnegative(),
  comment: z.string().max(2000).default(''),
  /** The pharmacist (user id) handling the visit; null before one is chosen. */
  selectedPharmacist: idSchema.nullable().default(null),
  /** The patient still has to upload an ID. */
  idPending: z.boolean().default(false),
  /** The patient still has to upload requested attachments. */
  attachmentsPending: z.boolean().default(false),
  statusComment: z.string().max(2000).default(''),
  cost: centsSchema,
  noteText: z.string().max(100_000).default(''),
  completed: z.boolean().default(false),
});
export type RxVisit = z.infer<typeof rxVisitSchema>;

/** A file uploaded for a visit. `type` is the MIME type, `docType` its role (id, attachment...). */
export const uploadedFileSchema = z.object({
  name: z.string().trim().min(1).max(255),
  type: z.string().trim().min(1).max(127),
  docType: z.string().trim().min(1).max(50),
  id: idSchema,
  patientId: idSchema,
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** How one status is shown and handled on the pharmacist dashboard. */
export const rxStatusConfigSchema = z.object({
  label: z.string().trim().min(1).max(100),
  /** Setting this status completes the visit. */
  rxCompleted: z.boolean().default(false),
  /** What the patient sees for this status. */
  patientStatus: z.string().max(200).default(''),
  assignHint: z.string().max(500).default(''),
  statusPrompt: z.string().max(500).default(''),
  /** This status takes a text note. */
  textInput: z.boolean().default(false),
  statusButtonLabel: z.string().max(100).default(''),
  /** Show the button outlined rather than filled. */
  outline: z.boolean().default(false),
  claimable: z.boolean().default(false),
});
export type RxStatusConfig = z.infer<typeof rxStatusConfigSchema>;

/** The configuration of every status, keyed by status value. */
export const rxStatusConfigMapSchema = z.record(rxStatusValueSchema, rxStatusConfigSchema);
export type RxStatusConfigMap = z.infer<typeof rxStatusConfigMapSchema>;

/**
 * A pharmacy's grant to a pharmacist: which states and links they see, and whether only
 * visits the pharmacy has claimed.
 */
export const pharmacistGrantSchema = z.object({
  email: emailSchema,
  states: z.array(usStateSchema).default([]),
  /** Ids of the pharmacy's links (screenId of each rx link) the pharmacist may work. */
  links: z.array(z.string().trim().min(1).max(100)).default([]),
  claimedOnly: z.boolean().default(false),
});
export type PharmacistGrant = z.infer<typeof pharmacistGrantSchema>;

/**
 * A pharmacy link that evaluates a customer for a treatment. Values are trimmed and empty ones
 * are dropped before saving (spec section 5, Links): the output only has keys with content.
 * screenId is required.
 */
export const rxLinkSchema = z
  .object({
    screenId: z.string().trim().min(1).max(100),
    medListId: z.string().trim().max(100).optional(),
    comment: z.string().trim().max(2000).optional(),
  })
  .transform((link) => {
    const out: { screenId: string; medListId?: string; comment?: string } = {
      screenId: link.screenId,
    };
    if (link.medListId) out.medListId = link.medListId;
    if (link.comment) out.comment = link.comment;
    return out;
  });
export type RxLinkInput = z.input<typeof rxLinkSchema>;
export type RxLink = z.infer<typeof rxLinkSchema>;

/** A form the patient reads and signs. */
export const rxFormSchema = z.object({
  formId: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1).max(200),
  text: z.string().max(100_000),
});
export type RxForm = z.infer<typeof rxFormSchema>;

/**
 * A pharmacy changing a visit's status. Whether `note` is required for the target status is a
 * rule of rx/rx-status.rules.ts; `version` is the one the pharmacy saw.
 */
export const rxStatusUpdateRequestSchema = z.object({
  id: idSchema,
  status: rxStatusValueSchema,
  version: z.number().int().nonnegative(),
  note: z.string().trim().max(2000).default(''),
});
export type RxStatusUpdateRequest = z.infer<typeof rxStatusUpdateRequestSchema>;
