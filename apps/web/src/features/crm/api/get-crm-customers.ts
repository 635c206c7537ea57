import { type CustomerView, customersResponseSchema } from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const crmCustomersQueryKey = ['crm', 'customers'] as const;

/** GET /pharmacy/crm/customers: the pharmacy's customers, by name. */
export async function getCrmCustomers(): Promise<CustomerView[]> {
  const { customers } = await apiCall('/pharmacy/crm/customers', {
    schema: customersResponseSchema,
  });
  return customers;
}

/** Every customer of the pharmacy. */
export function useCrmCustomers(options?: QueryOptions<CustomerView[]>) {
  return useCallQuery(crmCustomersQueryKey, getCrmCustomers, options);
}
