import {
  moneySubscriptionsRequestSchema,
  moneySubscriptionsResponseSchema,
} from '@apothecall/domain/backoffice/money-plans.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { SubscriptionsMoneyService } from './subscriptions-money';

/**
 * The back office's money console, its subscriptions list, under /admin/money:
 * filters in the body, never the URL. Back-office access to 'money' on every call (admin only):
 * 403 otherwise, 401 without a session.
 */
export function subscriptionsMoneyRoutes(deps: { money: SubscriptionsMoneyService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/admin/money/subscriptions',
      {
        schema: {
          tags: ['backoffice'],
          summary:
            'Every subscription across brands, newest first, 50 a page: patient, plan, period, price, status (active, past due, cancelled, ended), next renewal; filter by brand and status (back office money: read)',
          body: moneySubscriptionsRequestSchema,
          response: { 200: moneySubscriptionsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.money.list(actorOf(request), request.body)),
      }),
    );
  });
}
