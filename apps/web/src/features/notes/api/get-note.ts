import { noteResponseSchema } from '@apothecall/domain/notes/notes.api';
import type { Note } from '@apothecall/domain/notes/notes.schemas';
import { apiCall } from '../../../lib/api-client';

export const noteQueryKey = (id: string) => ['notes', 'note', id] as const;

/** GET /notes/{id}: the whole note with the provider's credential block. */
export async function getNote(id: string): Promise<Note> {
  const { note } = await apiCall(`/notes/${encodeURIComponent(id)}`, {
    schema: noteResponseSchema,
  });
  return note;
}
