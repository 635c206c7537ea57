/**
 * The back office's visits area: every visit by kind and status, stuck ones first,
 * under /api/admin/visits. Filters travel in a POST body (never in a URL). One contract for
 * server and web; every field's message names its field.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { adminVisitKinds, stuckReasons } from './stuck-visits.rules';

const key = (k: MessageKey) => ({ error: k });

/** Visits per page of the list. */
export const adminVisitsPageSize = 50;

/** POST /admin/visits/list. */
export const adminVisitsListSchema = z.object({
  kind: z.enum(adminVisitKinds, key('backoffice.visits.field.kind')).optional(),
  status: z
    .string(key('backoffice.visits.field.status'))
    .trim()
    .regex(/^[A-Za-z-]{2,40}$/, key('backoffice.visits.field.status'))
    .optional(),
  page: z
    .number(key('backoffice.visits.field.page'))
    .int(key('backoffice.visits.field.page'))
    .min(1, key('backoffice.visits.field.page'))
    .max(1000, key('backoffice.visits.field.page'))
    .default(1),
});
export type AdminVisitsList = z.input<typeof adminVisitsListSchema>;

export const adminVisitRowSchema = z.object({
  id: idSchema,
  /** The 8-character reference the patient sees. */
  ref: z.string(),
  kind: z.enum(adminVisitKinds),
  status: z.string(),
  patientName: z.string(),
  state: z.string(),
  /** The provider or prescriber who claimed it, if any. */
  provider: z.string().nullable(),
  /** The pharmacy the prescription goes to, if any. */
  pharmacy: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** Minutes since the last change of status (or since created). */
  ageMinutes: z.number().int().nonnegative(),
  stuck: z.enum(stuckReasons).nullable(),
  /** Whether the visit is final (no cancel). */
  final: z.boolean(),
  /**
   * Whether the operator may cancel it: a video visit waiting or in progress; an Rx visit by
   * backoffice/rx-cancel.rules (not once a pharmacy claimed or works on the prescription).
   */
  cancellable: z.boolean(),
});
export type AdminVisitRow = z.infer<typeof adminVisitRowSchema>;

export const adminVisitsListResponseSchema = z.object({
  error: z.literal(false),
  visits: z.array(adminVisitRowSchema),
  page: z.number().int(),
  more: z.boolean(),
});
export type AdminVisitsListResponse = z.infer<typeof adminVisitsListResponseSchema>;

/** POST /admin/visits/:id/cancel and /reassign: the note the patient reads. */
export const adminVisitNoteSchema = z.object({
  note: z
    .string(key('backoffice.visits.field.note'))
    .trim()
    .min(3, key('backoffice.visits.field.note'))
    .max(500, key('backoffice.visits.field.note')),
});
export type AdminVisitNote = z.input<typeof adminVisitNoteSchema>;
