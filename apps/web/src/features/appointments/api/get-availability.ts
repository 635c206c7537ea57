import {
  type AvailabilityBlockView,
  availabilityResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export type { AvailabilityBlockView };

export const availabilityQueryKey = ['appointments', 'availability'] as const;

/** GET /clinic/availability: the provider's published blocks, with their booked counts. */
export async function getAvailability(): Promise<AvailabilityBlockView[]> {
  const { blocks } = await apiCall('/clinic/availability', { schema: availabilityResponseSchema });
  return blocks;
}

/** The provider's availability blocks. */
export function useAvailability(options?: QueryOptions<AvailabilityBlockView[]>) {
  return useCallQuery(availabilityQueryKey, getAvailability, options);
}
