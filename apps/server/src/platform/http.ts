import { isMessageKey, type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import { type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { RequestOrigin } from './audit.service';
import { AppError, appErrors, SchemaError } from './errors';
import type { SessionsService } from './sessions/sessions.service';

/**
 * The HTTP conventions of spec section 7, in one place:
 * - `Authorization: Bearer <token>` carries the session token;
 * - `X-Time-Zone: <IANA name>` the user's time zone;
 * - `X-App-Params: lang=es&brand=<company key>` the parameters (language, tenant/brand id);
 *   without it, Accept-Language chooses the language;
 * - every error answers `{ error: true, errorMsg, errorCode }`, errorMsg in that language.
 */
declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    timeZone: string;
    brandId: string | undefined;
    auth: { sessionId: string; accountId: string } | undefined;
  }
  interface FastifyInstance {
    sessionsService: SessionsService;
  }
}

export interface ErrorBody {
  error: true;
  errorMsg: string;
  errorCode: string;
}

export function errorBody(
  lang: Lang,
  code: string,
  key: MessageKey,
  params?: Record<string, string>,
): ErrorBody {
  return { error: true, errorMsg: translate(lang, key, params), errorCode: code };
}

function isValidTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

function parseParams(header: string | string[] | undefined): URLSearchParams {
  const value = Array.isArray(header) ? header[0] : header;
  return new URLSearchParams(value && value.length <= 512 ? value : '');
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, requestId: String(request.id) };
}

/** preHandler for routes that need a session. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  if (!token) throw appErrors.authRequired();
  const resolved = await request.server.sessionsService.resolve(token);
  if (!resolved.ok) {
    throw resolved.reason === 'unknown' ? appErrors.authRequired() : appErrors.sessionExpired();
  }
  request.auth = { sessionId: resolved.sessionId, accountId: resolved.accountId };
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

/** Turns one schema issue into a sentence in the user's language. */
function issueMessage(
  lang: Lang,
  issue: {
    instancePath: string;
    keyword: string;
    message?: string | undefined;
    params: Record<string, unknown>;
  },
): string {
  if (issue.message && isMessageKey(issue.message)) {
    const nested = issue.params.params;
    const params =
      nested && typeof nested === 'object'
        ? (nested as Record<string, string | number>)
        : undefined;
    return translate(lang, issue.message, params);
  }
  const field = fieldOf(issue.instancePath);
  // zod 4 does not report the input; its message says what it received.
  const missing =
    issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
  return translate(lang, missing ? 'errors.missingField' : 'errors.invalidField', { field });
}

/** True when any string inside the value holds a NUL byte (PostgreSQL cannot store it). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1),
    );
  }
  return false;
}

/**
 * What an unexpected error may put in the log: its kind and codes, never its message — a
 * database driver's message carries the query's parameters, which can be PHI.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  const e = error as {
    name?: unknown;
    code?: unknown;
    statusCode?: unknown;
    cause?: { code?: unknown; name?: unknown };
  };
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    code: typeof e?.code === 'string' ? e.code : undefined,
    causeName: typeof e?.cause?.name === 'string' ? e.cause.name : undefined,
    causeCode: typeof e?.cause?.code === 'string' ? e.cause.code : undefined,
  };
}

export const httpConventions = fp(
  async (app: FastifyInstance, opts: { sessions: SessionsService }) => {
    app.decorate('sessionsService', opts.sessions);
    app.decorateRequest('lang', 'en');
    app.decorateRequest('timeZone', 'UTC');
    app.decorateRequest('brandId', undefined);
    app.decorateRequest('auth', undefined);

    app.addHook('onRequest', async (request, reply) => {
      const params = parseParams(request.headers['x-app-params']);
      request.lang = negotiateLanguage(params.get('lang') ?? request.headers['accept-language']);
      const brand = params.get('brand');
      request.brandId = brand && /^[a-z0-9-]{1,64}$/.test(brand) ? brand : undefined;
      const tz = request.headers['x-time-zone'];
      request.timeZone = typeof tz === 'string' && isValidTimeZone(tz) ? tz : 'UTC';
      reply.header('x-request-id', request.id);
    });

    // A NUL byte cannot be stored and is never meaningful in this API: refuse it up front.
    app.addHook('preValidation', async (request) => {
      if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
        throw new AppError(400, 'VALIDATION', 'errors.malformedBody');
      }
    });

    app.setErrorHandler(
      (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
        const lang = request.lang ?? 'en';
        if (error instanceof AppError) {
          return reply.status(error.status).send({
            ...errorBody(lang, error.code, error.messageKey, stringParams(error.params)),
            ...error.extra,
          });
        }
        if (error instanceof SchemaError) {
          const message = error.issues
            .map((issue) =>
              issueMessage(lang, {
                instancePath: `/${issue.path.replaceAll('.', '/')}`,
                keyword: 'custom',
                message: issue.message,
                params: { params: issue.params },
              }),
            )
            .join(' ');
          return reply.status(400).send({
            error: true,
            errorMsg: translate(lang, 'errors.validation', { message }),
            errorCode: 'VALIDATION',
          } satisfies ErrorBody);
        }
        if (hasZodFastifySchemaValidationErrors(error)) {
          const message = error.validation.map((issue) => issueMessage(lang, issue)).join(' ');
          return reply.status(400).send({
            error: true,
            errorMsg: translate(lang, 'errors.validation', { message }),
            errorCode: 'VALIDATION',
          } satisfies ErrorBody);
        }
        const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
        if (status >= 400 && status < 500) {
          // Fastify's own client errors: unreadable JSON, wrong content type, body too large...
          const key: MessageKey =
            status === 429
              ? 'errors.rateLimited'
              : status === 404
                ? 'errors.notFound'
                : 'errors.malformedBody';
          return reply.status(status).send(errorBody(lang, error.code ?? 'BAD_REQUEST', key));
        }
        request.log.error({ error: loggableError(error) }, 'unhandled error');
        return reply.status(500).send(errorBody(lang, 'INTERNAL', 'errors.internal'));
      },
    );
  },
  { name: 'http-conventions' },
);

function stringParams(
  params: Readonly<Record<string, string | number>> | undefined,
): Record<string, string> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
}
