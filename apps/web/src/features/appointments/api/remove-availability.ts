import {
  type AvailabilityBlockView,
  availabilityResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { availabilityQueryKey } from './get-availability';

/**
 * DELETE /clinic/availability/{id}: removes a block; answers the remaining blocks. A block with
 * appointments ahead answers 409 AVAILABILITY_HAS_BOOKINGS with the message to show.
 */
export async function removeAvailability(id: string): Promise<AvailabilityBlockView[]> {
  const { blocks } = await apiCall(`/clinic/availability/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: availabilityResponseSchema,
  });
  return blocks;
}

/** Removes a block (by id); the blocks the server answers with are the cached blocks. */
export function useRemoveAvailability(
  options?: MutationCallbacks<AvailabilityBlockView[], string>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: removeAvailability,
    onSuccess: (list, id, onMutateResult, context) => {
      queryClient.setQueryData(availabilityQueryKey, list);
      return options?.onSuccess?.(list, id, onMutateResult, context);
    },
  });
}
