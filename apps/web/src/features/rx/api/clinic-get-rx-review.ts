import type { RxReview, RxVisitView } from '@apothecall/domain/rx/rx-visits.api';
import { rxReviewResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallQuery,
  useRefresh,
} from '../../../lib/call-hooks';
import { clinicRxQueueQueryKey } from './clinic-get-rx-queue';

export const clinicRxReviewQueryKey = (visitId: string) =>
  ['clinic', 'rx', 'review', visitId] as const;

/** GET /clinic/rx/:id: answers, alarms, files, history and messages of a visit under review. */
export async function getClinicRxReview(visitId: string): Promise<RxReview> {
  const { review } = await apiCall(`/clinic/rx/${encodeURIComponent(visitId)}`, {
    schema: rxReviewResponseSchema,
  });
  return review;
}

/** The visit under review, kept fresh by the prescriber's pushes (the screen's socket). */
export function useClinicRxReview(visitId: string, options?: QueryOptions<RxReview>) {
  return useCallQuery(clinicRxReviewQueryKey(visitId), () => getClinicRxReview(visitId), options);
}

/** Marks the visit under review stale (a push, a message sent). */
export function useRefreshClinicRxReview(visitId: string) {
  return useRefresh(clinicRxReviewQueryKey(visitId));
}

/**
 * What a prescriber's change to a visit does to the cache: the answer it got (the visit, or
 * the whole review) is shown at once, then the review and the queue are asked again.
 */
export function useClinicRxChanged() {
  const queryClient = useQueryClient();
  return (visitId: string, answer?: ClinicRxAnswer) => {
    const key = clinicRxReviewQueryKey(visitId);
    if (answer && 'visit' in answer) {
      const { visit } = answer;
      queryClient.setQueryData<RxReview>(key, (old) => (old ? { ...old, visit } : old));
    }
    if (answer && 'review' in answer) queryClient.setQueryData<RxReview>(key, answer.review);
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: clinicRxQueueQueryKey });
  };
}

type ClinicRxAnswer = { visit: RxVisitView } | { review: RxReview } | undefined;

/**
 * A prescriber's change to the visit under review (`variables.visitId`): once it succeeds, the
 * cache takes what it answered (`answerOf`) and the review and the queue are asked again, then
 * the screen's own callbacks run (its toast, its form's reset).
 */
export function useClinicRxChange<TData, TVariables extends { visitId: string }>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  answerOf: (data: TData) => ClinicRxAnswer,
  options?: MutationCallbacks<TData, TVariables>,
) {
  const changed = useClinicRxChanged();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: (data, variables, onMutateResult, context) => {
      changed(variables.visitId, answerOf(data));
      return options?.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
