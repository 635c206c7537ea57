import {
  asyncLocationResponseSchema,
  consultLocationQuerySchema,
  consultLocationResponseSchema,
  credentialsResponseSchema,
  hoursQuerySchema,
  hoursResponseSchema,
  setConsultLocationRequestSchema,
  setConsultLocationResponseSchema,
} from '@apothecall/domain/accounts/consult.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { ConsultService } from './consult.service';

/**
 * Where care is offered: a family member's confirmed state ('I am in'), the async states, the
 * user's credentials and the clinic hours.
 */
export function consultRoutes(deps: { consult: ConsultService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['consult'];

    r.get(
      '/consult/location',
      {
        schema: {
          tags,
          summary: "A family member's confirmed state",
          querystring: consultLocationQuerySchema,
          response: { 200: consultLocationResponseSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return {
          error: false as const,
          ...(await deps.consult.location(actor, request.query.ptId ?? actor.accountId)),
        };
      },
    );

    r.put(
      '/consult/location',
      {
        schema: {
          tags,
          summary: "Confirm 'I am in' a state",
          body: setConsultLocationRequestSchema,
          response: { 200: setConsultLocationResponseSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const result = await deps.consult.setLocation(
          { ...actor, brandId: (await actor.brand()).id },
          { personId: request.body.ptId ?? actor.accountId, state: request.body.state },
        );
        return { error: false as const, ...result };
      },
    );

    r.get(
      '/consult/asyncLocation',
      {
        schema: {
          tags,
          summary: 'States where asynchronous visits are offered',
          response: { 200: asyncLocationResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        states: await deps.consult.asyncStates((await callerOf(request).brand()).id),
      }),
    );

    r.get(
      '/consult/credentials',
      {
        schema: {
          tags,
          summary: "The user's role, organisation and permissions",
          response: { 200: credentialsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.consult.credentials(actorOf(request).accountId)),
      }),
    );

    r.get(
      '/consult/hours',
      {
        schema: {
          tags,
          summary: 'When on-demand care is available in a state',
          querystring: hoursQuerySchema,
          response: { 200: hoursResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.consult.hours({
          state: request.query.state,
          brandId: (await callerOf(request).brand()).id,
          lang: request.lang,
          timeZone: request.timeZone,
        })),
      }),
    );
  });
}
