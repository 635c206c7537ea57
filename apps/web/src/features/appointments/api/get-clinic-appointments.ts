import {
  type ScheduledAppointmentsResponse,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const clinicAppointmentsQueryKey = ['appointments', 'clinic'] as const;

/** GET /clinic/appointments: the provider's booked appointments ahead (and today's started). */
export function getClinicAppointments(): Promise<ScheduledAppointmentsResponse> {
  return apiCall('/clinic/appointments', { schema: scheduledAppointmentsResponseSchema });
}

/** The provider's upcoming appointments. */
export function useClinicAppointments(options?: QueryOptions<ScheduledAppointmentsResponse>) {
  return useCallQuery(clinicAppointmentsQueryKey, getClinicAppointments, options);
}
