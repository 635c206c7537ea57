import {
  type FailedJob,
  failedJobsResponseSchema,
  jobRetryResponseSchema,
  outboxListResponseSchema,
  outboxRetryResponseSchema,
  type UndeliveredMessage,
} from '@apothecall/domain/backoffice/jobs-admin.api';
import { apiCall } from '../../../lib/api-client';
import {
  type MutationCallbacks,
  type QueryOptions,
  useCallMutation,
  useCallQuery,
} from '../../../lib/call-hooks';

export const failedJobsQueryKey = ['admin', 'jobs', 'failed'] as const;
export const outboxQueryKey = (status: 'failed' | 'pending') =>
  ['admin', 'jobs', 'outbox', status] as const;

/** GET /admin/jobs/failed: dead-lettered jobs (admin). */
export async function getFailedJobs(): Promise<FailedJob[]> {
  const { jobs } = await apiCall('/admin/jobs/failed', { schema: failedJobsResponseSchema });
  return jobs;
}

/** POST /admin/jobs/failed/:id/retry: true when it went back on its queue. */
export async function retryFailedJob(id: string): Promise<boolean> {
  const { retried } = await apiCall(`/admin/jobs/failed/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    body: {},
    schema: jobRetryResponseSchema,
  });
  return retried;
}

/** GET /admin/jobs/outbox?status=: undelivered e-mail and SMS, recipients masked (admin). */
export async function getOutbox(status: 'failed' | 'pending'): Promise<UndeliveredMessage[]> {
  const { messages } = await apiCall(`/admin/jobs/outbox?status=${status}`, {
    schema: outboxListResponseSchema,
  });
  return messages;
}

/** POST /admin/jobs/outbox/:id/retry: true when its delivery was queued again. */
export async function retryMessage(id: number): Promise<boolean> {
  const { retried } = await apiCall(`/admin/jobs/outbox/${id}/retry`, {
    method: 'POST',
    body: {},
    schema: outboxRetryResponseSchema,
  });
  return retried;
}

/** The failed jobs. */
export function useFailedJobs(options?: QueryOptions<FailedJob[]>) {
  return useCallQuery(failedJobsQueryKey, getFailedJobs, options);
}

/** Retries a failed job and marks the failed jobs stale. */
export function useRetryFailedJob(options?: MutationCallbacks<boolean, string>) {
  return useCallMutation(retryFailedJob, () => [failedJobsQueryKey], options);
}

/** The outbox's messages in a status. */
export function useOutbox(
  status: 'failed' | 'pending',
  options?: QueryOptions<UndeliveredMessage[]>,
) {
  return useCallQuery(outboxQueryKey(status), () => getOutbox(status), options);
}

/** Retries an undelivered message and marks the whole outbox stale. */
export function useRetryMessage(options?: MutationCallbacks<boolean, number>) {
  return useCallMutation(retryMessage, () => [['admin', 'jobs', 'outbox']], options);
}
