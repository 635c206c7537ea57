import {
  type NotesPageRequest,
  type NotesPageResponse,
  notesPageResponseSchema,
} from '@apothecall/domain/notes/notes.api';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const notesPageQueryKey = (personId: string) => ['notes', 'pages', personId] as const;

export const recentNotesQueryKey = (personId: string) => ['notes', 'recent', personId] as const;

type NotesPage = Pick<NotesPageResponse, 'notes' | 'nextEndDate'>;

/**
 * POST /full-notes: one page of a person's notes between two days, newest first; the next page
 * ends on `nextEndDate` (null when there are no older notes in the range).
 */
export async function getNotesPage(request: NotesPageRequest): Promise<NotesPage> {
  const { notes, nextEndDate } = await apiCall('/full-notes', {
    method: 'POST',
    body: request,
    schema: notesPageResponseSchema,
  });
  return { notes, nextEndDate };
}

/** The first page of a person's notes, for Home's latest few (`request.uid` is the person). */
export function useRecentNotes(request: NotesPageRequest, options?: QueryOptions<NotesPage>) {
  return useCallQuery(recentNotesQueryKey(request.uid), () => getNotesPage(request), options);
}

/**
 * A person's notes page by page, running back from `firstEndDate`: each next page ends where
 * the last one says (`nextEndDate`); asked again whenever the list is shown.
 */
export function useNotesPages(personId: string, startDate: string, firstEndDate: string) {
  return useInfiniteQuery({
    queryKey: notesPageQueryKey(personId),
    queryFn: ({ pageParam }) => getNotesPage({ uid: personId, startDate, endDate: pageParam }),
    initialPageParam: firstEndDate,
    getNextPageParam: (last) => last.nextEndDate ?? undefined,
    staleTime: 0,
  });
}
