import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import { createBrandOffersRepo } from './brand-offers.repo';
import { brandOffersRoutes } from './brand-offers.routes';
import { createBrandOffersService } from './brand-offers.service';

/**
 * A brand's referral codes and subscription plans and prices in the back office.
 * Built after accounts (the caller's role) with the brands registry's `invalidate`, so a change
 * applies at once.
 */
export function brandOffersModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort },
  brands: { invalidate: (brandId: string) => void },
): AreaModule {
  const offers = createBrandOffersService({
    repo: createBrandOffersRepo(ctx.db),
    accounts: ports.accounts,
    audit: ctx.platform.audit,
    invalidate: brands.invalidate,
    feeCents: ctx.config.payments.feeCents,
    defaults: ctx.config.subscriptions.defaults,
  });
  return { name: 'brand-offers', routes: brandOffersRoutes({ offers }) };
}
