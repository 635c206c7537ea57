import {
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/**
 * The cache glue every feature's `api/` folder uses: a call file exports its fetcher, its key
 * and the hook a screen calls (`useRxVisits()`, `useCancelRxVisit({ onSuccess })`). Which
 * cache entries a change refreshes is decided once, beside the call, not in each screen that
 * makes it. Screens keep what is theirs: the toast, the navigation, the form's reset.
 * `scripts/web-calls.test.mjs` fails `npm test` on a `useQuery`/`useMutation` outside `api/`.
 */

/** What a screen may add to a call's mutation: its callbacks and options, never the call. */
export type MutationCallbacks<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
>;

/** What a screen may add to a call's query: `enabled`, `retry`, `select`-free options. */
export type QueryOptions<TData> = Omit<
  UseQueryOptions<TData, Error, TData>,
  'queryKey' | 'queryFn'
>;

/** A call's query under its key. */
export function useCallQuery<TData>(
  queryKey: QueryKey,
  queryFn: () => Promise<TData>,
  options?: QueryOptions<TData>,
) {
  return useQuery({ ...options, queryKey, queryFn });
}

/**
 * A call's mutation that, once it succeeds, marks the entries it changed stale (not awaited:
 * the screen's own `onSuccess` runs at once, as before) and then runs the screen's callbacks.
 */
export function useCallMutation<TData, TVariables = void>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  invalidates: (data: TData, variables: TVariables) => readonly QueryKey[],
  options?: MutationCallbacks<TData, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (data, variables, onMutateResult, context) => {
      for (const queryKey of invalidates(data, variables)) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return options?.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}

/** A function that marks the entries under a key stale, for a change made outside a call hook. */
export function useRefresh(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey });
}
