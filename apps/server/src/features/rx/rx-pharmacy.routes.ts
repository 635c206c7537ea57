import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  pharmacyBulkStatusRequestSchema,
  pharmacyBulkStatusResponseSchema,
  pharmacyClaimRequestSchema,
  pharmacyRxDetailResponseSchema,
  pharmacyRxSearchRequestSchema,
  pharmacyRxSearchResponseSchema,
  pharmacyStatusChangeRequestSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Actor, actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { RxPharmacyService } from './rx-pharmacy.service';

type RxPharmacyRoutesDeps = {
  pharmacy: RxPharmacyService;
  prescriptionPdf: (actor: Actor, visitId: string) => Promise<Buffer>;
};

/** The dashboard's search and one visit. */
function rxPharmacyReadRoutes(app: FastifyInstance, deps: RxPharmacyRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pharmacy'];
  r.post(
    '/pharmacy/rx/search',
    {
      schema: {
        tags,
        summary: 'Visits routed to my pharmacy that my grant shows: a tab, a search, a page',
        body: pharmacyRxSearchRequestSchema,
        response: { 200: pharmacyRxSearchResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pharmacy.search(actorOf(request), request.body)),
    }),
  );

  r.get(
    '/pharmacy/rx/:id',
    {
      schema: {
        tags,
        summary: 'One visit: patient, prescription, status notes, the moves allowed (audited)',
        params: idParamsSchema,
        response: { 200: pharmacyRxDetailResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.pharmacy.detail(actorOf(request), request.params.id),
    }),
  );
}

/** A status change, one or many, the claim and the prescription PDF after it. */
function rxPharmacyStatusRoutes(app: FastifyInstance, deps: RxPharmacyRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['pharmacy'];
  r.post(
    '/pharmacy/rx/:id/status',
    {
      schema: {
        tags,
        summary: 'Change the pharmacy-side status (the domain table; notes where required)',
        params: idParamsSchema,
        body: pharmacyStatusChangeRequestSchema,
        response: { 200: pharmacyRxDetailResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.pharmacy.changeStatus(actorOf(request), request.params.id, request.body),
    }),
  );

  r.post(
    '/pharmacy/rx/bulk-status',
    {
      schema: {
        tags,
        summary:
          'Move 1 to 50 visits to one status, each as the single move; per visit, moved or why not',
        body: pharmacyBulkStatusRequestSchema,
        response: { 200: pharmacyBulkStatusResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      results: await deps.pharmacy.bulkChangeStatus(actorOf(request), request.body),
    }),
  );

  r.post(
    '/pharmacy/rx/:id/claim',
    {
      schema: {
        tags,
        summary: 'Submit Payment: the claim fee is taken once from the prepay account',
        params: idParamsSchema,
        body: pharmacyClaimRequestSchema,
        response: { 200: pharmacyRxDetailResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.pharmacy.claim(actorOf(request), request.params.id, request.body),
    }),
  );

  r.get(
    '/pharmacy/rx/:id/prescription.pdf',
    {
      ...privateFileRoute,
      schema: {
        tags,
        summary: 'The legal prescription (PDF): after the claim, never before (404)',
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const pdf = await deps.prescriptionPdf(actorOf(request), request.params.id);
      return sendPrivatePdf(reply, pdf, 'prescription.pdf');
    },
  );
}

/**
 * The pharmacy's prescription dashboard (spec section 7, "Rx visit endpoints: get, update
 * status, record, pdf"): search (a POST, so a patient's name never rides in a URL), one visit,
 * a status change, the claim ('Submit Payment') and the legal prescription PDF after it.
 */
export function rxPharmacyRoutes(deps: RxPharmacyRoutesDeps) {
  return sessionRoutes(async (app) => {
    rxPharmacyReadRoutes(app, deps);
    rxPharmacyStatusRoutes(app, deps);
  });
}
