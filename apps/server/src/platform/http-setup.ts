import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@apothecall/domain/i18n/catalog';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { BrandResolver } from './actor';
import { httpConventions } from './http';
import type { SessionsService } from './sessions/sessions.service';

/** Security headers, the HTTP conventions (envelope, language, session), the OpenAPI docs. */
export async function registerHttp(
  app: FastifyInstance,
  opts: { sessions: SessionsService; brandResolver: BrandResolver; apiVersion: string },
): Promise<void> {
  await app.register(helmet, {
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
  app.decorate('brandResolver', opts.brandResolver);
  app.decorateRequest('callerMemo', undefined);
  await app.register(httpConventions, { sessions: opts.sessions });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Apothecall API',
        version: opts.apiVersion,
        description:
          'JSON API. Send `Authorization: Bearer <token>`, `X-Time-Zone` and `X-App-Params: lang=en|es&brand=<key>`. Errors answer `{ error: true, errorMsg, errorCode }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The built web app at `/` (hashed assets cached for a year), and the envelope for 404s. */
export async function serveWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const name = path.basename(filePath);
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else if (name === 'index.html' || name === 'sw.js' || name.endsWith('.webmanifest')) {
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
