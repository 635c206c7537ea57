import {
  type AppointmentCreatedResponse,
  appointmentCreatedResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { bookAppointmentRequestSchema } from '@apothecall/domain/appointments/appointments.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { type MutationCallbacks, useCallMutation } from '../../../lib/call-hooks';
import { appointmentOffersRootKey } from './get-appointment-offers';
import { scheduledAppointmentsQueryKey } from './get-scheduled-appointments';

export type BookAppointmentInput = z.input<typeof bookAppointmentRequestSchema>;

/**
 * POST /appointments: books one slot. Of two patients booking the same slot, one wins; the
 * other gets 409 APPOINTMENT_TAKEN (the message says to choose another time).
 */
export function bookAppointment(body: BookAppointmentInput): Promise<AppointmentCreatedResponse> {
  return apiCall('/appointments', {
    method: 'POST',
    body: bookAppointmentRequestSchema.parse(body),
    schema: appointmentCreatedResponseSchema,
  });
}

/** Books a slot and refreshes the patient's appointments and every day's offers. */
export function useBookAppointment(
  options?: MutationCallbacks<AppointmentCreatedResponse, BookAppointmentInput>,
) {
  return useCallMutation(
    bookAppointment,
    () => [scheduledAppointmentsQueryKey, appointmentOffersRootKey],
    options,
  );
}
