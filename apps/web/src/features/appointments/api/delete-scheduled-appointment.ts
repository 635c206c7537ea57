import {
  type ScheduledAppointmentsResponse,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';

/** DELETE /appointments-scheduled/{id}: deletes the appointment; answers the remaining ones. */
export function deleteScheduledAppointment(id: string): Promise<ScheduledAppointmentsResponse> {
  return apiCall(`/appointments-scheduled/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: scheduledAppointmentsResponseSchema,
  });
}
