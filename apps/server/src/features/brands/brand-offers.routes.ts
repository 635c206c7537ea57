import {
  brandCodeParamsSchema,
  brandReferralResponseSchema,
  brandReferralsResponseSchema,
  brandSubscriptionsRequestSchema,
  brandSubscriptionsResponseSchema,
  createReferralRequestSchema,
  updateReferralRequestSchema,
} from '@apothecall/domain/brands/brand-offers.api';
import { keyParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { BrandOffersService } from './brand-offers.service';

/**
 * A brand's referral codes and subscription plans and prices in the back office,
 * under /admin/brands/:id/…. Reads need back-office read access to 'brands' (admin, support);
 * changes need write access (admin): 403 otherwise, 401 without a session.
 */
export function brandOffersRoutes(deps: { offers: BrandOffersService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: brands'];

    r.get(
      '/admin/brands/:id/referrals',
      {
        schema: {
          tags,
          summary:
            "The brand's referral codes, patients' own codes included, with their price (back office: read)",
          params: keyParamsSchema,
          response: { 200: brandReferralsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.offers.referrals(actorOf(request), request.params.id)),
      }),
    );

    r.post(
      '/admin/brands/:id/referrals',
      {
        schema: {
          tags,
          summary:
            'A new referral code of the brand (upper-cased; 409 OFFER_CODE_TAKEN when any code has it) (back office: write)',
          params: keyParamsSchema,
          body: createReferralRequestSchema,
          response: { 201: brandReferralResponseSchema },
        },
      },
      async (request, reply) => {
        const referral = await deps.offers.createReferral(
          actorOf(request),
          request.params.id,
          request.body,
        );
        return reply.code(201).send({ error: false as const, referral });
      },
    );

    r.patch(
      '/admin/brands/:id/referrals/:code',
      {
        schema: {
          tags,
          summary:
            "Change a referral code's texts, price or whether it is in use (active: false retires it); a patient's own code: 409 (back office: write)",
          params: brandCodeParamsSchema,
          body: updateReferralRequestSchema,
          response: { 200: brandReferralResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        referral: await deps.offers.updateReferral(
          actorOf(request),
          request.params.id,
          request.params.code,
          request.body,
        ),
      }),
    );

    r.get(
      '/admin/brands/:id/subscriptions',
      {
        schema: {
          tags,
          summary:
            "Whether the brand sells subscriptions, its own catalog (null: the deployment's defaults) and the defaults (back office: read)",
          params: keyParamsSchema,
          response: { 200: brandSubscriptionsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.offers.subscriptions(actorOf(request), request.params.id)),
      }),
    );

    r.put(
      '/admin/brands/:id/subscriptions',
      {
        schema: {
          tags,
          summary:
            'Set whether the brand sells subscriptions and its catalog (plans, visit prices, medications); applies at once; subscribers keep their price (back office: write)',
          params: keyParamsSchema,
          body: brandSubscriptionsRequestSchema,
          response: { 200: brandSubscriptionsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.offers.setSubscriptions(actorOf(request), request.params.id, request.body)),
      }),
    );
  });
}
