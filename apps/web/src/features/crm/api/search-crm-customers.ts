import {
  type CrmCustomersSearchRequest,
  type CrmCustomersSearchResponse,
  crmCustomersSearchRequestSchema,
  crmCustomersSearchResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { crmCustomersQueryKey } from './get-crm-customers';

/** Under the customers' key: adding or changing a customer refreshes the searched pages too. */
export const crmCustomersSearchQueryKey = (request: CrmCustomersSearchRequest) =>
  [...crmCustomersQueryKey, 'search', request] as const;

/**
 * POST /pharmacy/crm/customers/search: one page of the customers matching the search and the tag,
 * by name, with the total. A POST, so a name typed in the search never
 * travels in a URL.
 */
export function searchCrmCustomers(
  request: CrmCustomersSearchRequest,
): Promise<CrmCustomersSearchResponse> {
  return apiCall('/pharmacy/crm/customers/search', {
    method: 'POST',
    body: crmCustomersSearchRequestSchema.parse(request),
    schema: crmCustomersSearchResponseSchema,
  });
}
