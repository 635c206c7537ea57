/**
 * Visit notes (spec section 3 "Note"; section 7 POST /notes and /full-notes; section 9: notes are
 * paged by date and the end date follows the last note).
 */
import { z } from 'zod';
import { idSchema, isoDateSchema, labelSchema } from '../common/common.schemas';

/** The prescriber's address block printed on a note. */
export const providerAddressSchema = z.object({
  name: labelSchema,
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).default(''),
  // validated by validation rules (phone, spec section 5)
  phone: z.string().trim().max(32).default(''),
});
export type ProviderAddress = z.infer<typeof providerAddressSchema>;

/** National Provider Identifier: exactly 10 digits (its check digit is not verified here). */
export const npiSchema = z.string().regex(/^\d{10}$/, 'Expected a 10-digit NPI');

export const providerCredentialSchema = z.object({
  address: providerAddressSchema,
  // validated by validation rules (phone, spec section 5)
  fax: z.string().trim().max(32).default(''),
  npi: npiSchema,
  /** Lab / client account number; free text. */
  clientNumber: z.string().trim().max(50).default(''),
});
export type ProviderCredential = z.infer<typeof providerCredentialSchema>;

/** A note on a patient's record. `date` is the calendar day, `time` the local time HH:MM[:SS]. */
export const noteSchema = z.object({
  id: idSchema,
  date: isoDateSchema,
  time: z.iso.time(),
  /** The provider's display name. */
  provider: z.string().trim().max(200),
  subject: z.string().trim().max(200),
  /** Note text; up to 100 000 characters (long clinical notes). */
  body: z.string().max(100_000),
  ptId: idSchema,
  author: z.string().trim().max(200),
  providerCredential: providerCredentialSchema,
});
export type Note = z.infer<typeof noteSchema>;
