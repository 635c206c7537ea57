import {
  type PrepayAddFundsRequest,
  type PrepayProgramView,
  prepayAddFundsRequestSchema,
  prepayProgramResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProgramMutation } from './get-prepay-program';
import { prepayTransactionsQueryKey } from './get-prepay-transactions';

/** POST /prepay-add-funds: more visits for a program, charged to the chosen card. */
export async function addPrepayFunds(body: PrepayAddFundsRequest): Promise<PrepayProgramView> {
  const { program } = await apiCall('/prepay-add-funds', {
    method: 'POST',
    body: prepayAddFundsRequestSchema.parse(body),
    schema: prepayProgramResponseSchema,
  });
  return program;
}

/** Adds visits to a program, keeps the program and marks its transactions stale. */
export function useAddPrepayFunds(
  options?: MutationCallbacks<PrepayProgramView, PrepayAddFundsRequest>,
) {
  return useProgramMutation(addPrepayFunds, options, (program) => [
    prepayTransactionsQueryKey(program.id),
  ]);
}
