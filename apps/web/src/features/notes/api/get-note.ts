import { noteResponseSchema } from '@apothecall/domain/notes/notes.api';
import type { Note } from '@apothecall/domain/notes/notes.schemas';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const noteQueryKey = (id: string) => ['notes', 'note', id] as const;

/** GET /notes/{id}: the whole note with the provider's credential block. */
export async function getNote(id: string): Promise<Note> {
  const { note } = await apiCall(`/notes/${encodeURIComponent(id)}`, {
    schema: noteResponseSchema,
  });
  return note;
}

/** One note, by id. */
export function useNote(id: string, options?: QueryOptions<Note>) {
  return useCallQuery(noteQueryKey(id), () => getNote(id), options);
}
