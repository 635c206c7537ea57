import {
  type ScheduledAppointmentsResponse,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

export const scheduledAppointmentsQueryKey = ['appointments', 'scheduled'] as const;

/** GET /appointments-scheduled: the account's booked appointments and the payment window. */
export function getScheduledAppointments(): Promise<ScheduledAppointmentsResponse> {
  return apiCall('/appointments-scheduled', { schema: scheduledAppointmentsResponseSchema });
}

/** The family's scheduled appointments. */
export function useScheduledAppointments(options?: QueryOptions<ScheduledAppointmentsResponse>) {
  return useCallQuery(scheduledAppointmentsQueryKey, getScheduledAppointments, options);
}

/** Marks the family's appointments stale (a start refused because the appointment changed). */
export function useRefreshScheduledAppointments() {
  return useRefresh(scheduledAppointmentsQueryKey);
}
