import {
  type AccessTokenView,
  prepayTokensResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const prepayTokensQueryKey = (id: string) => ['prepay', 'tokens', id] as const;

/** GET /prepay-nonce-list/{id}: the program's access tokens. */
export async function getPrepayTokens(id: string): Promise<AccessTokenView[]> {
  const { tokens } = await apiCall(`/prepay-nonce-list/${encodeURIComponent(id)}`, {
    schema: prepayTokensResponseSchema,
  });
  return tokens;
}

/** A program's access tokens. */
export function usePrepayTokens(programId: string, options?: QueryOptions<AccessTokenView[]>) {
  return useCallQuery(prepayTokensQueryKey(programId), () => getPrepayTokens(programId), options);
}

/** The token list with one token new or changed: replaced where its code is, else first. */
export function withToken(
  list: readonly AccessTokenView[] | undefined,
  token: AccessTokenView,
): AccessTokenView[] {
  const tokens = list ?? [];
  return tokens.some((other) => other.code === token.code)
    ? tokens.map((other) => (other.code === token.code ? token : other))
    : [token, ...tokens];
}

/**
 * A change to one token of a program (add, send, edit): the program's list shows the token as
 * the server answered it, then the screen's own callbacks run.
 */
export function useTokenMutation<TVariables extends { programId: string }>(
  mutationFn: (variables: TVariables) => Promise<AccessTokenView>,
  options?: MutationCallbacks<AccessTokenView, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (token, variables, onMutateResult, context) => {
      queryClient.setQueryData(
        prepayTokensQueryKey(variables.programId),
        (list?: AccessTokenView[]) => withToken(list, token),
      );
      return options?.onSuccess?.(token, variables, onMutateResult, context);
    },
  });
}
