import {
  analyticsAttributionResponseSchema,
  analyticsLoginsResponseSchema,
  analyticsOverviewResponseSchema,
  analyticsParamsSchema,
  analyticsRangeQuerySchema,
  analyticsReferralsResponseSchema,
} from '@apothecall/domain/analytics/analytics.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { AnalyticsService } from './analytics.service';

/**
 * The pharmacy's analytics (spec sections 2 and 6): overview, logins, attribution
 * and referrals of the caller's own pharmacy, for its administrator. `?from=&to=` are calendar
 * days in the caller's time zone (default: the last 30 days). Another pharmacy's id answers 404,
 * a pharmacist 403 `PHARMACY_ADMIN_ONLY`, anyone else 403 `PHARMACY_ONLY`.
 */
export function analyticsRoutes(deps: { analytics: AnalyticsService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['analytics'];
    const { analytics } = deps;
    const params = analyticsParamsSchema;
    const querystring = analyticsRangeQuerySchema;

    r.get(
      '/pharmacy/analytics/:pharmacyId',
      {
        schema: {
          tags,
          summary:
            'Visits by status and treatment, revenue, claim fees, link-to-paid conversion and time to claim (audited)',
          params,
          querystring,
          response: { 200: analyticsOverviewResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await analytics.overview(actorOf(request), request.params.pharmacyId, request.query)),
      }),
    );

    r.get(
      '/pharmacy/analytics/:pharmacyId/logins',
      {
        schema: {
          tags,
          summary: "The pharmacy's staff and their login history, newest first (audited)",
          params,
          querystring,
          response: { 200: analyticsLoginsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await analytics.logins(actorOf(request), request.params.pharmacyId, request.query)),
      }),
    );

    r.get(
      '/pharmacy/analytics/:pharmacyId/attribution',
      {
        schema: {
          tags,
          summary: 'Visits by source (in-store assessment, link, direct), by link and by brand',
          params,
          querystring,
          response: { 200: analyticsAttributionResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await analytics.attribution(
          actorOf(request),
          request.params.pharmacyId,
          request.query,
        )),
      }),
    );

    r.get(
      '/pharmacy/analytics/:pharmacyId/referrals',
      {
        schema: {
          tags,
          summary: "The pharmacy's referral codes and their transactions (never who paid)",
          params,
          querystring,
          response: { 200: analyticsReferralsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await analytics.referrals(actorOf(request), request.params.pharmacyId, request.query)),
      }),
    );
  });
}
