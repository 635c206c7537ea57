import {
  type AppointmentCreatedResponse,
  appointmentCreatedResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { bookAppointmentRequestSchema } from '@apothecall/domain/appointments/appointments.schemas';
import type { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

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
