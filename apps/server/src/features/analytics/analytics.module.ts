import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PaymentsPort } from '../payments/payments.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import { createAnalyticsRepo } from './analytics.repo';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';

/**
 * The pharmacy's analytics: figures over its Rx visits (rx), money (payments),
 * links and staff (pharmacy, accounts), referral codes (brands), all through ports; and its own
 * table, the staff's login history, written when accounts tells of a login attempt.
 */
export function analyticsModule(
  ctx: ModuleContext,
  ports: {
    accounts: AccountsPort;
    brands: BrandsPort;
    payments: PaymentsPort;
    pharmacy: PharmacyPort;
    rx: RxPort;
  },
): AreaModule {
  const analytics = createAnalyticsService({
    repo: createAnalyticsRepo(ctx.db),
    pharmacy: ports.pharmacy,
    rx: ports.rx,
    payments: ports.payments,
    brands: ports.brands,
    accounts: ports.accounts,
    audit: ctx.platform.audit,
    claimFeeCents: ctx.config.payments.claimFeeCents,
    ...ctx.platform.clock,
  });
  // One INSERT per staff login attempt, in the login's request (the bus awaits it; a failure is
  // logged and never fails the login). Patients' logins write nothing.
  ctx.platform.events.on('accounts.loginAttempted', (event) => analytics.recordLogin(event));
  return { name: 'analytics', routes: analyticsRoutes({ analytics }) };
}
