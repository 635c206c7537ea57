import {
  type AppointmentStartBody,
  appointmentStartBodySchema,
  appointmentStartResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { activeVisitsQueryKey } from '../../care/api/get-active-visits';
import { scheduledAppointmentsQueryKey } from './get-scheduled-appointments';

/**
 * POST /appointments-start/{id}: pays (credit first, then the chosen card) inside the window and
 * starts the visit, answered as /visit-start/ answers it (the waiting room and the call follow).
 * The idempotency key makes a retried start one visit and one charge. Errors: 400
 * APPOINTMENT_EXPIRED, APPOINTMENT_NOT_IN_LOCATION, APPOINTMENT_TOO_EARLY, the card errors and
 * PRICE_TOKEN_STALE.
 */
export async function startAppointment(
  id: string,
  body: AppointmentStartBody,
): Promise<PatientVisit> {
  const { visit } = await apiCall(`/appointments-start/${encodeURIComponent(id)}`, {
    method: 'POST',
    body: appointmentStartBodySchema.parse(body),
    schema: appointmentStartResponseSchema,
  });
  return visit;
}

/**
 * What a started appointment changes: its visit joins the cached active visits at once (one
 * with its id replaced), and the active visits and the family's appointments are asked again.
 */
export function useAppointmentStarted(): (visit: PatientVisit) => void {
  const queryClient = useQueryClient();
  return (visit) => {
    queryClient.setQueryData<PatientVisit[]>(activeVisitsQueryKey, (list = []) => [
      ...list.filter((v) => v.visitId !== visit.visitId),
      visit,
    ]);
    void queryClient.invalidateQueries({ queryKey: activeVisitsQueryKey });
    void queryClient.invalidateQueries({ queryKey: scheduledAppointmentsQueryKey });
  };
}
