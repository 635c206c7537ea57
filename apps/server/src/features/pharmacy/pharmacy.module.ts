import type { HomeCountSource } from '../../platform/home-counts';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { PaymentsPort } from '../payments/payments.port';
import { createPharmaciesAdminRepo } from './pharmacies-admin.repo';
import { pharmaciesAdminRoutes } from './pharmacies-admin.routes';
import { createPharmaciesAdminService } from './pharmacies-admin.service';
import type { PharmacyPort } from './pharmacy.port';
import { createPharmacyRepo } from './pharmacy.repo';
import { pharmacyRoutes } from './pharmacy.routes';
import { createPharmacyService } from './pharmacy.service';
import { createPharmacyPortalService } from './pharmacy-portal.service';

/**
 * Pharmacies: organisations and the NCPDP registry they are verified against, their staff and
 * pharmacists' grants, and their Rx links. The Rx visits they work are the Rx area's.
 */
export function pharmacyModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; payments: PaymentsPort },
): AreaModule & {
  port: PharmacyPort;
  service: ReturnType<typeof createPharmacyService>;
  homeCounts: HomeCountSource;
} {
  const repo = createPharmacyRepo(ctx.db);
  const service = createPharmacyService({ repo, ...ctx.platform.clock });
  const portal = createPharmacyPortalService({
    repo,
    accounts: ports.accounts,
    payments: ports.payments,
    audit: ctx.platform.audit,
    mailer: ctx.platform.mailer,
    publicUrl: ctx.config.publicUrl,
    claimFeeCents: ctx.config.payments.claimFeeCents,
    ...ctx.platform.clock,
  });
  // The back office's pharmacies area.
  const admin = createPharmaciesAdminService({
    repo: createPharmaciesAdminRepo(ctx.db),
    organization: (id) => repo.organization(id),
    portal,
    payments: ports.payments,
    accounts: ports.accounts,
    audit: ctx.platform.audit,
    ...ctx.platform.clock,
  });
  const portalRoutes = pharmacyRoutes({ portal });
  const adminRoutes = pharmaciesAdminRoutes({ admin });
  return {
    name: 'pharmacy',
    port: {
      verification: service.verification,
      staffOf: portal.staffOf,
      staff: portal.staff,
      verifiedStaff: portal.verifiedStaff,
      resolveLink: portal.resolveLink,
      routeFor: portal.routeFor,
      organization: portal.organization,
      organizationsIn: portal.organizationsIn,
      organizations: portal.organizations,
      staffAccounts: portal.staffAccounts,
      allLinksOf: portal.allLinksOf,
      feeTaken: portal.feeTaken,
    },
    service,
    // The admin's Home: pharmacies awaiting verification.
    async homeCounts(actor, wanted) {
      return wanted.has('pharmaciesUnverified')
        ? { pharmaciesUnverified: await admin.unverifiedCount(actor) }
        : {};
    },
    routes: async (app) => {
      await portalRoutes(app);
      await adminRoutes(app);
    },
  };
}
