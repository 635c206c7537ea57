import {
  type FailedJob,
  failedJobsResponseSchema,
  jobRetryResponseSchema,
  outboxListResponseSchema,
  outboxRetryResponseSchema,
  type UndeliveredMessage,
} from '@apothecall/domain/backoffice/jobs-admin.api';
import { apiCall } from '../../../lib/api-client';

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
