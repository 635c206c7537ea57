import {
  type AdminVisitsList,
  type AdminVisitsListResponse,
  adminVisitsListResponseSchema,
} from '@apothecall/domain/backoffice/visits.api';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallMutation,
  useCallQuery,
} from '../../../lib/call-hooks';

export const adminVisitsQueryKey = ['admin', 'visits'] as const;

/** POST /admin/visits/list: visits by kind and status, stuck first (admin, support). */
export async function listAdminVisits(
  filter: AdminVisitsList,
): Promise<Omit<AdminVisitsListResponse, 'error'>> {
  const { visits, page, more } = await apiCall('/admin/visits/list', {
    method: 'POST',
    body: filter,
    schema: adminVisitsListResponseSchema,
  });
  return { visits, page, more };
}

/** POST /admin/visits/:id/cancel or /reassign with the note the patient reads. */
export async function actOnVisit(
  id: string,
  action: 'cancel' | 'reassign',
  note: string,
): Promise<void> {
  await apiCall(`/admin/visits/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: { note },
    schema: z.object({ error: z.literal(false) }).loose(),
  });
}

/** The visits a filter asks for. */
export function useAdminVisits(
  filter: AdminVisitsList,
  options?: QueryOptions<Omit<AdminVisitsListResponse, 'error'>>,
) {
  return useCallQuery([...adminVisitsQueryKey, filter], () => listAdminVisits(filter), options);
}

/** What an action on a visit is given: the visit (its row), the action and the note. */
export interface VisitActionInput {
  visit: { id: string };
  action: 'cancel' | 'reassign';
  note: string;
}

/** Cancels or reassigns a visit and marks the visits stale. */
export function useActOnVisit<TInput extends VisitActionInput>(
  options?: MutationCallbacks<void, TInput>,
) {
  return useCallMutation(
    (input: TInput) => actOnVisit(input.visit.id, input.action, input.note),
    () => [adminVisitsQueryKey],
    options,
  );
}
