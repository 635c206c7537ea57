import {
  type PrepayProgramSettings,
  type PrepayProgramView,
  prepayProgramResponseSchema,
  prepayProgramSettingsSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { useProgramMutation } from './get-prepay-program';

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

/** Saves a program's settings and keeps the program answered. */
export function useUpdatePrepayProgram(
  options?: MutationCallbacks<PrepayProgramView, { id: string; settings: PrepayProgramSettings }>,
) {
  return useProgramMutation(
    ({ id, settings }: { id: string; settings: PrepayProgramSettings }) =>
      updatePrepayProgram(id, settings),
    options,
  );
}
