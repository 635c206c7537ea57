import { activeVisitsResponseSchema, type PatientVisit } from '@apothecall/domain/care/visits.api';
import { isActiveVisitState } from '@apothecall/domain/care/visits.rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiCall } from '../../../lib/api-client';
import { type QueryOptions, useCallQuery } from '../../../lib/call-hooks';

export const activeVisitsQueryKey = ['care', 'visits', 'active'] as const;

/** GET /visits/active: the account's waiting and in-progress visits (the truth on reload). */
export async function getActiveVisits(): Promise<PatientVisit[]> {
  const { visits } = await apiCall('/visits/active', { schema: activeVisitsResponseSchema });
  return visits;
}

/** The account's waiting and in-progress visits, as the server has them. */
export function useActiveVisitList(options?: QueryOptions<PatientVisit[]>) {
  return useCallQuery(activeVisitsQueryKey, getActiveVisits, options);
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

/**
 * Whether a push is older than the copy held: both carry a version and the push's is lower.
 * Pushes can arrive late (a reconnect, two API processes); applying such a push would move a
 * visit back (a cancelled visit waiting again), so it is dropped. A push at the same version is
 * applied: the line's updates (place, wait) change no row, so they carry the visit's version.
 */
export function isOlderVisit(held: PatientVisit | undefined, pushed: PatientVisit): boolean {
  return (
    held?.version !== undefined && pushed.version !== undefined && pushed.version < held.version
  );
}

/** A pushed visit moves in the cached list; one in a final state leaves it. Stable. */
export function useApplyActiveVisit() {
  const queryClient = useQueryClient();
  return useCallback(
    (visit: PatientVisit) =>
      queryClient.setQueryData<PatientVisit[]>(activeVisitsQueryKey, (list = []) => {
        const rest = list.filter((v) => v.visitId !== visit.visitId);
        if (!isActiveVisitState(visit.state)) return rest;
        const index = list.findIndex((v) => v.visitId === visit.visitId);
        if (index < 0) return [...list, visit];
        return list.map((v) => (v.visitId === visit.visitId ? visit : v));
      }),
    [queryClient],
  );
}

/** Marks the active visits stale (pushes were lost while the socket was down). Stable. */
export function useRefreshActiveVisits() {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: activeVisitsQueryKey }),
    [queryClient],
  );
}
