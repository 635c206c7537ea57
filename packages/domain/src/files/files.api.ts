/**
 * The files endpoints:
 * - POST /api/files, multipart/form-data with one file part and a `purpose` field;
 * - GET /api/files/{id} streams the file back (Content-Disposition: attachment);
 * - DELETE /api/files/{id}.
 * Only the account that uploaded a file can read or remove it; anyone else gets not-found.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import { filePurposes } from './files.rules';

/** The multipart form's text fields. */
export const fileUploadFieldsSchema = z.object({
  purpose: z.enum(filePurposes, { error: 'files.purposeInvalid' }),
});
export type FileUploadFields = z.infer<typeof fileUploadFieldsSchema>;

/** A stored file as the API shows it. `name` is the sanitised name it downloads under. */
export const storedFileSchema = z.object({
  id: idSchema,
  purpose: z.enum(filePurposes),
  contentType: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int().nonnegative(),
  name: z.string().min(1).max(200),
  createdAt: isoDateTimeSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileUploadResponseSchema = z.object({
  error: z.literal(false),
  file: storedFileSchema,
});
export type FileUploadResponse = z.infer<typeof fileUploadResponseSchema>;

export const fileDeleteResponseSchema = z.object({ error: z.literal(false) });

/** The errorCode values the files endpoints answer with (besides the usual auth/not-found). */
export const fileErrorCodes = [
  'FILE_MISSING',
  'FILE_TOO_MANY',
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_ALLOWED',
  'FILE_HEIC_UNSUPPORTED',
  'FILE_IMAGE_TOO_LARGE',
  'FILE_UNREADABLE',
  'FILES_BUSY',
] as const;
export type FileErrorCode = (typeof fileErrorCodes)[number];
