/**
 * The patient's record as one archive (the HIPAA right of access). POST
 * /account/record-archive, with the session only (whose record it is is the session's account,
 * never a URL): a ZIP of every person of the account (the holder and the dependents they
 * manage), each person's papers in a folder per kind, the account's payments as a CSV, a
 * README.txt in the reader's language and `summary.json`, whose shape is below. One contract
 * for the server that writes it and whoever reads it (the tests, a patient's own tools).
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema } from '../common/common.schemas';
import { languages } from '../i18n/i18n.rules';
import { type DocumentSource, documentSources } from './documents.schemas';

/** The archive's format, named in its summary (a change of shape gets a new number). */
export const recordArchiveFormat = 'apothecall.record-archive/1';

/** The folder each kind of paper goes in, inside its person's folder. */
export const recordArchiveFolders: Record<DocumentSource, string> = {
  visitNote: 'visit-notes',
  prescription: 'prescriptions',
  consent: 'consents',
  certificate: 'certificates',
  receipt: 'receipts',
  upload: 'uploads',
  pharmacyUpload: 'pharmacy-uploads',
  assessment: 'assessments',
  signedForm: 'signed-forms',
};

/** The fixed files at the archive's root. */
export const recordArchiveFiles = {
  readme: 'README.txt',
  summary: 'summary.json',
  payments: 'payments.csv',
} as const;

/** The columns of payments.csv, in order (amounts in US dollars, never a card number). */
export const recordArchivePaymentColumns = [
  'date',
  'kind',
  'description',
  'invoice',
  'amount_usd',
  'credit_applied_usd',
  'status',
  'card_brand',
  'card_last4',
] as const;

/** A person's folder: `person-1` is the account holder, then the dependents. */
export function recordArchivePersonFolder(index: number): string {
  return `person-${index + 1}`;
}

/** The name the archive downloads under (a day, never a person's name). */
export function recordArchiveFileName(day: string): string {
  return `health-record-${day}.zip`;
}

/** How many archives an account may download per window (each one reads the whole record). */
export const recordArchiveLimit = { perWindow: 5, windowSeconds: 3600 } as const;

export const recordArchiveSummarySchema = z.object({
  format: z.literal(recordArchiveFormat),
  generatedAt: isoDateTimeSchema,
  lang: z.enum(languages),
  timeZone: z.string(),
  accountId: idSchema,
  people: z.array(
    z.object({
      folder: z.string(),
      id: idSchema,
      firstName: z.string(),
      lastName: z.string(),
      dob: z.string(),
      holder: z.boolean(),
    }),
  ),
  documents: z.array(
    z.object({
      /** Where it is in the archive. */
      path: z.string(),
      personId: idSchema,
      source: z.enum(documentSources),
      /** The day it is about, in the reader's time zone. */
      date: isoDateSchema,
      /** When it was written or filed. */
      at: isoDateTimeSchema,
      description: z.string(),
      author: z.string(),
      contentType: z.string(),
      bytes: z.number().int().nonnegative(),
    }),
  ),
  payments: z.object({ path: z.literal(recordArchiveFiles.payments), count: z.number().int() }),
  /** Papers that could not be read when the archive was made (support can send them). */
  missing: z.array(
    z.object({
      personId: idSchema,
      source: z.enum(documentSources),
      date: isoDateSchema,
      description: z.string(),
    }),
  ),
});
export type RecordArchiveSummary = z.infer<typeof recordArchiveSummarySchema>;
