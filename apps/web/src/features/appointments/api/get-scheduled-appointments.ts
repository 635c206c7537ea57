import {
  type ScheduledAppointmentsResponse,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';

export const scheduledAppointmentsQueryKey = ['appointments', 'scheduled'] as const;

/** GET /appointments-scheduled: the account's booked appointments and the payment window. */
export function getScheduledAppointments(): Promise<ScheduledAppointmentsResponse> {
  return apiCall('/appointments-scheduled', { schema: scheduledAppointmentsResponseSchema });
}
