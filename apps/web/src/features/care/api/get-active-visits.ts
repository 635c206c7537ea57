import { activeVisitsResponseSchema, type PatientVisit } from '@apothecall/domain/care/visits.api';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';

export const activeVisitsQueryKey = ['care', 'visits', 'active'] as const;

/** GET /visits/active: the account's waiting and in-progress visits (the truth on reload). */
export async function getActiveVisits(): Promise<PatientVisit[]> {
  const { visits } = await apiCall('/visits/active', { schema: activeVisitsResponseSchema });
  return visits;
}

/** The account's waiting and in-progress visits, as the server has them. */
export function useActiveVisitList() {
  return useCallQuery(activeVisitsQueryKey, getActiveVisits);
}

/** Puts a visit just started among the active ones (replacing an older copy of it). */
export function useAddActiveVisit() {
  const queryClient = useQueryClient();
  return (visit: PatientVisit) =>
    queryClient.setQueryData<PatientVisit[]>(activeVisitsQueryKey, (list = []) => [
      ...list.filter((v) => v.visitId !== visit.visitId),
      visit,
    ]);
}
