import {
  type AppointmentOffersResponse,
  type AppointmentsQuery,
  appointmentOffersResponseSchema,
  appointmentsQuerySchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';

export const appointmentOffersQueryKey = (query: AppointmentsQuery) =>
  ['appointments', 'offers', query.date, query.state, query.pt ?? null] as const;

/**
 * GET /appointmentsGET?date=&state=&pt=: the providers' free slots of one day of the patient's
 * calendar (the x-time-zone header says which zone), for that family member's age and state.
 */
export function getAppointmentOffers(query: AppointmentsQuery): Promise<AppointmentOffersResponse> {
  const parsed = appointmentsQuerySchema.parse(query);
  const params = new URLSearchParams({ date: parsed.date, state: parsed.state });
  if (parsed.pt) params.set('pt', parsed.pt);
  return apiCall(`/appointmentsGET?${params.toString()}`, {
    schema: appointmentOffersResponseSchema,
  });
}
