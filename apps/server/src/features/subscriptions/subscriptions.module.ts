import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import { subscriptionNoticeJob } from './subscription-notice.job';
import { subscriptionRenewJob } from './subscription-renew.job';
import { createRenewals, type RenewalResult } from './subscription-renewals';
import { createSubscriptionsRepo } from './subscriptions.repo';
import { subscriptionsRoutes } from './subscriptions.routes';
import { createSubscriptionsService } from './subscriptions.service';
import { createSubscriptionsAdminService } from './subscriptions-admin.service';
import { createSubscriptionsMoneyService } from './subscriptions-money';
import { createSubscriptionsMoneyRepo } from './subscriptions-money.repo';
import { subscriptionsMoneyRoutes } from './subscriptions-money.routes';

export type { RenewalResult };

/**
 * Subscriptions: visit plans and rx subscriptions bought by card, cancel and
 * uncancel, member prices (a quote the care area charges like any other), renewals as a
 * recurring job, the member's notices as jobs, and the rx-subscription administrator's view.
 */
export function subscriptionsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; brands: BrandsPort; payments: PaymentsPort },
): AreaModule & { renewDue: () => Promise<RenewalResult>; homeCounts: HomeCountSource } {
  const { platform, config } = ctx;
  const repo = createSubscriptionsRepo(ctx.db);
  const settings = config.subscriptions;
  const subscriptions = createSubscriptionsService({
    repo,
    accounts: ports.accounts,
    brands: ports.brands,
    payments: ports.payments,
    audit: platform.audit,
    defaults: settings.defaults,
    ...platform.clock,
  });
  const renewals = createRenewals({
    repo,
    payments: ports.payments,
    attempts: settings.renewalAttempts,
    retryMs: settings.retryMs,
    jobs: platform.jobs,
    onError: (error, subscriptionId) =>
      platform.log.warn(
        { subscriptionId, err: error instanceof Error ? error.message : String(error) },
        'subscription renewal deferred',
      ),
    ...(config.faultInjection === 'stop-after-renewal-charge'
      ? {
          stopAfterCharge: () => {
            throw new Error('fault injection: stopped after the renewal charge');
          },
        }
      : {}),
    ...platform.clock,
  });
  platform.jobs.register(
    subscriptionNoticeJob({
      repo,
      accounts: ports.accounts,
      payments: ports.payments,
      mailer: platform.mailer,
      attempts: settings.renewalAttempts,
    }),
  );
  platform.jobs.register(
    subscriptionRenewJob({
      renewDue: () => renewals.renewDue(),
      onRun: (result) => {
        if (result.renewed + result.declined + result.ended + result.lapsed + result.deferred > 0)
          platform.log.info(result, 'subscription renewals');
      },
    }),
  );
  const admin = createSubscriptionsAdminService({
    repo,
    accounts: ports.accounts,
    payments: ports.payments,
    subscriptions,
    audit: platform.audit,
    ...platform.clock,
  });
  return {
    name: 'subscriptions',
    renewDue: () => renewals.renewDue(),
    // The rx administrator's Home.
    async homeCounts(actor, wanted) {
      if (!wanted.has('subscribersRenewalDeclined') && !wanted.has('subscribersRenewingSoon')) {
        return {};
      }
      const counts = await admin.counts(actor);
      return {
        subscribersRenewalDeclined: counts.renewalDeclined,
        subscribersRenewingSoon: counts.renewingSoon,
      };
    },
    routes: async (app) => {
      await app.register(subscriptionsRoutes({ subscriptions, admin }));
      // The back office's money console reads every subscription.
      await app.register(
        subscriptionsMoneyRoutes({
          money: createSubscriptionsMoneyService({
            repo: createSubscriptionsMoneyRepo(ctx.db),
            accounts: ports.accounts,
            audit: platform.audit,
          }),
        }),
      );
    },
  };
}
