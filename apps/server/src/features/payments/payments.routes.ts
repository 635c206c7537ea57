import { idParamsSchema, keyParamsSchema } from '@apothecall/domain/common/common.api';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { describeCharge } from '@apothecall/domain/payments/charge-descriptions.rules';
import {
  accountPriceResponseSchema,
  addCardRequestSchema,
  chargeRequestSchema,
  chargeResponseSchema,
  couponRequestSchema,
  couponResponseSchema,
  couponsListResponseSchema,
  deleteCardRequestSchema,
  paymentProfilesResponseSchema,
  pricingResponseSchema,
  referredTransactionsResponseSchema,
  rewardBalanceResponseSchema,
  transactionsResponseSchema,
} from '@apothecall/domain/payments/payments.api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/actor';
import { privateFileRoute, sendPrivatePdf } from '../../platform/private-file';
import { sessionRoutes } from '../../platform/route-groups';
import type { CardsService } from './cards.service';
import type { ChargesService } from './charges.service';
import type { PricingService } from './pricing.service';
import { renderReceiptPdf } from './receipt-pdf';

export function paymentsRoutes(deps: {
  cards: CardsService;
  charges: ChargesService;
  pricing: PricingService;
}) {
  return sessionRoutes(async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['payments'];
    const account = (request: FastifyRequest) => actorOf(request).accountId;

    r.get(
      '/account/payments/profiles',
      {
        schema: {
          tags,
          summary: 'Cards on file',
          response: { 200: paymentProfilesResponseSchema },
        },
      },
      async (request) => ({ error: false as const, ...(await deps.cards.list(account(request))) }),
    );

    r.post(
      '/account/payments/profiles',
      {
        schema: {
          tags,
          summary: 'Add a card (verified by the gateway; not charged)',
          body: addCardRequestSchema,
          response: { 200: paymentProfilesResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.cards.add(account(request), request.body, actorOf(request))),
      }),
    );

    r.post(
      '/account/payments/delete-profiles',
      {
        schema: {
          tags,
          summary: 'Delete a card',
          body: deleteCardRequestSchema,
          response: { 200: paymentProfilesResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        ...(await deps.cards.remove(account(request), request.body, actorOf(request))),
      }),
    );

    r.post(
      '/payments/charge',
      {
        schema: {
          tags,
          summary: 'Pay a priced amount (credit first, then the card); idempotent per key',
          body: chargeRequestSchema,
          response: { 200: chargeResponseSchema },
        },
      },
      async (request) => ({
        error: false as const,
        transaction: readable(
          request.lang,
          await deps.charges.charge(account(request), request.body, actorOf(request)),
        ),
      }),
    );

    ledgerRoutes(app, deps);
    pricingRoutes(app, deps);
  });
}

/** A ledger entry as its reader reads it: what it was for, in their language. */
function readable<T extends { description: string }>(lang: Lang, entry: T): T {
  return { ...entry, description: describeCharge(lang, entry.description) };
}

/** The account's transactions, a receipt, the referred ones, the reward balance (same session). */
function ledgerRoutes(app: FastifyInstance, deps: { charges: ChargesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const account = (request: FastifyRequest) => actorOf(request).accountId;

  r.post(
    '/transactionsGET',
    {
      schema: {
        tags,
        summary: 'Transactions, newest first',
        response: { 200: transactionsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      transactions: (await deps.charges.list(account(request))).map((tx) =>
        readable(request.lang, tx),
      ),
    }),
  );

  r.get(
    '/transactions/:id/receipt.pdf',
    {
      ...privateFileRoute,
      schema: { tags, summary: 'A receipt as PDF', params: idParamsSchema },
    },
    async (request, reply) => {
      const tx = await deps.charges.entry(account(request), request.params.id);
      const pdf = await renderReceiptPdf(tx, {
        lang: request.lang,
        timeZone: request.timeZone,
        brandName: (await actorOf(request).brand()).name,
      });
      return sendPrivatePdf(reply, pdf, `receipt-${tx.invoiceNumber}.pdf`);
    },
  );

  r.post(
    '/referred-transactions',
    {
      schema: {
        tags,
        summary: "Charges by people who joined with the user's referral code (no identities)",
        response: { 200: referredTransactionsResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      transactions: await deps.charges.referred(account(request)),
    }),
  );

  r.get(
    '/account/reward-balance',
    {
      schema: {
        tags,
        summary: 'Credit balance (cents)',
        response: { 200: rewardBalanceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      data: { id: account(request), balance: await deps.charges.creditBalance(account(request)) },
    }),
  );
}

/** The account's price and its defaults (declared in the payments plugin, under its session). */
function pricingRoutes(app: FastifyInstance, deps: { pricing: PricingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const account = (request: FastifyRequest) => actorOf(request).accountId;

  r.get(
    '/account/pricing/:id',
    {
      schema: {
        tags,
        summary: "The visit price: a referral code's, or 'default'",
        params: keyParamsSchema,
        response: { 200: pricingResponseSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const answer =
        id.toLowerCase() === 'default'
          ? await deps.pricing.defaultPrice(account(request))
          : await deps.pricing.referral(account(request), id);
      return { error: false as const, ...answer };
    },
  );

  r.get(
    '/account/price',
    {
      schema: {
        tags,
        summary:
          'The price this account pays next: a coupon it applied and has not paid with, else the default',
        response: { 200: accountPriceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pricing.accountPrice(account(request))),
    }),
  );

  r.post(
    '/account/price/restore-default',
    {
      schema: {
        tags,
        summary: 'Back to the default price: the coupons applied and not paid with are set aside',
        response: { 200: accountPriceResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pricing.restoreDefault(account(request))),
    }),
  );

  couponRoutes(app, deps);
}

/** The account's coupons: one's terms, checking and redeeming one, those used (same session). */
function couponRoutes(app: FastifyInstance, deps: { pricing: PricingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const account = (request: FastifyRequest) => actorOf(request).accountId;

  r.get(
    '/account/coupon/:id',
    {
      schema: {
        tags,
        summary: "A coupon's price (not used yet)",
        params: keyParamsSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pricing.coupon(account(request), request.params.id, { redeem: false })),
    }),
  );

  r.post(
    '/verify-coupon',
    {
      schema: {
        tags,
        summary: 'Check a coupon',
        body: couponRequestSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pricing.coupon(account(request), request.body.coupon, { redeem: false })),
    }),
  );

  r.post(
    '/redeem-coupon',
    {
      schema: {
        tags,
        summary: 'Use a coupon',
        body: couponRequestSchema,
        response: { 200: couponResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      ...(await deps.pricing.coupon(account(request), request.body.coupon, { redeem: true })),
    }),
  );

  r.post(
    '/get-coupons',
    {
      schema: {
        tags,
        summary: 'Coupons this account used',
        response: { 200: couponsListResponseSchema },
      },
    },
    async (request) => ({
      error: false as const,
      coupons: await deps.pricing.redeemed(account(request)),
    }),
  );
}
