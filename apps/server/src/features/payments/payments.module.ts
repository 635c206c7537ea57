import { paymentReconcileJob } from '../../platform/jobs/payment-reconcile.job';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import { createCardsRepo } from './cards.repo';
import { createCardsService } from './cards.service';
import { createChargesService } from './charges.service';
import { createCouponsRepo } from './coupons.repo';
import { createCouponsAdminRepo } from './coupons-admin.repo';
import { couponsAdminRoutes } from './coupons-admin.routes';
import { createCouponsAdminService } from './coupons-admin.service';
import { createLedgerRepo, receiptPapers } from './ledger.repo';
import { createMoneyAdminRepo } from './money-admin.repo';
import { moneyAdminRoutes } from './money-admin.routes';
import { createMoneyAdminService } from './money-admin.service';
import type { PaymentsPort } from './payments.port';
import { paymentsRoutes } from './payments.routes';
import { createPrepayRepo } from './prepay.repo';
import { createPricingService } from './pricing.service';
import { receiptsSource } from './receipts-source';
import { createSecretsRepo } from './secrets.repo';

/** Payments: cards on file, charges and refunds (a ledger with idempotency keys), prices. */
export function paymentsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; brands: BrandsPort },
): AreaModule & {
  port: PaymentsPort;
  reconcile: () => Promise<{ succeeded: number; failed: number }>;
} {
  const { config, platform } = ctx;
  const { audit, gateway, clock } = platform;
  const cardsRepo = createCardsRepo(ctx.db);
  const ledger = createLedgerRepo(ctx.db);
  const coupons = createCouponsRepo(ctx.db);
  const secrets = createSecretsRepo(ctx.db);
  const prepay = createPrepayRepo(ctx.db);
  const pricing = createPricingService({
    limiter: platform.limiter,
    coupons,
    secrets,
    referral: (code) => ports.brands.referral(code),
    feeCents: config.payments.feeCents,
    ...clock,
  });
  const charges = createChargesService({
    ledger,
    cards: cardsRepo,
    coupons,
    gateway,
    pricing,
    audit,
    referrals: {
      codesOwnedBy: (accountId) => ports.brands.referralCodesOwnedBy(accountId),
      referredWith: (codes) => ports.accounts.referredWith(codes),
    },
    abandonedAfterMs: config.payments.reconcileAfterMs,
    ...clock,
    ...(config.faultInjection === 'crash-after-gateway'
      ? { crashAfterGateway: () => process.kill(process.pid, 'SIGKILL') }
      : {}),
  });
  const cards = createCardsService({
    cards: cardsRepo,
    secrets,
    gateway,
    audit,
    loginIdOf: async (accountId) => (await ports.accounts.loginId(accountId)) ?? '',
    ...clock,
  });

  // The back office's money area: the whole ledger, refunds through `charges`.
  const money = createMoneyAdminService({
    repo: createMoneyAdminRepo(ctx.db),
    ledger,
    charges,
    accounts: ports.accounts,
    gateway,
    audit,
  });

  // The back office's brand offers: a brand's coupons.
  const couponsAdmin = createCouponsAdminService({
    repo: createCouponsAdminRepo(ctx.db),
    accounts: ports.accounts,
    brands: ports.brands,
    audit,
    feeCents: config.payments.feeCents,
    ...clock,
  });

  registerReconcile(ctx, charges);
  return {
    name: 'payments',
    port: portOf({ charges, pricing, cardsRepo, gateway, prepay, ledger, db: ctx.db }),
    reconcile: () => charges.reconcile(),
    routes: async (app) => {
      await paymentsRoutes({ cards, charges, pricing })(app);
      await moneyAdminRoutes({ money })(app);
      await couponsAdminRoutes({ coupons: couponsAdmin })(app);
    },
  };
}

/** The payments port other areas use, over this area's services and repos. */
function portOf(parts: {
  charges: ReturnType<typeof createChargesService>;
  pricing: ReturnType<typeof createPricingService>;
  cardsRepo: ReturnType<typeof createCardsRepo>;
  gateway: ModuleContext['platform']['gateway'];
  prepay: ReturnType<typeof createPrepayRepo>;
  ledger: ReturnType<typeof createLedgerRepo>;
  db: ModuleContext['db'];
}): PaymentsPort {
  const { charges, pricing, cardsRepo, gateway, prepay, ledger } = parts;
  return {
    transactionsOf: (accountId) => charges.list(accountId),
    receipts: receiptsSource(charges, receiptPapers(parts.db)),
    charge: (accountId, input, origin, item) => charges.charge(accountId, input, origin, item),
    nextPrice: async (accountId) => {
      const next = await pricing.accountPrice(accountId);
      return { price: next.price, priceType: next.source };
    },
    tokenPrice: async (accountId, priceToken) => {
      const claim = await pricing.verify(accountId, priceToken);
      if (!claim) return undefined;
      // An item's token prices one thing another area sells, of no price type of its own.
      return { price: claim.price, priceType: claim.source === 'item' ? null : claim.source };
    },
    quote: (accountId, item, priceCents) => pricing.itemPrice(accountId, item, priceCents),
    refund: (accountId, chargeId, key, origin) => charges.refund(accountId, chargeId, key, origin),
    cardsOnFile: async (accountId) =>
      (await cardsRepo.listProfiles(accountId, gateway.name)).map((p) => ({
        profileId: p.paymentProfileId,
        brand: p.brand,
        last4: p.last4,
        valid: p.valid,
      })),
    prepayBalance: (id) => prepay.balance(id),
    debitPrepay: (movement) => prepay.debit(movement),
    creditPrepay: (movement) => prepay.credit(movement),
    prepayEntries: (id, limit) => prepay.entries(id, limit),
    chargeTotals: (ids) => ledger.chargesWithRefunds(ids),
    chargesOf: async (accountIds, range) =>
      (await ledger.succeededChargesOf(accountIds)).filter(
        (c) => c.createdAt >= range.from && c.createdAt < range.to,
      ),
  };
}

/**
 * Charges a stopped process left pending are settled from the gateway's record: a recurring
 * job, run by one process at a time.
 */
function registerReconcile(
  ctx: ModuleContext,
  charges: Pick<ReturnType<typeof createChargesService>, 'reconcile'>,
) {
  ctx.platform.jobs.register(
    paymentReconcileJob({
      reconcile: () => charges.reconcile(),
      everySeconds: ctx.config.payments.reconcileAfterMs / 1000,
      onSettled: (result) => ctx.platform.log.warn(result, 'pending payments reconciled'),
    }),
  );
}
