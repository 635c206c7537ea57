import {
  type ScheduledAppointmentsResponse,
  scheduledAppointmentsResponseSchema,
} from '@apothecall/domain/appointments/appointments.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/call-hooks';
import { appointmentOffersRootKey } from './get-appointment-offers';
import { scheduledAppointmentsQueryKey } from './get-scheduled-appointments';

/** DELETE /appointments-scheduled/{id}: deletes the appointment; answers the remaining ones. */
export function deleteScheduledAppointment(id: string): Promise<ScheduledAppointmentsResponse> {
  return apiCall(`/appointments-scheduled/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: scheduledAppointmentsResponseSchema,
  });
}

/**
 * Deletes an appointment (by id): the appointments the server answers with are the cached ones,
 * and every day's offers are refreshed (the time is free again).
 */
export function useDeleteScheduledAppointment(
  options?: MutationCallbacks<ScheduledAppointmentsResponse, string>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: deleteScheduledAppointment,
    onSuccess: (answer, id, onMutateResult, context) => {
      queryClient.setQueryData(scheduledAppointmentsQueryKey, answer);
      void queryClient.invalidateQueries({ queryKey: appointmentOffersRootKey });
      return options?.onSuccess?.(answer, id, onMutateResult, context);
    },
  });
}
