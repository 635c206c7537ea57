import { claimResponseSchema } from '@apothecall/domain/care/visits.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  rxChangeAnswerRequestSchema,
  rxMessagesResponseSchema,
  rxPrescribeRequestSchema,
  rxQueueResponseSchema,
  rxReviewResponseSchema,
  rxSendMessageRequestSchema,
  rxStatusChangeRequestSchema,
  rxVisitResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { RxReviewService } from './rx-review.service';
import { sendOpened, visitFileParamsSchema } from './rx-routes-shared';

type RxClinicRoutesDeps = {
  review: RxReviewService;
  /** The visit's prescription as a PDF, for its prescriber. */
  prescriptionPdf: (actor: Actor, visitId: string, who: 'prescriber') => Promise<Buffer>;
  /** The visit's consent record as a PDF (spec section 9 layout), for its prescriber. */
  consentPdf: (actor: Actor, visitId: string, who: 'prescriber') => Promise<Buffer>;
};

/** The line, a claim and the review. */
function rxClinicLineRoutes(app: FastifyInstance, deps: RxClinicRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clinic = ['clinic'];

  r.get(
    '/clinic/rx/queue',
    {
      schema: {
        tags: clinic,
        summary: 'Rx visits waiting for review in the licensed states (oldest first), and mine',
        response: { 200: rxQueueResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.review.queue(actorOf(request))),
    }),
  );

  r.post(
    '/clinic/rx/:id/claim',
    {
      schema: {
        tags: clinic,
        summary: 'Claim a waiting Rx visit (exactly one prescriber wins)',
        params: idParamsSchema,
        response: { 200: claimResponseSchema },
      },
    },
    async (request) => {
      const visit = await deps.review.claim(actorOf(request), request.params.id);
      return { error: false as const, visitId: visit.id };
    },
  );

  r.get(
    '/clinic/rx/:id',
    {
      schema: {
        tags: clinic,
        summary: 'The review: answers, alarms, files, earlier visits, messages (audited)',
        params: idParamsSchema,
        response: { 200: rxReviewResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      review: await deps.review.review(actorOf(request), request.params.id),
    }),
  );
}

/** The prescriber's decisions and messages: a status move, the prescription, a change request's answer, a message. */
function rxClinicDecisionRoutes(app: FastifyInstance, deps: RxClinicRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clinic = ['clinic'];

  r.post(
    '/clinic/rx/:id/status',
    {
      schema: {
        tags: clinic,
        summary: 'Move the visit: started, ended (approved), exit (ask the patient), refund',
        params: idParamsSchema,
        body: rxStatusChangeRequestSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.review.changeStatus(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/clinic/rx/:id/prescribe',
    {
      schema: {
        tags: clinic,
        summary: "Prescribe from the treatment's package: ended -> rxed",
        params: idParamsSchema,
        body: rxPrescribeRequestSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.review.prescribe(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/clinic/rx/:id/change-request',
    {
      schema: {
        tags: clinic,
        summary: "Answer a pharmacy's change request: a new dose (approved) or denied",
        params: idParamsSchema,
        body: rxChangeAnswerRequestSchema,
        response: { 200: rxReviewResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      review: await deps.review.answerChange(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/clinic/rx/:id/messages',
    {
      schema: {
        tags: clinic,
        summary: 'Write to the patient',
        params: idParamsSchema,
        body: rxSendMessageRequestSchema,
        response: { 200: rxMessagesResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      messages: await deps.review.sendMessage(
        actorOf(request),
        request.params.id,
        request.body.text,
      ),
    }),
  );
}

/** The visit's papers: its files, its consent record and its prescription. */
function rxClinicPaperRoutes(app: FastifyInstance, deps: RxClinicRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clinic = ['clinic'];

  r.get(
    '/clinic/rx/:id/files/:fileId',
    {
      ...privateFileRoute,
      schema: {
        tags: clinic,
        summary: "A visit's ID photo or attachment (audited read)",
        params: visitFileParamsSchema,
      },
    },
    async (request, reply) => {
      return sendOpened(
        reply,
        await deps.review.file(actorOf(request), request.params.id, request.params.fileId),
      );
    },
  );

  r.get(
    '/clinic/rx/:id/consents.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags: clinic,
        summary: "The visit's consent record (PDF: letter, 80 characters a line, 38 lines a page)",
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      sendPrivatePdf(
        reply,
        await deps.consentPdf(actorOf(request), request.params.id, 'prescriber'),
        'consents.pdf',
      ),
  );

  r.get(
    '/clinic/rx/:id/prescription.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags: clinic,
        summary: "The visit's prescription (PDF)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const pdf = await deps.prescriptionPdf(actorOf(request), request.params.id, 'prescriber');
      return sendPrivatePdf(reply, pdf, 'prescription.pdf');
    },
  );
}

/**
 * The prescriber's side of the Rx visits (the clinic's review, /clinic/rx): the line, a claim,
 * the review and its files, status moves, prescriptions, the answer to a pharmacy's change
 * request, messages and the papers. The patient's side is rx.routes.ts.
 */
export function rxClinicRoutes(deps: RxClinicRoutesDeps) {
  return sessionRoutes(async (app) => {
    rxClinicLineRoutes(app, deps);
    rxClinicDecisionRoutes(app, deps);
    rxClinicPaperRoutes(app, deps);
  });
}
