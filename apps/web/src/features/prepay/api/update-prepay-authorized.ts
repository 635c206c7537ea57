import {
  type AuthorizedUserView,
  type PrepayAuthorizedUpdate,
  prepayAuthorizedResponseSchema,
  prepayAuthorizedUpdateSchema,
} from '@apothecall/domain/prepay/prepay.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { prepayAuthorizedQueryKey } from './get-prepay-authorized';

/** POST /prepay-authorized/{id}: the whole list replaces the old one; answers the new list. */
export async function updatePrepayAuthorized(
  id: string,
  body: PrepayAuthorizedUpdate,
): Promise<AuthorizedUserView[]> {
  const { allowedUsers } = await apiCall(`/prepay-authorized/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: prepayAuthorizedUpdateSchema.parse(body),
    schema: prepayAuthorizedResponseSchema,
  });
  return allowedUsers;
}

type AuthorizedSave = { id: string; body: PrepayAuthorizedUpdate };

/** Replaces a program's authorized users; the cached list becomes the one answered. */
export function useUpdatePrepayAuthorized(
  options?: MutationCallbacks<AuthorizedUserView[], AuthorizedSave>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, body }: AuthorizedSave) => updatePrepayAuthorized(id, body),
    onSuccess: (saved, variables, onMutateResult, context) => {
      queryClient.setQueryData(prepayAuthorizedQueryKey(variables.id), saved);
      return options?.onSuccess?.(saved, variables, onMutateResult, context);
    },
  });
}
