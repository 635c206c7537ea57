import {
  type CustomerInput,
  type CustomerView,
  customerInputSchema,
  customerResponseSchema,
} from '@apothecall/domain/crm/crm.api';
import { apiCall } from '../../../lib/api-client';

/** PUT /pharmacy/crm/customers/:id: the whole record, the tag included. */
export async function updateCrmCustomer(id: string, body: CustomerInput): Promise<CustomerView> {
  const { customer } = await apiCall(`/pharmacy/crm/customers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: customerInputSchema.parse(body),
    schema: customerResponseSchema,
  });
  return customer;
}
