import {
  activeVisitsResponseSchema,
  claimResponseSchema,
  conversationRequestSchema,
  conversationResponseSchema,
  dutyRequestSchema,
  dutyResponseSchema,
  endVisitRequestSchema,
  endVisitResponseSchema,
  meetParamQuerySchema,
  meetParamResponseSchema,
  type Pharmacy,
  patientVisitResponseSchema,
  pharmaciesResponseSchema,
  pharmacySearchQuerySchema,
  prescreeningRequestSchema,
  prescreeningResponseSchema,
  queueResponseSchema,
  startVisitRequestSchema,
  visitWorkspaceResponseSchema,
} from '@apothecall/domain/care/visits.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, originOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { CareService } from './care.service';
import type { ClinicService } from './clinic.service';
import { onlyTheNoteIsMissing } from './clinic-end-visit';
import type { VisitRoomService } from './visit-room.service';

export function careRoutes(deps: {
  care: CareService;
  clinic: ClinicService;
  room: VisitRoomService;
  /** The pharmacy directory (rows may carry more than the contract; the schema keeps its own). */
  pharmacies: {
    searchPharmacies(query: string, state: string | undefined, limit: number): Promise<Pharmacy[]>;
  };
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/meet-param',
      {
        schema: {
          tags: ['care'],
          summary: 'Exchange the one-time SMS meet link for a visit-scoped meet token',
          querystring: meetParamQuerySchema,
          response: { 200: meetParamResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.room.exchangeMeetLink(request.query.id, originOf(request))),
      }),
    );

    await app.register(
      sessionRoutes(async (group) => {
        const r = group.withTypeProvider<ZodTypeProvider>();

        r.get(
          '/pharmacies',
          {
            schema: {
              tags: ['care'],
              summary: 'Search the pharmacy directory (name, city, zip, address)',
              querystring: pharmacySearchQuerySchema,
              response: { 200: pharmaciesResponseSchema },
            },
          },
          async (request) => {
            const rows = await deps.pharmacies.searchPharmacies(
              request.query.q,
              request.query.state?.toUpperCase(),
              25,
            );
            return { error: false as const, pharmacies: rows };
          },
        );

        r.post(
          '/visit-start/',
          {
            schema: {
              tags: ['care'],
              summary: 'Start an on-demand visit: pay and join the queue',
              body: startVisitRequestSchema,
              response: { 200: patientVisitResponseSchema },
            },
          },
          async (request) => ({
            error: false as const,
            visit: await deps.care.start(actorOf(request), request.body),
          }),
        );

        r.post(
          '/get-prescreening',
          {
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
              actorOf(request),
              request.body.patientID,
              request.body.reason,
            )),
          }),
        );

        visitRoutes(group, deps);
        clinicRoutes(group, deps);
      }),
    );
  };
}

/** The patient's visits: the conversation, the active ones, a cancel (declared in care's session group). */
function visitRoutes(app: FastifyInstance, deps: { care: CareService; room: VisitRoomService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/getConversation',
    {
      schema: {
        tags: ['care'],
        summary: "A visit's messages, oldest first (its patient or its provider)",
        body: conversationRequestSchema,
        response: {
          200: conversationResponseSchema,
        },
      },
    },
    async (request) => ({
      error: false as const,
      messages: await deps.room.conversation(actorOf(request), request.body.visitId),
    }),
  );

  r.get(
    '/visits/active',
    {
      schema: {
        tags: ['care'],
        summary: "The account's waiting and in-progress visits",
        response: { 200: activeVisitsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visits: await deps.care.active(actorOf(request)),
    }),
  );

  r.post(
    '/visits/:id/cancel',
    {
      schema: {
        tags: ['care'],
        summary: 'Cancel a waiting visit (refunded)',
        params: idParamsSchema,
        response: { 200: patientVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.care.cancel(actorOf(request), request.params.id),
    }),
  );
}

/** The provider's queue, duty, a visit's workspace, its end and its claim (declared in care's session group). */
function clinicRoutes(app: FastifyInstance, deps: { clinic: ClinicService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/clinic/queue',
    {
      schema: {
        tags: ['clinic'],
        summary: "The provider's queue (licensed states, oldest first)",
        response: { 200: queueResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.clinic.queue(actorOf(request))),
    }),
  );

  r.put(
    '/clinic/duty',
    {
      schema: {
        tags: ['clinic'],
        summary: 'Go on or off duty',
        body: dutyRequestSchema,
        response: { 200: dutyResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      onDuty: await deps.clinic.setDuty(actorOf(request), request.body.onDuty),
    }),
  );

  r.get(
    '/clinic/visits/:id',
    {
      schema: {
        tags: ['clinic'],
        summary: 'The claimed visit: patient, screening, alarms, pharmacy (audited)',
        params: idParamsSchema,
        response: { 200: visitWorkspaceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.clinic.workspace(actorOf(request), request.params.id),
    }),
  );

  r.post(
    '/clinic/visits/:id/end',
    {
      // The completed-note rule of this schema answers 400 NOTE_REQUIRED, after the visit's
      // own checks (404, 409; docs/api.md): the clinic service parses the body and decides.
      // Every other problem answers 400 VALIDATION here, as on every route.
      attachValidation: true,
      schema: {
        tags: ['clinic'],
        summary: 'End the visit: completed (note, prescription), refund, or no-show',
        params: idParamsSchema,
        body: endVisitRequestSchema,
        response: { 200: endVisitResponseSchema },
      },
    },
    async (request) => {
      // As parsed when it passed the schema, as sent when it did not.
      const body: unknown = request.body;
      const invalid = request.validationError;
      if (invalid && !(invalid.validationContext === 'body' && onlyTheNoteIsMissing(body))) {
        throw invalid;
      }
      return {
        error: false as const,
        ...(await deps.clinic.end(actorOf(request), request.params.id, body)),
      };
    },
  );

  r.post(
    '/clinic/visits/:id/claim',
    {
      schema: {
        tags: ['clinic'],
        summary: 'Claim a waiting visit (exactly one provider wins)',
        params: idParamsSchema,
        response: { 200: claimResponseSchema },
      },
    },
    async (request) => {
      const visit = await deps.clinic.claim(actorOf(request), request.params.id);
      return { error: false as const, visitId: visit.id };
    },
  );
}
