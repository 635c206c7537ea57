import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@apothecall/domain/i18n/catalog';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { BrandResolver } from './actor';
import { httpConventions } from './http';
import { documentRoute, openApiDocument } from './openapi';
import { guardPrivateFiles } from './private-file';
import { securityHeaders } from './security-headers';
import type { SessionsService } from './sessions/sessions.service';

/** Security headers, the HTTP conventions (envelope, language, session), the OpenAPI docs. */
export async function registerHttp(
  app: FastifyInstance,
  opts: {
    sessions: SessionsService;
    brandResolver: BrandResolver;
    apiVersion: string;
    /** Origins of the native apps' web views, which call the API from another origin. */
    nativeOrigins?: readonly string[];
  },
): Promise<void> {
  // The same security headers on every answer, worked out once: @fastify/helmet rebuilt
  // helmet's middleware (parsing the CSP directives again) on every request, ~4% of an
  // authenticated read's CPU.
  const headers = securityHeaders();
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
  noStoreByDefault(app);
  guardPrivateFiles(app);
  allowNativeOrigins(app, opts.nativeOrigins ?? []);
  app.decorate('brandResolver', opts.brandResolver);
  app.decorateRequest('callerMemo', undefined);
  await app.register(httpConventions, { sessions: opts.sessions });
  await app.register(swagger, {
    openapi: openApiDocument(opts.apiVersion),
    transform: documentRoute,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * `Cache-Control: no-store` on every answer that does not choose its own caching: every JSON
 * answer of the API (a patient's record, a session, an error) and every error, so no browser
 * cache, proxy or shared device keeps PHI. Answers that are the same for everyone choose theirs:
 * the web build's files (`serveWeb`: hashed assets a year, the page and service worker
 * `no-cache`, the rest an hour), the brand's manifest (`no-cache`) and the native apps'
 * association files (an hour). `Pragma` is not sent: it only ever spoke to HTTP/1.0 caches.
 * `@fastify/static` writes its header straight onto the raw response, so that counts as chosen.
 */
function noStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/**
 * The native apps' web views load the web build from the device (origin
 * `capacitor://localhost` on iOS, `https://localhost` on Android) and call this API across
 * origins. Those origins alone get CORS answers, and only under /api; the API takes its token
 * in the Authorization header, never a cookie, so no credentials mode is allowed. A preflight
 * is answered here, before routing.
 */
function allowNativeOrigins(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  if (allowed.size === 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin) || !request.url.startsWith('/api/')) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'content-disposition');
    if (request.method !== 'OPTIONS') return;
    reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    reply.header(
      'access-control-allow-headers',
      'authorization, content-type, accept, x-time-zone, x-app-params',
    );
    reply.header('access-control-max-age', '600');
    return reply.status(204).send();
  });
}

/**
 * The built web app at `/`. The build writes a brotli and a gzip copy next to each text asset
 * (apps/web/scripts/precompress.mjs) and the one the browser accepts is sent as is, with
 * `Vary: Accept-Encoding`: nothing is compressed per request. Hashed files under `assets/` are
 * cached for a year; the page, the service worker and the manifest are revalidated every time.
 * Source maps are neither built nor served.
 */
export async function serveWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      // The manifest is each brand's, answered by the brands area (a build from before that
      // may still hold a static one; serving both would be two routes for one path).
      globIgnore: ['manifest.webmanifest', 'manifest.webmanifest.*'],
      setHeaders(res, filePath) {
        const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
        // A shared cache must not hand a brotli copy to a client that asked for none.
        if (/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(name)) {
          res.setHeader('vary', 'Accept-Encoding');
        }
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (
          name === 'index.html' ||
          name === 'sw.js' ||
          name === 'registerSW.js' ||
          name.startsWith('workbox-') ||
          name.endsWith('.webmanifest')
        ) {
          res.setHeader('cache-control', 'no-cache');
        } else {
          res.setHeader('cache-control', 'public, max-age=3600');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: true,
      errorMsg: translate(request.lang, 'errors.notFound'),
      errorCode: 'NOT_FOUND',
    });
  });
}
