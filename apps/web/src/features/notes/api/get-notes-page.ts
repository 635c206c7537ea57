import {
  type NotesPageRequest,
  type NotesPageResponse,
  notesPageResponseSchema,
} from '@apothecall/domain/notes/notes.api';
import { apiCall } from '../../../lib/api-client';

export const notesPageQueryKey = (personId: string) => ['notes', 'pages', personId] as const;

/**
 * POST /full-notes: one page of a person's notes between two days, newest first; the next page
 * ends on `nextEndDate` (null when there are no older notes in the range).
 */
export async function getNotesPage(
  request: NotesPageRequest,
): Promise<Pick<NotesPageResponse, 'notes' | 'nextEndDate'>> {
  const { notes, nextEndDate } = await apiCall('/full-notes', {
    method: 'POST',
    body: request,
    schema: notesPageResponseSchema,
  });
  return { notes, nextEndDate };
}
