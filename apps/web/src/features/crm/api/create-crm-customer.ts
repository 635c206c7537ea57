import {
  type CustomerInput,
  type CustomerView,
  customerInputSchema,
  customerResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

/** POST /pharmacy/crm/customers { name, email?, phone?, patientAccountId?, notes?, tag }. */
export async function createCrmCustomer(body: CustomerInput): Promise<CustomerView> {
  const { customer } = await apiCall('/pharmacy/crm/customers', {
    method: 'POST',
    body: customerInputSchema.parse(body),
    schema: customerResponseSchema,
  });
  return customer;
}
