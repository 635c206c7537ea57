/**
 * Patient documents (spec section 3 "Document"; section 7 /get-patient-docs-date and
 * /get-doc-data; section 9: documents use a year-month month string).
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema } from '../common/common.schemas';

/** A month, YYYY-MM (month 01-12). */
export const monthStringSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM');
export type MonthString = z.infer<typeof monthStringSchema>;

/** The YYYY-MM month of an ISO date or date-time string (its first seven characters). */
export function monthOf(isoDateOrDateTime: string): MonthString {
  return isoDateOrDateTime.slice(0, 7);
}

/**
 * A document on a patient's record. `fdate` is the day the document is about (used for the
 * month lists), `fileDate` the instant it was filed; `filer` who filed it, `author` who wrote it.
 */
export const documentSchema = z.object({
  id: idSchema,
  /** The account the document belongs to (the guardian for a dependent). */
  owner: idSchema,
  ownerName: z.string().trim().max(200),
  patient: idSchema,
  patientName: z.string().trim().max(200),
  fdate: isoDateSchema,
  /** Document kind or MIME type, e.g. application/pdf, id, lab. */
  ftype: z.string().trim().min(1).max(127),
  fdesc: z.string().trim().max(500).default(''),
  author: z.string().trim().max(200).default(''),
  filer: z.string().trim().max(200).default(''),
  fileDate: isoDateTimeSchema,
});
export type PatientDocument = z.infer<typeof documentSchema>;

/** POST /get-patient-docs-date: the documents of one month. */
export const documentsByMonthRequestSchema = z.object({ fdate: monthStringSchema });
export type DocumentsByMonthRequest = z.infer<typeof documentsByMonthRequestSchema>;

/** POST /get-doc-data: the document's access token; the answer is base64 content. */
export const documentDataRequestSchema = z.object({ token: z.string().min(1).max(4096) });
export type DocumentDataRequest = z.infer<typeof documentDataRequestSchema>;

export const documentDataSchema = z.object({ data: z.base64() });
export type DocumentData = z.infer<typeof documentDataSchema>;

/**
 * Where a document comes from. `upload`: the patient's own file; `pharmacyUpload`:
 * a file a pharmacy filed for the patient (in-store and pharmacist-consult links); the rest are
 * what the product wrote, rendered by the area that owns them when opened.
 */
export const documentSources = [
  'upload',
  'pharmacyUpload',
  'visitNote',
  'prescription',
  'consent',
  'receipt',
  'certificate',
  /** A pharmacy's in-store assessment intake, filed for the patient. */
  'assessment',
  /** A form the patient signed for a pharmacy on an Rx visit. */
  'signedForm',
] as const;
export type DocumentSource = (typeof documentSources)[number];

/**
 * A document as the lists answer it: the entity's fields, where it comes from, and the token
 * that opens it with /get-doc-data (opaque; only its owner's session can use it).
 */
export const documentViewSchema = documentSchema.extend({
  source: z.enum(documentSources),
  token: z.string().min(1).max(4096),
  /** True for the patient's own uploads, which they may remove. */
  removable: z.boolean(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;

/** /get-patient-docs (this month), /get-patient-docs-date (fdate), /get-patient-pharmacy-upload. */
export const documentsResponseSchema = z.object({
  error: z.literal(false),
  /** The month listed (YYYY-MM). */
  month: monthStringSchema,
  /** Newest first (by fdate, then fileDate). */
  documents: z.array(documentViewSchema),
});
export type DocumentsResponse = z.infer<typeof documentsResponseSchema>;

/** /get-doc-data's answer: the bytes as base64, with the name and type to save them under. */
export const documentDataResponseSchema = z.object({
  error: z.literal(false),
  data: z.base64(),
  name: z.string().min(1).max(200),
  contentType: z.string().min(1).max(127),
});
export type DocumentDataResponse = z.infer<typeof documentDataResponseSchema>;

/** Longest description a patient may give an upload. */
export const maxDocumentDescription = 500;

/**
 * POST /documents (multipart): the `file` part and these fields. `patient` is the family member
 * the document is about (the holder or a dependent); `fdate` the day it is about (defaults to
 * today).
 */
export const documentUploadFieldsSchema = z.object({
  patient: idSchema,
  fdesc: z
    .string()
    .trim()
    .min(1, { error: 'documents.descriptionRequired' })
    .max(maxDocumentDescription, { error: 'documents.descriptionTooLong' }),
  fdate: isoDateSchema.optional(),
});
export type DocumentUploadFields = z.infer<typeof documentUploadFieldsSchema>;

export const documentUploadResponseSchema = z.object({
  error: z.literal(false),
  document: documentViewSchema,
});

/** POST /documents-remove: the token of one of the patient's own uploads. */
export const documentRemoveRequestSchema = documentDataRequestSchema;
