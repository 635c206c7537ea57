import {
  activeVisitsResponseSchema,
  conversationRequestSchema,
  dutyRequestSchema,
  endVisitRequestSchema,
  endVisitResponseSchema,
  meetParamResponseSchema,
  patientVisitResponseSchema,
  pharmaciesResponseSchema,
  prescreeningRequestSchema,
  prescreeningResponseSchema,
  queueResponseSchema,
  startVisitRequestSchema,
  visitWorkspaceResponseSchema,
} from '@apothecall/domain/care/visits.api';
import { messageSchema } from '@apothecall/domain/messaging/messaging.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireSession } from '../../platform/http';
import type { CareActor, CareService } from './care.service';
import type { ClinicService } from './clinic.service';
import type { VisitRoomService } from './visit-room.service';

export function careRoutes(deps: {
  care: CareService;
  clinic: ClinicService;
  room: VisitRoomService;
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

    r.post(
      '/get-prescreening',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: 'What pre-visit screening asks this family member (age and gender filters)',
          body: prescreeningRequestSchema,
          response: { 200: prescreeningResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.care.prescreening(
          await actor(request),
          request.body.patientID,
          request.body.reason,
        )),
      }),
    );

    r.post(
      '/getConversation',
      {
        ...secured,
        schema: {
          tags: ['care'],
          summary: "A visit's messages, oldest first (its patient or its provider)",
          body: conversationRequestSchema,
          response: {
            200: z.object({ error: z.literal(false), messages: z.array(messageSchema) }),
          },
        },
      },
      async (request) => ({
        error: false as const,
        messages: await deps.room.conversation(
          { ...originOf(request), accountId: request.auth!.accountId, meetVisitId: null },
          request.body.visitId,
        ),
      }),
    );

    r.get(
      '/meet-param',
      {
        schema: {
          tags: ['care'],
          summary: 'Exchange the one-time SMS meet link for a visit-scoped meet token',
          querystring: z.object({ id: z.string().max(100) }),
          response: { 200: meetParamResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.room.exchangeMeetLink(request.query.id, originOf(request))),
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

    r.get(
      '/clinic/visits/:id',
      {
        ...secured,
        schema: {
          tags: ['clinic'],
          summary: 'The claimed visit: patient, screening, alarms, pharmacy (audited)',
          params: z.object({ id: z.string().max(64) }),
          response: { 200: visitWorkspaceResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        visit: await deps.clinic.workspace(
          request.auth!.accountId,
          request.params.id,
          originOf(request),
        ),
      }),
    );

    r.post(
      '/clinic/visits/:id/end',
      {
        ...secured,
        schema: {
          tags: ['clinic'],
          summary: 'End the visit: completed (note, prescription), refund, or no-show',
          params: z.object({ id: z.string().max(64) }),
          body: endVisitRequestSchema,
          response: { 200: endVisitResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.clinic.end(request.auth!.accountId, request.params.id, request.body, {
          ...originOf(request),
          lang: request.lang,
        })),
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
