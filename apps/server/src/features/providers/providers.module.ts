import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { RosterPort } from '../clinic/roster.port';
import { providersRoutes } from './providers.routes';
import { createProvidersAdminService } from './providers-admin.service';

/**
 * The back office's providers area (issue 35): providers, their licences and access, for the
 * admin (read and write) and support (read). The clinic owns the tables (its roster port),
 * accounts the logins, care the visits a deactivated provider leaves.
 */
export function providersModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; roster: RosterPort; care: CarePort },
): AreaModule {
  const { platform } = ctx;
  const admin = createProvidersAdminService({
    accounts: ports.accounts,
    roster: ports.roster,
    care: ports.care,
    audit: platform.audit,
  });
  return { name: 'providers', routes: providersRoutes({ admin }) };
}
