import {
  type DocumentsResponse,
  documentsResponseSchema,
} from '@apothecall/domain/documents/documents.schemas';
import { apiCall } from '../../../lib/api-client';

/**
 * The family's documents of one month. `'current'` is the month the server calls this one (the
 * first list, and what a brief login prefetches); a YYYY-MM month is read with
 * /get-patient-docs-date. Every documents list shares the ['documents'] prefix, so one
 * invalidation after an upload or a removal reaches them all.
 */
export const documentsQueryKey = (month: string | 'current') =>
  ['documents', 'month', month] as const;

/** POST /get-patient-docs: the family's documents of the current month. */
export function getPatientDocs(): Promise<DocumentsResponse> {
  return apiCall('/get-patient-docs', {
    method: 'POST',
    body: {},
    schema: documentsResponseSchema,
  });
}
