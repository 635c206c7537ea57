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
