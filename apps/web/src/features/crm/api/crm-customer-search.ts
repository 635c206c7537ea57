import type {
  CrmCustomersSearchRequest,
  CrmCustomersSearchResponse,
} from '@apothecall/domain/crm/crm.api';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { crmCustomersSearchQueryKey, searchCrmCustomers } from './search-crm-customers';

// The hook of POST /pharmacy/crm/customers/search. The call stays alone in
// search-crm-customers.ts, so a component test can replace it and keep this.

/** One page of the customers a search (and a tag) finds. */
export function useCrmCustomersSearch(
  request: CrmCustomersSearchRequest,
  options?: QueryOptions<CrmCustomersSearchResponse>,
) {
  return useCallQuery(
    crmCustomersSearchQueryKey(request),
    () => searchCrmCustomers(request),
    options,
  );
}
