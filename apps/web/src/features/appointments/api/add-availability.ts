import {
  type AvailabilityBlockInput,
  type AvailabilityBlockView,
  availabilityBlockInputSchema,
  availabilityBlockResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';

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
