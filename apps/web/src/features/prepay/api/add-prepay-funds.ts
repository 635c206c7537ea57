import {
  type PrepayAddFundsRequest,
  type PrepayProgramView,
  prepayAddFundsRequestSchema,
  prepayProgramResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

/** POST /prepay-add-funds: more visits for a program, charged to the chosen card. */
export async function addPrepayFunds(body: PrepayAddFundsRequest): Promise<PrepayProgramView> {
  const { program } = await apiCall('/prepay-add-funds', {
    method: 'POST',
    body: prepayAddFundsRequestSchema.parse(body),
    schema: prepayProgramResponseSchema,
  });
  return program;
}
