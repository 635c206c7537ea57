import {
  referralResponseSchema,
  webappVersionQuerySchema,
  webappVersionResponseSchema,
  whiteLabelResponseSchema,
} from '@apothecall/domain/brands/brands.api';
import {
  cacheBustQuerySchema,
  codeParamsSchema,
  keyParamsSchema,
} from '@apothecall/domain/common/common.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BrandsService } from './brands.service';

export interface ClientSettings {
  idleLogoutMs: number;
  autoLogoffMinutes: number;
  minRegistrationAge: number;
  minDependentAge: number;
}

/** The host name the browser used (behind a trusted proxy: the forwarded host). */
export function hostOf(request: FastifyRequest): string {
  return request.hostname ?? '';
}

export function brandsRoutes(deps: {
  service: BrandsService;
  client: ClientSettings;
  webVersion: string;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/whiteLabel/:id',
      {
        schema: {
          tags: ['brands'],
          summary: "A brand's look and settings; id 'auto' resolves from the host name",
          params: keyParamsSchema,
          querystring: cacheBustQuerySchema,
          response: { 200: whiteLabelResponseSchema },
        },
      },
      async (request) => {
        const id = request.params.id;
        const brand = await deps.service.resolve({
          host: hostOf(request),
          company: id === 'auto' ? undefined : id,
        });
        return {
          error: false as const,
          whiteLabel: brand.whiteLabel,
          name: brand.name,
          thirdParty: brand.thirdParty,
          client: deps.client,
        };
      },
    );

    r.get(
      '/referral/:code',
      {
        schema: {
          tags: ['brands'],
          summary: "A referral code's title and messages",
          params: codeParamsSchema,
          response: { 200: referralResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        referral: await deps.service.referral(request.params.code),
      }),
    );

    r.get(
      '/webapp-version',
      {
        schema: {
          tags: ['brands'],
          summary: 'The current web app version (the installed app reloads when it differs)',
          querystring: webappVersionQuerySchema,
          response: { 200: webappVersionResponseSchema },
        },
      },
      async () => ({ error: false as const, version: deps.webVersion }),
    );
  };
}
