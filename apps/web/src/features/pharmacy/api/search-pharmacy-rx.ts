import {
  type PharmacyBulkStatusRequest,
  type PharmacyBulkStatusResponse,
  type PharmacyRxSearchRequest,
  type PharmacyRxSearchResponse,
  pharmacyBulkStatusRequestSchema,
  pharmacyBulkStatusResponseSchema,
  pharmacyRxSearchRequestSchema,
  pharmacyRxSearchResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { keepPreviousData } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import {
  type MutationCallbacks,
  useCallMutation,
  useCallQuery,
  useRefresh,
} from '../../../lib/call-hooks';

/** Every query of the dashboard (searches and visits) starts with this: one invalidation. */
export const pharmacyRxQueryKey = ['pharmacy', 'rx'] as const;

export const pharmacyRxSearchQueryKey = (request: PharmacyRxSearchRequest) =>
  [...pharmacyRxQueryKey, 'search', request] as const;

/**
 * POST /pharmacy/rx/search: one tab's page of visits, the counts per status and the new
 * unclaimed ones. A POST, so a patient's name typed in the search never travels in a URL.
 */
export function searchPharmacyRx(
  request: PharmacyRxSearchRequest,
): Promise<PharmacyRxSearchResponse> {
  return apiCall('/pharmacy/rx/search', {
    method: 'POST',
    body: pharmacyRxSearchRequestSchema.parse(request),
    schema: pharmacyRxSearchResponseSchema,
  });
}

/** POST /pharmacy/rx/bulk-status: several visits to one status; per visit, moved or why not. */
export function bulkPharmacyStatus(
  request: PharmacyBulkStatusRequest,
): Promise<PharmacyBulkStatusResponse> {
  return apiCall('/pharmacy/rx/bulk-status', {
    method: 'POST',
    body: pharmacyBulkStatusRequestSchema.parse(request),
    schema: pharmacyBulkStatusResponseSchema,
  });
}

/** One tab's page of the dashboard; the last page stays shown while the next one comes. */
export function usePharmacyRxSearch(request: PharmacyRxSearchRequest) {
  return useCallQuery(pharmacyRxSearchQueryKey(request), () => searchPharmacyRx(request), {
    placeholderData: keepPreviousData,
  });
}

/** Marks every dashboard query stale (a push, back from a visit). */
export function useRefreshPharmacyRx() {
  return useRefresh(pharmacyRxQueryKey);
}

/** Moves several visits to one status; the dashboard is asked again. */
export function useBulkPharmacyStatus(
  options?: MutationCallbacks<PharmacyBulkStatusResponse, PharmacyBulkStatusRequest>,
) {
  return useCallMutation(bulkPharmacyStatus, () => [pharmacyRxQueryKey], options);
}
