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

/** POST /pharmacy/crm/customers { name, email?, phone?, patientAccountId?, notes?, tag }. */
export async function createCrmCustomer(body: CustomerInput): Promise<CustomerView> {
  const { customer } = await apiCall('/pharmacy/crm/customers', {
    method: 'POST',
    body: customerInputSchema.parse(body),
    schema: customerResponseSchema,
  });
  return customer;
}

/** Adds a customer and refreshes the customers and the tasks (they show customers' names). */
export function useCreateCrmCustomer(options?: MutationCallbacks<CustomerView, CustomerInput>) {
  return useCallMutation(
    createCrmCustomer,
    () => [crmCustomersQueryKey, crmTasksQueryKey],
    options,
  );
}
