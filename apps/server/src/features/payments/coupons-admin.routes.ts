import {
  brandCodeParamsSchema,
  brandCouponResponseSchema,
  brandCouponsResponseSchema,
  createCouponRequestSchema,
  updateCouponRequestSchema,
} from '@apothecall/domain/brands/brand-offers.api';
import { keyParamsSchema } from '@apothecall/domain/common/common.api';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { sessionRoutes } from '../../platform/route-groups';
import type { CouponsAdminService } from './coupons-admin.service';

/**
 * A brand's coupons in the back office, under /admin/brands/:id/coupons. Reads need
 * back-office read access to 'brands' (admin, support); changes need write access (admin): 403
 * otherwise, 401 without a session.
 */
export function couponsAdminRoutes(deps: { coupons: CouponsAdminService }) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin: brands'];

    r.get(
      '/admin/brands/:id/coupons',
      {
        schema: {
          tags,
          summary:
            "The brand's coupons: kind, value, expiry, limit, times applied, whether usable now (back office: read)",
          params: keyParamsSchema,
          response: { 200: brandCouponsResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.coupons.list(actorOf(request), request.params.id)),
      }),
    );

    r.post(
      '/admin/brands/:id/coupons',
      {
        schema: {
          tags,
          summary:
            'A new coupon of the brand: free, percent off (1-100) or amount off (up to the fee); the code upper-cased, unique on the platform (409 OFFER_CODE_TAKEN) (back office: write)',
          params: keyParamsSchema,
          body: createCouponRequestSchema,
          response: { 201: brandCouponResponseSchema },
        },
      },
      async (request, reply) => {
        const coupon = await deps.coupons.create(actorOf(request), request.params.id, request.body);
        return reply.code(201).send({ error: false as const, coupon });
      },
    );

    r.patch(
      '/admin/brands/:id/coupons/:code',
      {
        schema: {
          tags,
          summary:
            "Change a coupon's texts, expiry, limit or whether it is active (active: false stops it); its kind and value only while nobody applied it (409 COUPON_REDEEMED) (back office: write)",
          params: brandCodeParamsSchema,
          body: updateCouponRequestSchema,
          response: { 200: brandCouponResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        coupon: await deps.coupons.update(
          actorOf(request),
          request.params.id,
          request.params.code,
          request.body,
        ),
      }),
    );
  });
}
