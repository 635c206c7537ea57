import {
  productInfoRequestSchema,
  productInfoResponseSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerMultipart } from '../../platform/files/multipart-form';
import { sessionRoutes } from '../../platform/route-groups';
import { rxMessageRoutes, rxPaperRoutes } from './rx-messages.routes';
import type { RxPatientRoutesDeps } from './rx-routes-shared';
import { rxIdDocumentRoutes, rxUploadRoutes } from './rx-uploads.routes';
import { rxPaymentRoutes, rxVisitListRoutes, rxVisitStartRoutes } from './rx-visit.routes';

/**
 * Asynchronous prescription visits, the patient's side (spec section 7's Rx calls; the
 * prescriber's review is rx-clinic.routes.ts).
 * Uploads are multipart with the same limits as POST /files; the parser is registered in this
 * plugin only.
 */
export function rxRoutes(deps: RxPatientRoutesDeps) {
  return async (app: FastifyInstance) => {
    await registerMultipart(app, deps.maxBytes, 4);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['rx'];

    r.post(
      '/get-productInfo-v2',
      {
        schema: {
          tags,
          summary: "The brand's treatments: evaluation form, consents, protocol and price",
          body: productInfoRequestSchema,
          response: { 200: productInfoResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.rx.productInfo(request.body.id)),
      }),
    );

    // Everything below answers only with a session.
    await app.register(
      sessionRoutes(async (group) => {
        rxVisitStartRoutes(group, deps);
        rxPaymentRoutes(group, deps);
        rxVisitListRoutes(group, deps);
        rxUploadRoutes(group, deps);
        rxIdDocumentRoutes(group, deps);
        rxMessageRoutes(group, deps);
        rxPaperRoutes(group, deps);
      }),
    );
  };
}
