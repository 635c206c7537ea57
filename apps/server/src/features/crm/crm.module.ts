import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import { createCrmRepo } from './crm.repo';
import { crmRoutes } from './crm.routes';
import { createCrmService } from './crm.service';

/**
 * The pharmacy CRM: a pharmacy's customers, its interactions with them and its
 * tasks, each with one tag of the spec's sets. Who the caller is comes from the pharmacy port;
 * whether a linked account is a patient's from the accounts port.
 */
export function crmModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; pharmacy: PharmacyPort },
): AreaModule {
  const crm = createCrmService({
    repo: createCrmRepo(ctx.db),
    pharmacy: ports.pharmacy,
    accounts: ports.accounts,
    audit: ctx.platform.audit,
    ...ctx.platform.clock,
  });
  return { name: 'crm', routes: crmRoutes({ crm }) };
}
