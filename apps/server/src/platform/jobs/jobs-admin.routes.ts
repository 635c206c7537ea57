import {
  failedJobParamsSchema,
  failedJobsResponseSchema,
  jobRetryResponseSchema,
  outboxListResponseSchema,
  outboxParamsSchema,
  outboxQuerySchema,
  outboxRetryResponseSchema,
} from '@apothecall/domain/backoffice/jobs-admin.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../actor';
import { sessionRoutes } from '../route-groups';
import type { JobsAdminService } from './jobs-admin.service';

/**
 * The back office's Jobs and outbox, under /api/admin/jobs: failed (dead-lettered)
 * jobs and undelivered messages, each with a retry. 401 without a session, 403 for a role
 * without the area (support included). Who may is the service's check, on every call.
 */
export function jobsAdminRoutes(deps: { admin: JobsAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: jobs'];
    const { admin } = deps;

    r.get(
      '/admin/jobs/failed',
      {
        schema: {
          tags,
          summary: 'Failed (dead-lettered) jobs: name, when, attempts, the error kind; no payloads',
          response: { 200: failedJobsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        jobs: await admin.failedJobs(actorOf(request)),
      }),
    );

    r.post(
      '/admin/jobs/failed/:id/retry',
      {
        schema: {
          tags,
          summary: 'Sends a failed job again, once (a second retry does nothing: retried false)',
          params: failedJobParamsSchema,
          response: { 200: jobRetryResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        retried: await admin.retryJob(actorOf(request), request.params.id),
      }),
    );

    r.get(
      '/admin/jobs/outbox',
      {
        schema: {
          tags,
          summary:
            'Undelivered e-mail and SMS (failed or pending): channel, masked recipient, attempts',
          querystring: outboxQuerySchema,
          response: { 200: outboxListResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        messages: await admin.outbox(actorOf(request), request.query.status),
      }),
    );

    r.post(
      '/admin/jobs/outbox/:id/retry',
      {
        schema: {
          tags,
          summary: "Re-queues a failed message's delivery, once (retried false when it was not)",
          params: outboxParamsSchema,
          response: { 200: outboxRetryResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        retried: await admin.retryMessage(actorOf(request), request.params.id),
      }),
    );
  });
}
