import {
  type PrepayProgramView,
  prepayProgramResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../../lib/call-hooks';
import { prepayListQueryKey } from './get-prepay-list';

export const prepayProgramQueryKey = (id: string) => ['prepay', 'program', id] as const;

/** GET /prepay-program/{id}: one program, its settings, balance and code. */
export async function getPrepayProgram(id: string): Promise<PrepayProgramView> {
  const { program } = await apiCall(`/prepay-program/${encodeURIComponent(id)}`, {
    schema: prepayProgramResponseSchema,
  });
  return program;
}

/** One program. */
export function usePrepayProgram(id: string, options?: QueryOptions<PrepayProgramView>) {
  return useCallQuery(prepayProgramQueryKey(id), () => getPrepayProgram(id), options);
}

/**
 * A change whose answer is the program (settings, purchase, added funds): the program is put in
 * the cache at once, the list (and `alsoStale`'s entries) marked stale, then the screen's own
 * callbacks run.
 */
export function useProgramMutation<TVariables>(
  mutationFn: (variables: TVariables) => Promise<PrepayProgramView>,
  options?: MutationCallbacks<PrepayProgramView, TVariables>,
  alsoStale: (program: PrepayProgramView) => readonly QueryKey[] = () => [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (program, variables, onMutateResult, context) => {
      queryClient.setQueryData(prepayProgramQueryKey(program.id), program);
      void queryClient.invalidateQueries({ queryKey: prepayListQueryKey });
      for (const queryKey of alsoStale(program)) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return options?.onSuccess?.(program, variables, onMutateResult, context);
    },
  });
}
