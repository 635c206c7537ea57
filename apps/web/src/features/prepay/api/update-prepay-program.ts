import {
  type PrepayProgramSettings,
  type PrepayProgramView,
  prepayProgramResponseSchema,
  prepayProgramSettingsSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';

/** POST /prepay-program/{id}: every setting of the program at once; answers the program. */
export async function updatePrepayProgram(
  id: string,
  settings: PrepayProgramSettings,
): Promise<PrepayProgramView> {
  const { program } = await apiCall(`/prepay-program/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: prepayProgramSettingsSchema.parse(settings),
    schema: prepayProgramResponseSchema,
  });
  return program;
}
