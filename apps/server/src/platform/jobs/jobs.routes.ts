import {
  deadLettersRequestSchema,
  deadLettersResponseSchema,
  redriveRequestSchema,
  redriveResponseSchema,
} from '@apothecall/domain/ops/jobs.api';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../actor';
import type { AuditService } from '../audit.service';
import { appErrors } from '../errors';
import { sessionRoutes } from '../route-groups';
import type { Jobs } from './jobs';

/**
 * Operator view of the job queue, for the admin role only (anyone else is answered not-found,
 * so the route does not advertise itself):
 * - GET  /ops/jobs/dead?limit=100   jobs that used up their retries, oldest first;
 * - POST /ops/jobs/dead/redrive     `{ ids? }` puts them back on their queues (audited).
 * Registered under the /api prefix by the app.
 */
export function jobsRoutes(deps: {
  jobs: Pick<Jobs, 'deadLetters' | 'redrive'>;
  /** The caller's role (the accounts area's answer). */
  roleOf: (accountId: string) => Promise<string | undefined>;
  audit: Pick<AuditService, 'record' | 'denied'>;
}) {
  /** The group's check: runs after the session is known. */
  async function requireAdmin(request: FastifyRequest): Promise<void> {
    const actor = actorOf(request);
    if ((await deps.roleOf(actor.accountId)) === 'admin') return;
    await deps.audit.denied(actor, 'ops.jobs', null);
    throw appErrors.notFound();
  }

  return sessionRoutes(
    async (app) => {
      const r = app.withTypeProvider<ZodTypeProvider>();
      const tags = ['ops'];

      r.get(
        '/ops/jobs/dead',
        {
          schema: {
            tags,
            summary: 'Jobs that used up their retries (the dead-letter state), oldest first; admin',
            querystring: deadLettersRequestSchema,
            response: { 200: deadLettersResponseSchema },
          },
        },
        async (request) => ({
          error: false as const,
          deadLetters: await deps.jobs.deadLetters(request.query.limit),
        }),
      );

      r.post(
        '/ops/jobs/dead/redrive',
        {
          schema: {
            tags,
            summary: 'Puts dead-lettered jobs back on their queues (all when no ids); admin',
            body: redriveRequestSchema,
            response: { 200: redriveResponseSchema },
          },
        },
        async (request) => {
          const redriven = await deps.jobs.redrive(request.body.ids);
          await deps.audit.record(actorOf(request), 'ops.jobs.redrive', null, {
            ids: request.body.ids ?? 'all',
            redriven,
          });
          return { error: false as const, redriven };
        },
      );
    },
    { check: requireAdmin },
  );
}
