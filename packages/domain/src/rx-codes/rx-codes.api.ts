/**
 * External visit codes (spec section 7, "Rx visit endpoints: ... external visit codes"):
 * the pharmacy's own reference for an Rx visit it claimed (its pharmacy-management
 * system's Rx number, say). Letters, digits and dashes, 1 to 40 characters; unique within the
 * pharmacy, ignoring case ('RX-100' and 'rx-100' are the same code); editable and clearable.
 * Only the pharmacy that set it reads it; anyone else's visit answers 404.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

export const maxExternalCode = 40;

const key = (k: MessageKey) => ({ error: k });

/** One code: trimmed; letters, digits and dashes only. */
export const externalCodeSchema = z
  .string(key('rxCodes.field.code'))
  .trim()
  .min(1, key('rxCodes.field.code'))
  .max(maxExternalCode, key('rxCodes.field.code'))
  .regex(/^[A-Za-z0-9-]+$/, key('rxCodes.field.code'));

/** The form of a code its uniqueness is checked on (case ignored). */
export function codeKey(code: string): string {
  return code.trim().toUpperCase();
}

/** PUT /pharmacy/rx/{id}/code: the new code, or null (or '') to clear it. */
export const externalCodeInputSchema = z.object({
  code: z
    .string(key('rxCodes.field.code'))
    .trim()
    .max(maxExternalCode, key('rxCodes.field.code'))
    .regex(/^[A-Za-z0-9-]*$/, key('rxCodes.field.code'))
    .nullable()
    .default(null)
    .transform((code) => (code === '' ? null : code)),
});
export type ExternalCodeInput = z.input<typeof externalCodeInputSchema>;

export const externalCodeViewSchema = z.object({
  visitId: idSchema,
  code: z.string().nullable(),
  /** When it was last set or cleared; null: never. */
  updatedAt: isoDateTimeSchema.nullable(),
});
export type ExternalCodeView = z.infer<typeof externalCodeViewSchema>;

export const externalCodeResponseSchema = z.object({
  error: z.literal(false),
  code: externalCodeViewSchema,
});

/** POST /pharmacy/rx-codes/find: a code (in the body: it names a patient's prescription). */
export const externalCodeFindRequestSchema = z.object({ code: externalCodeSchema });

export const externalCodeFindResponseSchema = z.object({
  error: z.literal(false),
  visitId: idSchema,
  code: z.string(),
});
