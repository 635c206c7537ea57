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
import { apiCall } from '../../../lib/api-client';

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
