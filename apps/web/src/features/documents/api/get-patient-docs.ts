import {
  type DocumentsResponse,
  documentsResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { getPatientDocsOfMonth } from './get-patient-docs-date';

/**
 * The family's documents of one month. `'current'` is the month the server calls this one (the
 * first list, and what a brief login prefetches); a YYYY-MM month is read with
 * /get-patient-docs-date. Every documents list shares the ['documents'] prefix, so one
 * invalidation after an upload or a removal reaches them all.
 */
/** Every documents query starts with this: a change refreshes the lists, the month's filings too. */
export const documentsRootQueryKey = ['documents'] as const;

export const documentsQueryKey = (month: string | 'current') =>
  [...documentsRootQueryKey, 'month', month] as const;

/** POST /get-patient-docs: the family's documents of the current month. */
export function getPatientDocs(): Promise<DocumentsResponse> {
  return apiCall('/get-patient-docs', {
    method: 'POST',
    body: {},
    schema: documentsResponseSchema,
  });
}

/** One month's documents: `null` is the current month as the server counts it. */
export function useMonthDocuments(month: string | null, options?: QueryOptions<DocumentsResponse>) {
  return useCallQuery(
    documentsQueryKey(month ?? 'current'),
    () => (month ? getPatientDocsOfMonth(month) : getPatientDocs()),
    options,
  );
}

/** Puts the current month's documents into the cache once, when mounted. */
export function usePrefetchPatientDocs() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery({
      queryKey: documentsQueryKey('current'),
      queryFn: getPatientDocs,
    });
  }, [queryClient]);
}
