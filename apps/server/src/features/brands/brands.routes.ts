import {
  referralResponseSchema,
  webappVersionQuerySchema,
  webappVersionResponseSchema,
  webManifestQuerySchema,
  whiteLabelResponseSchema,
} from '@apothecall/domain/brands/brands.api';
import { webManifest } from '@apothecall/domain/brands/web-manifest.rules';
import {
  cacheBustQuerySchema,
  codeParamsSchema,
  keyParamsSchema,
} from '@apothecall/domain/common/common.api';
import { negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withCodeGuesses } from '../../platform/code-guesses';
import type { RateLimiter } from '../../platform/rate-limit';
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
  /** Counts wrong referral codes per address (the look-up is public). */
  limiter: RateLimiter;
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
        referral: await withCodeGuesses(deps.limiter, `address:${request.ip}`, () =>
          deps.service.referral(request.params.code),
        ),
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

/**
 * Pages served beside the web app, at the site's root: the brand's web app manifest, so a
 * brand installs under its own name and colour, in the reader's language (issue 13).
 */
export function brandPages(deps: { service: BrandsService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/manifest.webmanifest',
      {
        schema: {
          tags: ['brands'],
          summary:
            "The brand's web app manifest (by host, or by company key), in `lang` or Accept-Language",
          querystring: webManifestQuerySchema,
        },
      },
      async (request, reply) => {
        const { company, lang } = request.query;
        const brand = await deps.service.resolve({ host: hostOf(request), company });
        const byKey =
          company && brand.whiteLabel.id.toLowerCase() === company.toLowerCase()
            ? brand.whiteLabel.id
            : undefined;
        const manifest = webManifest(
          { name: brand.name, colorPrimary: brand.whiteLabel.colorPrimary },
          lang ? negotiateLanguage(lang) : request.lang,
          byKey,
        );
        return reply
          .type('application/manifest+json; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'Accept-Language')
          .send(JSON.stringify(manifest));
      },
    );
  };
}
