import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  prepayAddFundsRequestSchema,
  prepayAuthorizedResponseSchema,
  prepayAuthorizedUpdateSchema,
  prepayCodeCheckRequestSchema,
  prepayCodeCheckResponseSchema,
  prepayListResponseSchema,
  prepayPricingResponseSchema,
  prepayProgramResponseSchema,
  prepayProgramSettingsSchema,
  prepayPurchaseRequestSchema,
  prepayReferredResponseSchema,
  prepayTransactionsResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, callerOf } from '../../platform/actor';
import { appErrors } from '../../platform/errors';
import type { RateLimiter } from '../../platform/rate-limit';
import { sessionRoutes } from '../../platform/route-groups';
import type { PrepayService } from './prepay.service';
import type { PrepayRedeemService } from './prepay-redeem.service';
import { prepayTokensRoutes } from './prepay-tokens.routes';

/** GET /prepay-pricing/{id}: `new` (a purchase) or a program's id (added funds). */
const pricingParamsSchema = z.object({ id: z.union([z.literal('new'), z.uuid()]) });

const tags = ['prepay'];
const program = (request: { params: { id: string } }) => request.params.id;

/**
 * The prepay calls of spec section 7: the holder's programs (pricing, list, purchase, added
 * funds, settings, authorized users, transactions, referred transactions) and access tokens
 * (the spec's nonce add, send, delete, edit and bulk: prepay-tokens.routes.ts), and the
 * patient's check of a code. Codes travel in bodies, never in URLs.
 */
export function prepayRoutes(deps: {
  prepay: PrepayService;
  redeem: PrepayRedeemService;
  limiter: RateLimiter;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/prepay-redeem/check',
      {
        schema: {
          tags,
          summary: 'What an access token offers (the redeem screen; no login needed)',
          body: prepayCodeCheckRequestSchema,
          response: { 200: prepayCodeCheckResponseSchema },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        // Codes cannot be guessed in 31^12 tries, and cannot be tried quickly either.
        if ((await deps.limiter.hit(`prepay-check:${caller.ip}`, 600)) > 60) {
          throw appErrors.rateLimited();
        }
        return { error: false as const, offer: await deps.redeem.offer(caller, request.body.code) };
      },
    );

    await app.register(programRoutes(deps));
    await app.register(purchaseRoutes(deps));
    await app.register(programRecordsRoutes(deps));
    await app.register(prepayTokensRoutes(deps));
  };
}

/** The holder's programs: their price, the list, one program and its settings. */
function programRoutes(deps: { prepay: PrepayService }) {
  return sessionRoutes(async (group) => {
    const r = group.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/prepay-pricing/:id',
      {
        schema: {
          tags,
          summary: 'What one prepaid visit costs to buy (new program, or added funds)',
          params: pricingParamsSchema,
          response: { 200: prepayPricingResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.prepay.pricing(actorOf(request), program(request))),
      }),
    );

    r.get(
      '/prepay-list',
      {
        schema: {
          tags,
          summary: 'Programs I hold or am an authorized user of',
          response: { 200: prepayListResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        programs: await deps.prepay.list(actorOf(request)),
      }),
    );

    r.get(
      '/prepay-program/:id',
      {
        schema: {
          tags,
          summary: 'One program (holder, or read by an authorized user)',
          params: idParamsSchema,
          response: { 200: prepayProgramResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        program: await deps.prepay.get(actorOf(request), program(request)),
      }),
    );

    r.post(
      '/prepay-program/:id',
      {
        schema: {
          tags,
          summary: "Change a program's settings (holder)",
          params: idParamsSchema,
          body: prepayProgramSettingsSchema,
          response: { 200: prepayProgramResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        program: await deps.prepay.update(actorOf(request), program(request), request.body),
      }),
    );
  });
}

/** Buying: a new program, or visits added to one, charged to a card once per key. */
function purchaseRoutes(deps: { prepay: PrepayService }) {
  return sessionRoutes(async (group) => {
    const r = group.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/prepay-purchase',
      {
        schema: {
          tags,
          summary: 'Buy a program: visits x the visit price, charged to a card, once per key',
          body: prepayPurchaseRequestSchema,
          response: { 200: prepayProgramResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        program: await deps.prepay.purchase(actorOf(request), request.body),
      }),
    );

    r.post(
      '/prepay-add-funds',
      {
        schema: {
          tags,
          summary: 'Add visits to a program, charged to a card, once per key',
          body: prepayAddFundsRequestSchema,
          response: { 200: prepayProgramResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        program: await deps.prepay.addFunds(actorOf(request), request.body),
      }),
    );
  });
}

/** A program's authorized users, its movements and the visits it paid for. */
function programRecordsRoutes(deps: { prepay: PrepayService }) {
  return sessionRoutes(async (group) => {
    const r = group.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/prepay-authorized/:id',
      {
        schema: {
          tags,
          summary: "A program's authorized users, their limits and visits used",
          params: idParamsSchema,
          response: { 200: prepayAuthorizedResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        allowedUsers: await deps.prepay.authorized(actorOf(request), program(request)),
      }),
    );

    r.post(
      '/prepay-authorized/:id',
      {
        schema: {
          tags,
          summary: "Replace a program's authorized users",
          params: idParamsSchema,
          body: prepayAuthorizedUpdateSchema,
          response: { 200: prepayAuthorizedResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        allowedUsers: await deps.prepay.setAuthorized(
          actorOf(request),
          program(request),
          request.body,
        ),
      }),
    );

    r.get(
      '/prepay-transaction-list/:id',
      {
        schema: {
          tags,
          summary: "A program's movements: purchase, added funds, visits, credits back",
          params: idParamsSchema,
          response: { 200: prepayTransactionsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        transactions: await deps.prepay.transactions(actorOf(request), program(request)),
      }),
    );

    r.get(
      '/prepay-referred-transaction-list/:id',
      {
        schema: {
          tags,
          summary: 'The visits a program paid for, and where each token is',
          params: idParamsSchema,
          response: { 200: prepayReferredResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        transactions: await deps.prepay.referred(actorOf(request), program(request)),
      }),
    );
  });
}
