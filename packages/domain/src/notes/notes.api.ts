import { z } from 'zod';
import { idSchema, isoDateSchema } from '../common/common.schemas';
import { noteSchema } from './notes.schemas';

/** POST /notes: the notes of one person. */
export const notesRequestSchema = z.object({ uid: idSchema });
export type NotesRequest = z.input<typeof notesRequestSchema>;

/** POST /full-notes: one page of notes between two days (inclusive); start must not be after end. */
export const notesPageRequestSchema = z
  .object({
    uid: idSchema,
    startDate: isoDateSchema,
    endDate: isoDateSchema,
  })
  .refine((r) => r.startDate <= r.endDate, {
    message: 'startDate must not be after endDate',
    path: ['endDate'],
  });
export type NotesPageRequest = z.input<typeof notesPageRequestSchema>;
export type NotesPageInput = z.output<typeof notesPageRequestSchema>;

/** A note in the list (no body: the list is a summary; /notes/{id} has the whole note). */
export const noteSummarySchema = noteSchema.pick({
  id: true,
  date: true,
  time: true,
  provider: true,
  subject: true,
  ptId: true,
});
export type NoteSummary = z.infer<typeof noteSummarySchema>;

/**
 * POST /full-notes answers one page: notes between startDate and endDate (days of the
 * requester's calendar, X-Time-Zone), newest first, at most `notesPageSize`; `nextEndDate` is
 * the day before the oldest note shown when there are more in the range (spec section 9: the
 * end date follows the last note), else null. The next page is the same request with
 * `endDate: nextEndDate`. A page holds whole days, so paging never skips a note; only a single
 * day with more notes than a page is answered whole (that page is longer).
 */
export const notesPageResponseSchema = z.object({
  error: z.literal(false),
  notes: z.array(noteSummarySchema),
  nextEndDate: z.string().nullable(),
});
export type NotesPageResponse = z.infer<typeof notesPageResponseSchema>;

/** POST /notes: all notes of one person, newest first. */
export const notesResponseSchema = z.object({
  error: z.literal(false),
  notes: z.array(noteSummarySchema),
});

/** GET /notes/{id} (+ /notes/{id}/pdf for the PDF). */
export const noteResponseSchema = z.object({ error: z.literal(false), note: noteSchema });
export type NoteResponse = z.infer<typeof noteResponseSchema>;

export const notesPageSize = 20;
