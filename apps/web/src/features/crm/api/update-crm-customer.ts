import {
  type CustomerInput,
  type CustomerView,
  customerInputSchema,
  customerResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { crmCustomersQueryKey } from './get-crm-customers';
import { crmTasksQueryKey } from './get-crm-tasks';

/** PUT /pharmacy/crm/customers/:id: the whole record, the tag included. */
export async function updateCrmCustomer(id: string, body: CustomerInput): Promise<CustomerView> {
  const { customer } = await apiCall(`/pharmacy/crm/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: customerInputSchema.parse(body),
    schema: customerResponseSchema,
  });
  return customer;
}

export interface CrmCustomerUpdate {
  id: string;
  body: CustomerInput;
}

/** Saves a customer's record and refreshes the customers and the tasks (they show its name). */
export function useUpdateCrmCustomer(options?: MutationCallbacks<CustomerView, CrmCustomerUpdate>) {
  return useCallMutation(
    ({ id, body }: CrmCustomerUpdate) => updateCrmCustomer(id, body),
    () => [crmCustomersQueryKey, crmTasksQueryKey],
    options,
  );
}
