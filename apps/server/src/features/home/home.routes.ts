import { homeCountsResponseSchema } from '@apothecall/domain/home/home-counts.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { HomeService } from './home.service';

/** GET /api/home/counts: the counts on the caller's Home, in one call. */
export function homeRoutes(deps: { home: HomeService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/home/counts',
      {
        schema: {
          tags: ['home'],
          summary:
            "The counts on a staff member's Home (what their role acts on, each with the screen where it is done); 403 for anyone without a staff Home",
          response: { 200: homeCountsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        counts: await deps.home.counts(actorOf(request)),
      }),
    );
  });
}
