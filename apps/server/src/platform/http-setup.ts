import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@apothecall/domain/i18n/catalog';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { BrandResolver } from './actor';
import { httpConventions } from './http';
import { documentRoute, openApiDocument } from './openapi';
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
 * The native apps' web views (issue 21) load the web build from the device (origin
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

/** helmet's headers for this app (CSP and the rest), as helmet itself sets them. */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes component styles at run time; scripts stay 'self' only.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        // The document viewer (/#/doc) shows a PDF the app decoded, as a blob: frame.
        frameSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Cross-origin isolation would block the brand assets partners host elsewhere.
    crossOriginEmbedderPolicy: false,
  });
  let failed: unknown;
  middleware(
    {} as Parameters<typeof middleware>[0],
    response as unknown as Parameters<typeof middleware>[1],
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed;
  return headers;
}
