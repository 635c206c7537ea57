import { idParamsSchema } from '@apothecall/domain/common/common.api';
import {
  createRxLinkRequestSchema,
  invitePharmacistRequestSchema,
  pharmacistsResponseSchema,
  pharmacistViewSchema,
  pharmacyAddFundsRequestSchema,
  pharmacyMeResponseSchema,
  pharmacyStatementResponseSchema,
  rxLinksResponseSchema,
  rxLinksSearchRequestSchema,
  rxLinksSearchResponseSchema,
  rxLinkViewSchema,
  rxPharmaciesRequestSchema,
  rxPharmaciesResponseSchema,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { okResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { PharmacyPortalService } from './pharmacy-portal.service';

const tags = ['pharmacy'];

/**
 * The pharmacy portal's organisation calls: who I am (GET /pharmacy/me), pharmacists (the
 * spec's pharmacist grant and revoke), Rx links; and the verified pharmacies a patient may send
 * an Rx visit to (GET /rx/pharmacies). The visits' dashboard is the Rx area's.
 */
export function pharmacyRoutes(deps: { portal: PharmacyPortalService }) {
  return async (app: FastifyInstance) => {
    await app.register(organizationRoutes(deps));
    await app.register(pharmacistRoutes(deps));
    await app.register(linkRoutes(deps));
    await app.register(choiceRoutes(deps));
  };
}

/** My pharmacy, and its fee account (the statement, funds added by card). */
function organizationRoutes(deps: { portal: PharmacyPortalService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/pharmacy/me',
      {
        schema: {
          tags,
          summary: 'My pharmacy (verified or not, prepay balance, claim fee), role and grant',
          response: { 200: pharmacyMeResponseSchema },
        },
      },
      async (request) => ({ error: false as const, ...(await deps.portal.me(actorOf(request))) }),
    );

    r.get(
      '/pharmacy/statement',
      {
        schema: {
          tags,
          summary:
            'The fee account: balance and every movement (fees, top-ups, refunds), newest first (admin)',
          response: { 200: pharmacyStatementResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.portal.statement(actorOf(request))),
      }),
    );

    r.post(
      '/pharmacy/funds',
      {
        schema: {
          tags,
          summary:
            "Add funds to the fee account by the admin's card, once per idempotency key (admin)",
          body: pharmacyAddFundsRequestSchema,
          response: { 200: pharmacyStatementResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.portal.addFunds(actorOf(request), request.body)),
      }),
    );
  });
}

/** The pharmacy's pharmacists: their grants, an invitation, a revocation (admin). */
function pharmacistRoutes(deps: { portal: PharmacyPortalService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/pharmacy/pharmacists',
      {
        schema: {
          tags,
          summary: "The pharmacy's pharmacists and their grants (admin)",
          response: { 200: pharmacistsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacists: await deps.portal.pharmacists(actorOf(request)),
      }),
    );

    r.post(
      '/pharmacy/pharmacists',
      {
        schema: {
          tags,
          summary: 'Invite a pharmacist by e-mail with states, links and claimed-only (admin)',
          body: invitePharmacistRequestSchema,
          response: {
            200: z.object({ error: z.literal(false), pharmacist: pharmacistViewSchema }),
          },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacist: await deps.portal.invite(actorOf(request), request.body),
      }),
    );

    r.post(
      '/pharmacy/pharmacists/:id/revoke',
      {
        schema: {
          tags,
          summary: 'Revoke a pharmacist: the grant ends and their sessions end at once (admin)',
          params: idParamsSchema,
          response: {
            200: z.object({ error: z.literal(false), pharmacist: pharmacistViewSchema }),
          },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacist: await deps.portal.revoke(actorOf(request), request.params.id),
      }),
    );
  });
}

/** The pharmacy's Rx links: the list, its search, a new one, a withdrawal. */
function linkRoutes(deps: { portal: PharmacyPortalService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/pharmacy/links',
      {
        schema: {
          tags,
          summary: "The pharmacy's Rx links",
          response: { 200: rxLinksResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        links: await deps.portal.links(actorOf(request)),
      }),
    );

    r.post(
      '/pharmacy/links/search',
      {
        schema: {
          tags,
          summary:
            "The pharmacy's Rx links, newest first, 20 a page, matching a treatment, medication list, comment or link id (issue 36, finding 14)",
          body: rxLinksSearchRequestSchema,
          response: { 200: rxLinksSearchResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.portal.searchLinks(actorOf(request), request.body)),
      }),
    );

    r.post(
      '/pharmacy/links',
      {
        schema: {
          tags,
          summary: 'Publish an Rx link for one treatment (empty values are dropped)',
          body: createRxLinkRequestSchema,
          response: { 200: z.object({ error: z.literal(false), link: rxLinkViewSchema }) },
        },
      },
      async (request) => ({
        error: false as const,
        link: await deps.portal.createLink(actorOf(request), request.body),
      }),
    );

    r.delete(
      '/pharmacy/links/:id',
      {
        schema: {
          tags,
          summary: 'Withdraw an Rx link (visits that came through it keep their attribution)',
          params: idParamsSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await deps.portal.deleteLink(actorOf(request), request.params.id);
        return { error: false as const };
      },
    );
  });
}

/** The verified pharmacies a patient may send an Rx visit to. */
function choiceRoutes(deps: { portal: PharmacyPortalService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/rx/pharmacies',
      {
        schema: {
          tags: ['rx'],
          summary: 'Verified pharmacies taking Rx visits from a state',
          querystring: rxPharmaciesRequestSchema,
          response: { 200: rxPharmaciesResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        pharmacies: await deps.portal.choices(request.query.state),
      }),
    );
  });
}
