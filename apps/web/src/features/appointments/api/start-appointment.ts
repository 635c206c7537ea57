import {
  type AppointmentStartBody,
  appointmentStartBodySchema,
  appointmentStartResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { apiCall } from '../../../lib/api-client';

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
