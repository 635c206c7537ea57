import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { CarePort } from '../care/care.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import type { RxPort } from '../rx/rx.port';
import { backofficeVisitsRoutes } from './backoffice-visits.routes';
import { createVisitsAdminService } from './visits-admin.service';

/**
 * The back office's visits area: every visit by kind and status, stuck ones first,
 * for admin and support. Care and rx own the visits (their ports), accounts the names, pharmacy
 * the pharmacies.
 */
export function backofficeVisitsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; care: CarePort; rx: RxPort; pharmacy: PharmacyPort },
): AreaModule & { homeCounts: HomeCountSource } {
  const { platform } = ctx;
  const admin = createVisitsAdminService({
    accounts: ports.accounts,
    care: ports.care,
    rx: ports.rx,
    pharmacy: ports.pharmacy,
    audit: platform.audit,
    ...platform.clock,
  });
  return {
    name: 'backoffice-visits',
    routes: backofficeVisitsRoutes({ admin }),
    // The operator's Home: the stuck visits.
    async homeCounts(actor, wanted) {
      return wanted.has('stuckVisits') ? { stuckVisits: await admin.stuckCount(actor) } : {};
    },
  };
}
