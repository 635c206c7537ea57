import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  externalCodeFindRequestSchema,
  externalCodeFindResponseSchema,
  externalCodeInputSchema,
  externalCodeResponseSchema,
} from '@apothecall/domain/rx-codes/rx-codes.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { RxCodesService } from './rx-codes.service';

/**
 * External visit codes (spec section 7, "external visit codes"): a visit's code, set
 * or cleared, and the dashboard's find-by-code (a POST: the code names a prescription, so it
 * never rides in a URL). Another pharmacy's visit is 404.
 */
export function rxCodesRoutes(deps: { codes: RxCodesService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['rx codes'];
    const { codes } = deps;

    r.get(
      '/pharmacy/rx/:id/code',
      {
        schema: {
          tags,
          summary: "My pharmacy's own code for this visit (null when none)",
          params: idParamsSchema,
          response: { 200: externalCodeResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        code: await codes.get(actorOf(request), request.params.id),
      }),
    );

    r.put(
      '/pharmacy/rx/:id/code',
      {
        schema: {
          tags,
          summary: 'Set (or clear, with null) my pharmacy’s code for a claimed visit',
          params: idParamsSchema,
          body: externalCodeInputSchema,
          response: { 200: externalCodeResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        code: await codes.set(actorOf(request), request.params.id, request.body.code),
      }),
    );

    r.post(
      '/pharmacy/rx-codes/find',
      {
        schema: {
          tags,
          summary: 'The visit of my pharmacy with this code (case ignored), or 404',
          body: externalCodeFindRequestSchema,
          response: { 200: externalCodeFindResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await codes.find(actorOf(request), request.body.code)),
      }),
    );
  });
}
