/**
 * The family's photo IDs on Rx visits (spec section 7: /get-verifyId-doc,
 * /set-verifyId-Visibility, /get-verifyId-FamilyDocs, and the upload POST /rx/id). One contract
 * for server and web.
 */
import { z } from 'zod';
import { idSchema } from '../common/common.schemas';

/** The multipart field naming the family member an ID photo is of (POST /rx/id). */
export const rxIdUploadFieldsSchema = z.object({ patientID: idSchema });

export const verifyIdDocSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  fileId: idSchema,
  /** Hidden from pharmacies (the prescriber still sees it). */
  hidden: z.boolean(),
  uploadedAt: z.string(),
});
export type VerifyIdDoc = z.infer<typeof verifyIdDocSchema>;

/** POST /get-verifyId-doc. */
export const getVerifyIdDocRequestSchema = z.object({ patientID: idSchema });
export const verifyIdDocResponseSchema = z.object({
  error: z.literal(false),
  document: verifyIdDocSchema.nullable(),
});
/** POST /set-verifyId-Visibility. */
export const setVerifyIdVisibilityRequestSchema = z.object({
  verifyId: idSchema,
  hide: z.boolean(),
});
/** POST /get-verifyId-FamilyDocs. */
export const verifyIdFamilyDocsResponseSchema = z.object({
  error: z.literal(false),
  documents: z.array(
    z.object({ patientId: idSchema, name: z.string(), document: verifyIdDocSchema.nullable() }),
  ),
});
