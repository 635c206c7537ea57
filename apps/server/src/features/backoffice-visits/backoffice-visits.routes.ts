import {
  adminVisitNoteSchema,
  adminVisitsListResponseSchema,
  adminVisitsListSchema,
} from '@apothecall/domain/backoffice/visits.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { VisitsAdminService } from './visits-admin.service';

/**
 * The back office's visits area, under /api/admin/visits: the list of every visit,
 * stuck ones first (admin and support). Filters travel in the body, never in the URL. Who may do
 * what is the service's check (backoffice.rules), on every call.
 */
export function backofficeVisitsRoutes(deps: { admin: VisitsAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: visits'];

    r.post(
      '/admin/visits/list',
      {
        schema: {
          tags,
          summary:
            'Every visit by kind and status, 50 a page, stuck ones first with the reason (waiting with no provider, Rx unreviewed, pharmacy unclaimed)',
          body: adminVisitsListSchema,
          response: { 200: adminVisitsListResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.admin.list(actorOf(request), request.body)),
      }),
    );

    r.post(
      '/admin/visits/:id/cancel',
      {
        schema: {
          tags,
          summary:
            'Cancel a video visit that is not over, or an Rx visit no pharmacy has claimed or works on, refunded in full (a prepaid Rx visit given back), with a note the patient reads and is texted (409 saying why when it may not be cancelled)',
          params: idParamsSchema,
          body: adminVisitNoteSchema,
          response: {
            200: z.object({
              error: z.literal(false),
              refunded: z.boolean(),
              prepayReturned: z.boolean(),
            }),
          },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.admin.cancel(actorOf(request), request.params.id, request.body.note)),
      }),
    );

    r.post(
      '/admin/visits/:id/reassign',
      {
        schema: {
          tags,
          summary:
            'Put a video visit a provider claimed back in the line for any provider, with a note the patient reads (409 when not claimed)',
          params: idParamsSchema,
          body: adminVisitNoteSchema,
          response: { 200: z.object({ error: z.literal(false) }) },
        },
      },
      async (request) => {
        await deps.admin.reassign(actorOf(request), request.params.id, request.body.note);
        return { error: false as const };
      },
    );
  });
}
