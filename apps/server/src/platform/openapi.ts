import { errorEnvelopeSchema } from '@apothecall/domain/common/common.schemas';
import type { FastifyDynamicSwaggerOptions, SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from './http';

/**
 * The OpenAPI document at /api/docs. The zod contracts give each call its
 * request and success schemas (fastify-type-provider-zod); what no single route says is added
 * here, once, for every route, so strict clients (swagger-parser, Redocly's recommended rules,
 * openapi-typescript) accept the document:
 * - `security`: `bearerAuth` on the routes behind `requireSession`, none on the others (unless
 *   the route's schema says);
 * - `operationId`: from the method and the path (`GET /api/account/profile` is
 *   `getAccountProfile`), unless the route's schema names its own;
 * - the error answers, all in the one envelope `ErrorEnvelope`: 400 on every call, 401 on those
 *   that need a session, 404 on those that name a record (a path parameter or `ptId`), and
 *   `default` for the rest (the call's own codes are in docs/api.md);
 * - a path written with a trailing slash is listed without it (both spellings answer).
 * platform/openapi.int.test.ts validates the document with all three tools.
 */

/** The security scheme of a session token (`Authorization: Bearer <token>`). */
export const sessionScheme = 'bearerAuth';

const schemaRef = (name: string) => `#/components/schemas/${name}`;

/**
 * Schemas written out here because zod's own conversion cannot express them in OpenAPI 3.0:
 * `JsonValue` is the domain's `jsonValueSchema` (`z.json()`, recursive). It is the empty schema,
 * which every JSON value matches: the recursive form (`anyOf` string ... array of JsonValue)
 * is valid OpenAPI, but the TypeScript openapi-typescript makes of it does not compile (an
 * indexed access type cannot refer to itself through an array; openapi-typescript issue 1603).
 * Referenced under the same name from requests and responses (the zod conversion would say
 * `JsonValueInput` for a request).
 */
const writtenComponents = {
  JsonValue: {
    description:
      'Any JSON value: a string, number, boolean, null, or an array or object of JSON values.',
  },
} as const;

/** The error envelope, from the domain's schema (extra fields allowed: some errors carry them). */
function errorEnvelopeComponent(): Record<string, unknown> {
  const schema = z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0', io: 'input' });
  const properties = schema.properties as Record<string, Record<string, unknown>>;
  return {
    ...schema,
    description:
      'Every error: `errorMsg` in the request language, `errorCode` one of the codes docs/api.md lists (`ErrorCode` in packages/domain/src/errors/error-codes.ts) or a Fastify `FST_…` code.',
    properties: {
      ...properties,
      errorMsg: {
        ...properties.errorMsg,
        description: "What went wrong, in the request's language",
      },
      errorCode: { ...properties.errorCode, example: 'VALIDATION' },
    },
  };
}

/** The `openapi` object of @fastify/swagger's options: info, servers, components. */
export function openApiDocument(
  apiVersion: string,
): NonNullable<FastifyDynamicSwaggerOptions['openapi']> {
  return {
    openapi: '3.0.3',
    info: {
      title: 'Apothecall API',
      version: apiVersion,
      description:
        'JSON API. Send `Authorization: Bearer <token>`, `X-Time-Zone` and `X-App-Params: lang=en|es&brand=<key>`. Errors answer `{ error: true, errorMsg, errorCode }`.',
    },
    // The document is served by the API it describes, on each brand's own host name.
    servers: [{ url: '/', description: 'This server' }],
    components: {
      securitySchemes: {
        [sessionScheme]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session token from POST /api/account/token (or /api/account/authIdToken).',
        },
      },
      schemas: { ErrorEnvelope: errorEnvelopeComponent(), ...writtenComponents },
    },
  };
}

/** True when the route runs `requireSession` before its handler. */
export function needsSession(route: Pick<RouteOptions, 'preHandler'>): boolean {
  const handlers: unknown[] = [route.preHandler ?? []].flat();
  return handlers.includes(requireSession);
}

function words(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(Boolean);
}

/**
 * `GET /api/account/devices/:id` -> `getAccountDevicesById`: the method, then each word of the
 * path after `/api`, capitalised (a parameter as `By<Name>`). Stable as long as the path is.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean);
  const parts = segments.flatMap((segment) => {
    if (segment === '*') return ['any'];
    const param = /^[:{]([A-Za-z0-9_]+)/.exec(segment);
    return param?.[1] ? ['by', ...words(param[1])] : words(segment);
  });
  const capitalised = parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

type JsonSchema = Record<string, unknown>;

const errorAnswer = (description: string) => ({ description, $ref: schemaRef('ErrorEnvelope') });
const errorAnswers = {
  400: errorAnswer(
    'The request could not be read or is not valid: `VALIDATION` (errorMsg names each field), `BAD_URL`, `BAD_REQUEST`, a Fastify `FST_…` code, or a rule of this call',
  ),
  401: errorAnswer('No session or it ended: `AUTH_REQUIRED`, `SESSION_EXPIRED`'),
  404: errorAnswer("`NOT_FOUND`: no such record, or not the caller's"),
  default: errorAnswer(
    "Any other error, in the same envelope (this call's codes are in docs/api.md); a 5xx answer says `INTERNAL` and nothing more",
  ),
};

function names(schema: unknown, property: string): boolean {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties !== undefined && property in properties;
}

/** Points `#/components/schemas/<Name>Input` at `<Name>` for the schemas written out above. */
function sharedRefs<T>(schema: T): T {
  const inputs = new Map(
    Object.keys(writtenComponents).map((name) => [schemaRef(`${name}Input`), schemaRef(name)]),
  );
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' ? (inputs.get(value) ?? value) : value,
  ) as T;
}

/** The swagger `transform`: zod to JSON Schema, then what every operation needs (see above). */
export const documentRoute: SwaggerTransform = (input) => {
  const converted = jsonSchemaTransform(input);
  const schema = sharedRefs((converted.schema ?? {}) as FastifySchema & JsonSchema);
  if (schema.hide) return converted;
  const url = input.url.length > 1 ? input.url.replace(/\/+$/, '') : input.url;
  const session = needsSession(input.route);
  const methods = [input.route.method].flat();
  const response: Record<string, unknown> = { ...(schema.response as JsonSchema | undefined) };
  response[400] ??= errorAnswers[400];
  if (session) response[401] ??= errorAnswers[401];
  const namesRecord =
    /\/:/.test(url) || names(schema.querystring, 'ptId') || names(schema.body, 'ptId');
  if (namesRecord) response[404] ??= errorAnswers[404];
  response.default ??= errorAnswers.default;
  return {
    url,
    schema: {
      ...schema,
      // One route with several methods would share one id; none does, and Redocly would say so.
      ...(schema.operationId || methods.length !== 1
        ? {}
        : { operationId: operationIdOf(String(methods[0]), url) }),
      security: schema.security ?? (session ? [{ [sessionScheme]: [] }] : []),
      response,
    },
  };
};
