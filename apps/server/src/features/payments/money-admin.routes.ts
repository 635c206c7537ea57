import {
  moneyRefundRequestSchema,
  moneyRefundResponseSchema,
  moneyTransactionsRequestSchema,
  moneyTransactionsResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
} from '@apothecall/domain/backoffice/money.api';
import { idParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { MoneyAdminService } from './money-admin.service';

/**
 * The back office's money area, under /admin/money: every ledger entry (filters in
 * the body, never the URL), the full refund of a succeeded charge with a reason. Back-office
 * access to 'money' on every call (admin only; support's is 'none'): 403 otherwise, 401 without
 * a session.
 */
export function moneyAdminRoutes(deps: { money: MoneyAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['backoffice'];

    r.post(
      '/admin/money/transactions',
      {
        schema: {
          tags,
          summary:
            'Every ledger entry across brands, newest first, 50 a page: filter by brand, kind, status, days, invoice number or 8-character reference (back office money: read)',
          body: moneyTransactionsRequestSchema,
          response: { 200: moneyTransactionsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.money.transactions(actorOf(request), request.body)),
      }),
    );

    r.post(
      '/admin/money/transactions/:id/refund',
      {
        schema: {
          tags,
          summary:
            'Refund a succeeded charge in full with a reason, once per idempotency key; 409 for a refund, a refunded, pending or failed charge (back office money: write)',
          params: idParamsSchema,
          body: moneyRefundRequestSchema,
          response: { 200: moneyRefundResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        refund: await deps.money.refund(actorOf(request), request.params.id, request.body),
      }),
    );

    r.get(
      '/admin/money/reconciliation',
      {
        schema: {
          tags,
          summary:
            "A day's (UTC) card charges and refunds in the ledger against the gateway's record of each, with the differences: in the ledger only, at the gateway only, amounts differ (back office money: read)",
          querystring: reconciliationQuerySchema,
          response: { 200: reconciliationResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.money.reconcile(actorOf(request), request.query.day)),
      }),
    );
  });
}
