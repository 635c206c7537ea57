import {
  type PharmacyAddFundsRequest,
  type PharmacyStatement,
  pharmacyAddFundsRequestSchema,
  pharmacyStatementResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { apiCall } from '../../../lib/api-client';

export const pharmacyStatementQueryKey = ['pharmacy', 'statement'] as const;

/** GET /pharmacy/statement: the fee account's balance and movements, newest first (admin). */
export async function getPharmacyStatement(): Promise<PharmacyStatement> {
  const { error: _, ...statement } = await apiCall('/pharmacy/statement', {
    schema: pharmacyStatementResponseSchema,
  });
  return statement;
}

/** POST /pharmacy/funds: adds whole dollars by the admin's card, once per key (admin). */
export async function addPharmacyFunds(body: PharmacyAddFundsRequest): Promise<PharmacyStatement> {
  const { error: _, ...statement } = await apiCall('/pharmacy/funds', {
    method: 'POST',
    body: pharmacyAddFundsRequestSchema.parse(body),
    schema: pharmacyStatementResponseSchema,
  });
  return statement;
}
