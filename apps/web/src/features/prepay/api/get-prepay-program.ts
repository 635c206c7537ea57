import {
  type PrepayProgramView,
  prepayProgramResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

export const prepayProgramQueryKey = (id: string) => ['prepay', 'program', id] as const;

/** GET /prepay-program/{id}: one program, its settings, balance and code. */
export async function getPrepayProgram(id: string): Promise<PrepayProgramView> {
  const { program } = await apiCall(`/prepay-program/${encodeURIComponent(id)}`, {
    schema: prepayProgramResponseSchema,
  });
  return program;
}
