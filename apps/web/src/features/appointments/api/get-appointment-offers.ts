import {
  type AppointmentOffersResponse,
  type AppointmentsQuery,
  appointmentOffersResponseSchema,
  appointmentsQuerySchema,
} from '@apothecall/domain/appointments/appointments.api';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery, useRefresh } from '../../../lib/call-hooks';

/** Every day's offers: a booking or a freed time refreshes them all. */
export const appointmentOffersRootKey = ['appointments', 'offers'] as const;

export const appointmentOffersQueryKey = (query: AppointmentsQuery) =>
  [...appointmentOffersRootKey, query.date, query.state, query.pt ?? null] as const;

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

/** The slots offered on a day in a state (for a patient). */
export function useAppointmentOffers(
  query: AppointmentsQuery,
  options?: QueryOptions<AppointmentOffersResponse>,
) {
  return useCallQuery(appointmentOffersQueryKey(query), () => getAppointmentOffers(query), options);
}

/** Marks every day's offers stale (a slot someone else booked first). */
export function useRefreshAppointmentOffers() {
  return useRefresh(appointmentOffersRootKey);
}
