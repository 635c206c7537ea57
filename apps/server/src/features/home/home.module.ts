import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import { homeRoutes } from './home.routes';
import { createHomeService } from './home.service';

/**
 * A staff member's Home counts: one call that asks each area owning
 * something the caller's role acts on how many there are (their `HomeCountSource`s).
 */
export function homeModule(
  _ctx: ModuleContext,
  ports: { accounts: AccountsPort; sources: readonly HomeCountSource[] },
): AreaModule {
  const home = createHomeService({ accounts: ports.accounts, sources: ports.sources });
  return { name: 'home', routes: homeRoutes({ home }) };
}
