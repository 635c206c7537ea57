import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandsPort } from '../brands/brands.port';
import type { PharmacyPort } from '../pharmacy/pharmacy.port';
import './announcements.events';
import { createAnnouncementsRepo } from './announcements.repo';
import { announcementsRoutes } from './announcements.routes';
import { createAnnouncementsService } from './announcements.service';
import { announcementsNotifyJob } from './announcements-notify.job';

/**
 * Announcements to pharmacies: written by a company's rx administrator or the
 * platform admin, read on the pharmacy staff's Home. A new one queues `announcements.notify`,
 * which finds the pharmacy logins it reaches and emits `announcements.published` (ids only) for
 * the notifications area to tell them.
 */
export function announcementsModule(
  ctx: ModuleContext,
  ports: { accounts: AccountsPort; brands: Pick<BrandsPort, 'byId'>; pharmacy: PharmacyPort },
): AreaModule {
  const { platform } = ctx;
  const announcements = createAnnouncementsService({
    repo: createAnnouncementsRepo(ctx.db),
    accounts: ports.accounts,
    pharmacy: ports.pharmacy,
    audit: platform.audit,
    // An unknown key resolves to the main brand: then the key is all there is to show.
    companyName: async (companyId) => {
      const brand = await ports.brands.byId(companyId).catch(() => undefined);
      return brand?.id === companyId && brand.name ? brand.name : companyId;
    },
    jobs: platform.jobs,
    ...platform.clock,
  });
  platform.jobs.register(announcementsNotifyJob({ announcements, events: platform.events }));
  return { name: 'announcements', routes: announcementsRoutes({ announcements }) };
}
