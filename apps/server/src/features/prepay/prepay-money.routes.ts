import {
  moneyPrepayRequestSchema,
  moneyPrepayResponseSchema,
} from '@apothecall/domain/backoffice/money-plans.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { PrepayMoneyService } from './prepay-money';

/**
 * The back office's money console, its prepay programs list, under /admin/money:
 * filters in the body, never the URL. Back-office access to 'money' on every call (admin only):
 * 403 otherwise, 401 without a session.
 */
export function prepayMoneyRoutes(deps: { money: PrepayMoneyService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/admin/money/prepay-programs',
      {
        schema: {
          tags: ['backoffice'],
          summary:
            'Every prepay program across pharmacies, newest first, 50 a page: visits bought, used and left, tokens issued, used and left, sold, last sale; filter by brand and pharmacy (back office money: read)',
          body: moneyPrepayRequestSchema,
          response: { 200: moneyPrepayResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.money.list(actorOf(request), request.body)),
      }),
    );
  });
}
