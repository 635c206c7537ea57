import {
  type AvailabilityBlockView,
  availabilityResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';

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
