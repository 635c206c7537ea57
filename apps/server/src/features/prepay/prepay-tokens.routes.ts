import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  prepayTokenAddRequestSchema,
  prepayTokenBulkRequestSchema,
  prepayTokenBulkResponseSchema,
  prepayTokenDeleteRequestSchema,
  prepayTokenEditRequestSchema,
  prepayTokenResponseSchema,
  prepayTokenSendRequestSchema,
  prepayTokensResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { PrepayService } from './prepay.service';

const tags = ['prepay'];
const program = (request: { params: { id: string } }) => request.params.id;

/**
 * A program's access tokens, for its holder (the spec's nonce list, add, edit, delete, send and
 * bulk). Codes travel in bodies, never in URLs.
 */
export function prepayTokensRoutes(deps: { prepay: PrepayService }) {
  return async (app: FastifyInstance) => {
    await app.register(tokenRoutes(deps));
    await app.register(tokenSendRoutes(deps));
  };
}

/** The tokens themselves: the list, a new one, how an unused one may be used, and its removal. */
function tokenRoutes(deps: { prepay: PrepayService }) {
  return sessionRoutes(async (group) => {
    const r = group.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/prepay-nonce-list/:id',
      {
        schema: {
          tags,
          summary: "A program's access tokens",
          params: idParamsSchema,
          response: { 200: prepayTokensResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        tokens: await deps.prepay.tokens(actorOf(request), program(request)),
      }),
    );

    r.post(
      '/prepay-nonce/add',
      {
        schema: {
          tags,
          summary: 'A new access token, sent at once when a delivery is given',
          body: prepayTokenAddRequestSchema,
          response: { 200: prepayTokenResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        token: await deps.prepay.addToken(actorOf(request), request.body),
      }),
    );

    r.post(
      '/prepay-nonce/edit',
      {
        schema: {
          tags,
          summary: 'How an unused access token may be used',
          body: prepayTokenEditRequestSchema,
          response: { 200: prepayTokenResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        token: await deps.prepay.editToken(actorOf(request), request.body),
      }),
    );

    r.post(
      '/prepay-nonce/delete',
      {
        schema: {
          tags,
          summary: 'Delete an access token nobody has used',
          body: prepayTokenDeleteRequestSchema,
          response: { 200: prepayTokensResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        tokens: await deps.prepay.deleteToken(actorOf(request), request.body),
      }),
    );
  });
}

/** Tokens sent: one by e-mail or SMS, or one per pasted line, each sent. */
function tokenSendRoutes(deps: { prepay: PrepayService }) {
  return sessionRoutes(async (group) => {
    const r = group.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/prepay-nonce/send',
      {
        schema: {
          tags,
          summary: 'Send an access token by e-mail or SMS',
          body: prepayTokenSendRequestSchema,
          response: { 200: prepayTokenResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        token: await deps.prepay.sendToken(actorOf(request), request.body),
      }),
    );

    r.post(
      '/prepay-nonce/bulk',
      {
        schema: {
          tags,
          summary: 'One access token per pasted e-mail address or phone number, each sent',
          body: prepayTokenBulkRequestSchema,
          response: { 200: prepayTokenBulkResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.prepay.bulk(actorOf(request), request.body)),
      }),
    );
  });
}
