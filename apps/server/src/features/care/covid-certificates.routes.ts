import {
  certificateVerifyQuerySchema,
  certificateVerifyResponseSchema,
} from '@apothecall/domain/care/covid-certificates.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/actor';
import { appErrors } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import type { CovidCertificatesService } from './covid-certificates';

/** The public check of a Covid test certificate (the brand's `/#/test?id=` page). */
export function covidCertificateRoutes(deps: {
  certificates: CovidCertificatesService;
  limiter: RateLimiter;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/covid-certificates/verify',
      {
        schema: {
          tags: ['care'],
          summary:
            'Verify a Covid test certificate by its printed id (public): initials, day, test, result',
          querystring: certificateVerifyQuerySchema,
          response: { 200: certificateVerifyResponseSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // Ids are 50 random bits; the limit keeps anyone from walking them.
        if ((await deps.limiter.hit(`certificate-verify:${caller.ip}`, 600)) > 60) {
          throw appErrors.rateLimited();
        }
        return {
          error: false as const,
          certificate: await deps.certificates.verify(caller, request.query.id),
        };
      },
    );
  };
}
