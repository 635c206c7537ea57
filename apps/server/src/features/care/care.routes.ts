import {
  activeVisitsResponseSchema,
  dutyRequestSchema,
  patientVisitResponseSchema,
  pharmaciesResponseSchema,
  queueResponseSchema,
  startVisitRequestSchema,
} from '@apothecall/domain/care/visits.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireSession } from '../../platform/http';
import type { CareActor, CareService } from './care.service';
import type { ClinicService } from './clinic.service';

export function careRoutes(deps: {
  care: CareService;
  clinic: ClinicService;
  pharmacies: {
    searchPharmacies(
      query: string,
      state: string | undefined,
      limit: number,
    ): Promise<
      {
        ncpdpId: string;
        name: string;
        address: string;
        city: string;
        state: string;
        zip: string;
        phone: string;
        fax: string;
      }[]
    >;
  };
  brandOf: (request: FastifyRequest) => Promise<{ id: string }>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const secured = { preHandler: requireSession };
    const actor = async (request: FastifyRequest): Promise<CareActor> => ({
      ...originOf(request),
      accountId: request.auth!.accountId,
      lang: request.lang,
      brandId: (await deps.brandOf(request)).id,
    });

    r.get(
      '/pharmacies',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: 'Search the pharmacy directory (name, city, zip, address)',
          querystring: z.object({
            q: z.string().max(100).default(''),
            state: z.string().length(2).optional(),
          }),
          response: { 200: pharmaciesResponseSchema },
        },
      },
      async (request) => {
        const rows = await deps.pharmacies.searchPharmacies(
          request.query.q,
          request.query.state?.toUpperCase(),
          25,
        );
        return {
          error: false as const,
          pharmacies: rows.map((p) => ({
            ncpdpId: p.ncpdpId,
            name: p.name,
            address: p.address,
            city: p.city,
            state: p.state,
            zip: p.zip,
            phone: p.phone,
            fax: p.fax,
          })),
        };
      },
    );

    r.post(
      '/visit-start/',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: 'Start an on-demand visit: pay and join the queue',
          body: startVisitRequestSchema,
          response: { 200: patientVisitResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        visit: await deps.care.start(await actor(request), request.body),
      }),
    );

    r.get(
      '/visits/active',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: "The account's waiting and in-progress visits",
          response: { 200: activeVisitsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        visits: await deps.care.active(await actor(request)),
      }),
    );

    r.post(
      '/visits/:id/cancel',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: 'Cancel a waiting visit (refunded)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: patientVisitResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        visit: await deps.care.cancel(await actor(request), request.params.id),
      }),
    );

    r.get(
      '/clinic/queue',
      {
        ...secured,
        schema: {
          tags: ['clinic'],
          summary: "The provider's queue (licensed states, oldest first)",
          response: { 200: queueResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.clinic.queue(request.auth!.accountId, originOf(request))),
      }),
    );

    r.put(
      '/clinic/duty',
      {
        ...secured,
        schema: {
          tags: ['clinic'],
          summary: 'Go on or off duty',
          body: dutyRequestSchema,
          response: { 200: z.object({ error: z.literal(false), onDuty: z.boolean() }) },
        },
      },
      async (request) => ({
        error: false as const,
        onDuty: await deps.clinic.setDuty(
          request.auth!.accountId,
          request.body.onDuty,
          originOf(request),
        ),
      }),
    );

    r.post(
      '/clinic/visits/:id/claim',
      {
        ...secured,
        schema: {
          tags: ['clinic'],
          summary: 'Claim a waiting visit (exactly one provider wins)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: z.object({ error: z.literal(false), visitId: z.string() }) },
        },
      },
      async (request) => {
        const visit = await deps.clinic.claim(
          request.auth!.accountId,
          request.params.id,
          originOf(request),
        );
        return { error: false as const, visitId: visit.id };
      },
    );
  };
}
