import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  rxPrepayPriceRequestSchema,
  rxPrepayPriceResponseSchema,
} from '@apothecall/domain/prepay/prepay.api';
import {
  logFormRequestSchema,
  okResponseSchema,
  rxPriceResponseSchema,
  rxRefillRequestSchema,
  rxVisitResponseSchema,
  rxVisitsResponseSchema,
  submitRxEvaluationRequestSchema,
  submitRxPaymentRequestSchema,
} from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import type { RxPatientRoutesDeps } from './rx-routes-shared';

// The patient's visits: how one starts, is paid, listed and cancelled (session routes).

/** The evaluation, the flow's step log and a refill: how a visit starts. */
export function rxVisitStartRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.post(
    '/log-form',
    {
      schema: {
        tags,
        summary: 'Record that a step of a treatment flow was reached (never the answers)',
        body: logFormRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await deps.rx.logForm(actorOf(request), request.body.productId, request.body.step);
      return { error: false as const };
    },
  );

  r.post(
    '/submit-rx-evaluation',
    {
      schema: {
        tags,
        summary: 'Submit the evaluation: a visit waiting for payment (pendingMedPayment)',
        body: submitRxEvaluationRequestSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.rx.submitEvaluation(actorOf(request), request.body),
    }),
  );

  r.post(
    '/rx/refill',
    {
      schema: {
        tags,
        summary: 'A refill: a new visit reusing an earlier evaluation and prescription',
        body: rxRefillRequestSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.rx.refill(
        actorOf(request),
        request.body.visitId,
        request.body.idempotencyKey,
      ),
    }),
  );
}

/** The visit's price (by card or by a prepay code) and its payment. */
export function rxPaymentRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.get(
    '/rx/visits/:id/price',
    {
      schema: {
        tags,
        summary: "The visit's price and its signed token",
        params: idParamsSchema,
        response: { 200: rxPriceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.rx.price(actorOf(request), request.params.id)),
    }),
  );

  r.post(
    '/rx/visits/:id/prepay-price',
    {
      schema: {
        tags,
        summary: 'The visit priced by an access token or program code (0, priceType prepay)',
        params: idParamsSchema,
        body: rxPrepayPriceRequestSchema,
        response: { 200: rxPrepayPriceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      price: 0 as const,
      priceType: 'prepay' as const,
      offer: await deps.rx.prepayPrice(actorOf(request), request.params.id, request.body.code),
    }),
  );

  r.post(
    '/submit-rx-payment',
    {
      schema: {
        tags,
        summary: 'Pay the visit (credit, then the card); it joins the review line',
        body: submitRxPaymentRequestSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.rx.pay(actorOf(request), request.body),
    }),
  );
}

/** The account's visits, the unpaid ones, and cancelling one. */
export function rxVisitListRoutes(group: FastifyInstance, deps: RxPatientRoutesDeps) {
  const r = group.withTypeProvider<ZodTypeProvider>();
  const tags = ['rx'];
  r.get(
    '/rx/visits',
    {
      schema: {
        tags,
        summary: "The account's Rx visits, newest first, and whether one waits for an upload",
        response: { 200: rxVisitsResponseSchema },
      },
    },
    async (request) => ({ error: false as const, ...(await deps.rx.list(actorOf(request))) }),
  );

  r.get(
    '/rx/visits/unpaid',
    {
      schema: {
        tags,
        summary: "The account's visits waiting for payment",
        response: { 200: rxVisitsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.rx.list(actorOf(request), 'unpaid')),
    }),
  );

  r.post(
    '/rx/visits/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an unpaid visit, or a paid one not yet claimed (refunded)',
        params: idParamsSchema,
        response: { 200: rxVisitResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      visit: await deps.rx.cancel(actorOf(request), request.params.id),
    }),
  );
}
