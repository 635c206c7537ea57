import type { ErrorCode, ResponseErrorCode } from '@apothecall/domain/errors/error-codes';
import { isMessageKey, type MessageKey, translate } from '@apothecall/domain/i18n/catalog';
import { type Lang, negotiateLanguage } from '@apothecall/domain/i18n/i18n.rules';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { trackResponses } from './after-response';
import { AppError, appErrors, SchemaError } from './errors';
import { securityHeaders } from './security-headers';
import type { SessionsService } from './sessions/sessions.service';
import { zoneFormat } from './time';

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
  errorCode: ResponseErrorCode;
}

export function errorBody(
  lang: Lang,
  code: ResponseErrorCode,
  key: MessageKey,
  params?: Record<string, string>,
): ErrorBody {
  return { error: true, errorMsg: translate(lang, key, params), errorCode: code };
}

/** A zone is known when a formatter can be made in it (kept: each request names its zone). */
const zoneOnly: Intl.DateTimeFormatOptions = {};

function isValidTimeZone(value: string): boolean {
  if (value.length > 64) return false;
  try {
    zoneFormat(zoneOnly, value);
    return true;
  } catch {
    return false;
  }
}

function parseParams(header: string | string[] | undefined): URLSearchParams {
  const value = Array.isArray(header) ? header[0] : header;
  return new URLSearchParams(value && value.length <= 512 ? value : '');
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
  // zod 4 does not report the input; its message says what it received. A missing key answers
  // like an empty one: the spec's 'Required information' (section 5).
  const missing =
    issue.keyword === 'invalid_type' && /received undefined$/.test(issue.message ?? '');
  if (missing) return translate(lang, 'common.required');
  return translate(lang, 'errors.invalidField', { field: fieldOf(issue.instancePath) });
}

/** One sentence per distinct problem ('Required information' once, however many fields). */
function sentences(messages: string[]): string {
  return [...new Set(messages)].join(' ');
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

/** Fastify's own client-error codes pass through (FST_ERR_CTP_INVALID_JSON…); others are BAD_REQUEST. */
function fastifyCode(code: string | undefined): ResponseErrorCode {
  return code?.startsWith('FST_') ? (code as `FST_${string}`) : 'BAD_REQUEST';
}

/** The request's language before any hook ran: the parameters header, else Accept-Language. */
function languageOf(headers: FastifyRequest['headers']): Lang {
  const params = parseParams(headers['x-app-params']);
  return negotiateLanguage(params.get('lang') ?? headers['accept-language']);
}

const frameworkErrorCodes: Record<string, { status: number; code: ErrorCode; key: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', key: 'errors.malformedBody' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URL_TOO_LONG', key: 'errors.malformedBody' },
};

/**
 * Fastify's `frameworkErrors` option: errors raised while routing, before any hook runs (a path
 * that does not decode, such as `%ZZ`; a path parameter over `maxParamLength`). They answer the
 * usual envelope in the request's language; the path is never repeated back. No hook runs for
 * them, so the headers every answer carries are set here too.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const lang = languageOf(request.headers);
  const known = frameworkErrorCodes[error.code];
  reply.headers(securityHeaders());
  reply.header('cache-control', 'no-store');
  reply.header('x-request-id', request.id);
  if (known) {
    reply.status(known.status).send(errorBody(lang, known.code, known.key));
    return;
  }
  request.log.error({ error: loggableError(error) }, 'routing error');
  reply.status(500).send(errorBody(lang, 'INTERNAL', 'errors.internal'));
}

/**
 * What the app passes to Fastify() so routing errors answer the envelope (app.ts):
 * `Fastify({ ...frameworkErrorOptions, ... })`. Path parameters stay at Fastify's 100
 * characters (ids and codes are far shorter); longer ones answer 414 URL_TOO_LONG.
 */
export const frameworkErrorOptions: Pick<
  FastifyServerOptions,
  'frameworkErrors' | 'routerOptions'
> = {
  // Fastify types the option generically over each route's schema; this handler reads only
  // headers and the request id, and answers the envelope, whatever the route.
  frameworkErrors: frameworkErrors as NonNullable<FastifyServerOptions['frameworkErrors']>,
  // The spec writes some calls with a trailing slash (/subscription-price/): both spellings answer.
  routerOptions: { maxParamLength: 100, ignoreTrailingSlash: true },
};

export const httpConventions = fp(
  async (app: FastifyInstance, opts: { sessions: SessionsService }) => {
    app.decorate('sessionsService', opts.sessions);
    app.decorateRequest('lang', 'en');
    app.decorateRequest('timeZone', 'UTC');
    app.decorateRequest('brandId', undefined);
    app.decorateRequest('auth', undefined);

    trackResponses(app);
    app.addHook('onRequest', async (request, reply) => {
      const params = parseParams(request.headers['x-app-params']);
      request.lang = languageOf(request.headers);
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
          if (error.retryAfterSeconds !== undefined) {
            reply.header('retry-after', String(error.retryAfterSeconds));
          }
          return reply.status(error.status).send({
            ...errorBody(lang, error.code, error.keyIn(lang), stringParams(error.params)),
            ...error.extra,
          });
        }
        if (error instanceof SchemaError) {
          const message = sentences(
            error.issues.map((issue) =>
              issueMessage(lang, {
                instancePath: `/${issue.path.replaceAll('.', '/')}`,
                keyword: 'custom',
                message: issue.message,
                params: { params: issue.params },
              }),
            ),
          );
          return reply.status(400).send({
            error: true,
            errorMsg: translate(lang, 'errors.validation', { message }),
            errorCode: 'VALIDATION',
          } satisfies ErrorBody);
        }
        if (hasZodFastifySchemaValidationErrors(error)) {
          const message = sentences(error.validation.map((issue) => issueMessage(lang, issue)));
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
          return reply.status(status).send(errorBody(lang, fastifyCode(error.code), key));
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
