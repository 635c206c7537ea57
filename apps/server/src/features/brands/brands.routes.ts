import { brandIconByFile } from '@apothecall/domain/brands/brand-icons.rules';
import {
  brandIconParamsSchema,
  brandIconQuerySchema,
  referralResponseSchema,
  webappVersionQuerySchema,
  webappVersionResponseSchema,
  webManifestQuerySchema,
  whiteLabelResponseSchema,
} from '@apothecall/domain/brands/brands.api';
import { brandLogoParamsSchema } from '@apothecall/domain/brands/brands-admin.api';
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
import type { BrandIconsService, IconBrand } from './brand-icons.service';
import type { BrandsService, ResolvedBrand } from './brands.service';

export interface ClientSettings {
  idleLogoutMs: number;
  autoLogoffMinutes: number;
  minRegistrationAge: number;
  minDependentAge: number;
}

/** What a brand's icons are drawn from. */
function iconBrand(brand: ResolvedBrand): IconBrand {
  return {
    id: brand.whiteLabel.id,
    name: brand.name,
    colorPrimary: brand.whiteLabel.colorPrimary,
    logo: brand.whiteLabel.logo,
  };
}

/** The host name the browser used (behind a trusted proxy: the forwarded host). */
export function hostOf(request: FastifyRequest): string {
  return request.hostname ?? '';
}

export function brandsRoutes(deps: {
  service: BrandsService;
  icons: BrandIconsService;
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
          iconVersion: await deps.icons.version(iconBrand(brand)),
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

/** An icon at its current version never changes; any other address is asked again hourly. */
const iconForGood = 'public, max-age=31536000, immutable';
const iconForAnHour = 'public, max-age=3600';

/** Whether an If-None-Match header names this ETag (a list, weak or not, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Pages served beside the web app, at the site's root: the brand's web app manifest, so a
 * brand installs under its own name and colour, in the reader's language, and the
 * brand's icons, the same for every visitor of the brand.
 */
export function brandPages(deps: {
  service: BrandsService;
  icons: BrandIconsService;
  /** A logo uploaded in the back office, by the hash in its address. */
  logo: (hash: string) => Promise<Buffer | undefined>;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/brand-logos/:file',
      {
        schema: {
          tags: ['brands'],
          summary:
            'A logo uploaded in the back office (PNG); its address is the hash of its bytes, so it is cached for good',
          params: brandLogoParamsSchema,
        },
      },
      async (request, reply) => {
        const png = await deps.logo(request.params.file.slice(0, 32));
        if (!png) return reply.callNotFound();
        return reply
          .type('image/png')
          .header('cache-control', iconForGood)
          .header('x-content-type-options', 'nosniff')
          .send(png);
      },
    );
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
          {
            id: brand.whiteLabel.id,
            name: brand.name,
            colorPrimary: brand.whiteLabel.colorPrimary,
            iconVersion: await deps.icons.version(iconBrand(brand)),
          },
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

    r.get(
      '/brand-icons/:brandId/:file',
      {
        schema: {
          tags: ['brands'],
          summary:
            "One of a brand's icons (PNG): drawn from its logo on its colour, or its initial; an unknown brand or one without a logo is the main brand",
          params: brandIconParamsSchema,
          querystring: brandIconQuerySchema,
        },
      },
      async (request, reply) => {
        const icon = brandIconByFile(request.params.file);
        if (!icon) return reply.callNotFound();
        const brand = await deps.service.byId(request.params.brandId);
        const drawn = await deps.icons.icon(iconBrand(brand), icon);
        reply
          .header('cache-control', request.query.v === drawn.version ? iconForGood : iconForAnHour)
          .header('etag', drawn.etag);
        if (matchesEtag(request.headers['if-none-match'], drawn.etag)) {
          return reply.status(304).send();
        }
        return reply.type('image/png').send(drawn.png);
      },
    );
  };
}
