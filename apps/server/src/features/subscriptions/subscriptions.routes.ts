import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  purchaseServicesRequestSchema,
  rxAdminCancelRequestSchema,
  rxAdminCancelResponseSchema,
  rxAdminResponseSchema,
  rxAdminSubscribersSearchResponseSchema,
  rxAdminSubscribersSearchSchema,
  rxServicesResponseSchema,
  subscriptionCancelRequestSchema,
  subscriptionPriceRequestSchema,
  subscriptionPriceResponseSchema,
  subscriptionPricingResponseSchema,
  subscriptionPurchaseRequestSchema,
  subscriptionResponseSchema,
  subscriptionUncancelRequestSchema,
} from '@apothecall/domain/subscriptions/subscriptions.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { SubscriptionsService } from './subscriptions.service';
import type { SubscriptionsAdminService } from './subscriptions-admin.service';

/**
 * The subscription calls of spec section 7 (/subscription-pricing, -purchase, -cancel,
 * -unCancel, -price, /purchase-services) plus the rx services list and the rx-subscription
 * administrator's /rxadmin calls.
 */
export function subscriptionsRoutes(deps: {
  subscriptions: SubscriptionsService;
  admin: SubscriptionsAdminService;
}) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['subscriptions'];
    const one = async (p: Promise<unknown>) => ({
      error: false as const,
      subscription: (await p) as Awaited<ReturnType<SubscriptionsService['purchase']>>,
    });

    r.get(
      '/subscription-pricing',
      {
        schema: {
          tags,
          summary: "The brand's plans and visit prices, and the account's plan",
          response: { 200: subscriptionPricingResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.subscriptions.pricing(actorOf(request))),
      }),
    );

    r.post(
      '/subscription-purchase',
      {
        schema: {
          tags,
          summary: 'Buy a visit plan (charged to a card once per key)',
          body: subscriptionPurchaseRequestSchema,
          response: { 200: subscriptionResponseSchema },
        },
      },
      async (request) => one(deps.subscriptions.purchase(actorOf(request), request.body)),
    );

    r.post(
      '/subscription-cancel',
      {
        schema: {
          tags,
          summary: 'Cancel: in force until the renew date, then not renewed',
          body: subscriptionCancelRequestSchema,
          response: { 200: subscriptionResponseSchema },
        },
      },
      async (request) => one(deps.subscriptions.cancel(actorOf(request), request.body)),
    );

    r.post(
      '/subscription-unCancel',
      {
        schema: {
          tags,
          summary: 'Uncancel a cancelled plan still in force: it renews again',
          body: subscriptionUncancelRequestSchema,
          response: { 200: subscriptionResponseSchema },
        },
      },
      async (request) => one(deps.subscriptions.uncancel(actorOf(request), request.body)),
    );

    r.post(
      '/subscription-price',
      {
        schema: {
          tags,
          summary: "A family member's visit price under the account's plan, with its token",
          body: subscriptionPriceRequestSchema,
          response: { 200: subscriptionPriceResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.subscriptions.price(actorOf(request), request.body.patientID)),
      }),
    );

    rxServiceRoutes(app, deps.subscriptions);
    rxAdminRoutes(app, deps.admin);
  });
}

/** The rx administrator's subscribers (declared in the plugin, under its session). */
function rxAdminRoutes(app: FastifyInstance, admin: SubscriptionsAdminService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];

  r.get(
    '/rxadmin/subscriptions',
    {
      schema: {
        tags,
        summary: "The company's subscribers and revenue by month (rxSubscriptionAdmin only)",
        response: { 200: rxAdminResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await admin.overview(actorOf(request))),
    }),
  );

  r.post(
    '/rxadmin/subscriptions/search',
    {
      schema: {
        tags,
        summary:
          "The company's subscribers, newest first, 20 a page, by member's name and status (rxSubscriptionAdmin only; issue 36, finding 14)",
        body: rxAdminSubscribersSearchSchema,
        response: { 200: rxAdminSubscribersSearchResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await admin.search(actorOf(request), request.body)),
    }),
  );

  r.post(
    '/rxadmin/subscriptions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a subscriber (no more renewals), or cancel and refund the current period',
        params: idParamsSchema,
        body: rxAdminCancelRequestSchema,
        response: { 200: rxAdminCancelResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      subscriber: await admin.cancel(actorOf(request), request.params.id, request.body),
    }),
  );
}

/** The rx services a member may subscribe to, and buying one (in the plugin, under its session). */
function rxServiceRoutes(app: FastifyInstance, subscriptions: SubscriptionsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['subscriptions'];
  const one = async (p: Promise<unknown>) => ({
    error: false as const,
    subscription: (await p) as Awaited<ReturnType<SubscriptionsService['purchase']>>,
  });

  r.get(
    '/rx-services',
    {
      schema: {
        tags,
        summary: "Medications the brand's pharmacy supplies monthly, and my rx subscriptions",
        response: { 200: rxServicesResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await subscriptions.rxServices(actorOf(request))),
    }),
  );

  r.post(
    '/purchase-services',
    {
      schema: {
        tags,
        summary: 'Subscribe to a medication supplied monthly, billed every `months`',
        body: purchaseServicesRequestSchema,
        response: { 200: subscriptionResponseSchema },
      },
    },
    async (request) => one(subscriptions.purchaseService(actorOf(request), request.body)),
  );
}
