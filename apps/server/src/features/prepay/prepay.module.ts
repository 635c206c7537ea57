import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { PrepayPort } from './prepay.port';
import { createPrepayRepo } from './prepay.repo';
import { prepayRoutes } from './prepay.routes';
import { createPrepayService } from './prepay.service';
import { createPrepayMoneyService } from './prepay-money';
import { createPrepayMoneyRepo } from './prepay-money.repo';
import { prepayMoneyRoutes } from './prepay-money.routes';
import { prepayNoticeJob } from './prepay-notice.job';
import { createPrepayRedeemService } from './prepay-redeem.service';

/**
 * Prepay programs: banks of visits bought by card, their settings, authorized users
 * and access tokens; the redemption of a code for a visit, which the Rx area reaches through
 * the port; the holder's notifications as jobs.
 */
export function prepayModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; payments: PaymentsPort; pharmacy: PharmacyPort },
): AreaModule & { port: PrepayPort } {
  const { platform, config } = ctx;
  const repo = createPrepayRepo(ctx.db);
  platform.jobs.register(
    prepayNoticeJob({
      repo,
      mailer: platform.mailer,
      sms: platform.sms,
      publicUrl: config.publicUrl,
      events: platform.events,
    }),
  );
  const redeem = createPrepayRedeemService({
    repo,
    pharmacy: ports.pharmacy,
    jobs: platform.jobs,
    ...platform.clock,
  });
  const prepay = createPrepayService({
    repo,
    accounts: ports.accounts,
    payments: ports.payments,
    pharmacy: ports.pharmacy,
    audit: platform.audit,
    mailer: platform.mailer,
    sms: platform.sms,
    limiter: platform.limiter,
    publicUrl: config.publicUrl,
    visitPriceCents: config.payments.prepayVisitCents,
    ...platform.clock,
  });
  return {
    name: 'prepay',
    port: {
      quote: redeem.quote,
      redeem: redeem.redeem,
      settle: redeem.settle,
      visitPrepay: redeem.visitPrepay,
    },
    routes: async (app) => {
      await app.register(prepayRoutes({ prepay, redeem, limiter: platform.limiter }));
      // The back office's money console reads every program.
      await app.register(
        prepayMoneyRoutes({
          money: createPrepayMoneyService({
            repo: createPrepayMoneyRepo(ctx.db),
            accounts: ports.accounts,
            pharmacy: ports.pharmacy,
            audit: platform.audit,
          }),
        }),
      );
    },
  };
}
