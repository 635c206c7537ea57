import {
  type AvailabilityBlockInput,
  type AvailabilityBlockView,
  availabilityBlockInputSchema,
  availabilityBlockResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { availabilityQueryKey } from './get-availability';

/** POST /clinic/availability: publishes a weekly or one-date block; answers the block. */
export async function addAvailability(
  input: AvailabilityBlockInput,
): Promise<AvailabilityBlockView> {
  const { block } = await apiCall('/clinic/availability', {
    method: 'POST',
    body: availabilityBlockInputSchema.parse(input),
    schema: availabilityBlockResponseSchema,
  });
  return block;
}

/**
 * Publishes a block: it joins the cached blocks at once (replacing one with its id), and the
 * blocks are asked again. The screen's own `onSuccess` runs after.
 */
export function useAddAvailability(
  options?: MutationCallbacks<AvailabilityBlockView, AvailabilityBlockInput>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addAvailability,
    onSuccess: (block, input, onMutateResult, context) => {
      queryClient.setQueryData<AvailabilityBlockView[]>(availabilityQueryKey, (list = []) => [
        ...list.filter((b) => b.id !== block.id),
        block,
      ]);
      void queryClient.invalidateQueries({ queryKey: availabilityQueryKey });
      return options?.onSuccess?.(block, input, onMutateResult, context);
    },
  });
}
