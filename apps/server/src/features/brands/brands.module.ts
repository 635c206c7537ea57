import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { AreaModule, ModuleContext } from '../../platform/module';
import type { AccountsPort } from '../accounts/accounts.port';
import { brandsAdminRoutes } from './brands-admin.routes';
import { createBrandsAdminService, storedLogoHash } from './brands-admin.service';
import './brands.events';
import { createBrandIconsService, logoFromWebBuild } from './brand-icons.service';
import type { BrandsPort } from './brands.port';
import { createBrandsRepo } from './brands.repo';
import { brandPages, brandsRoutes } from './brands.routes';
import { createBrandsService } from './brands.service';

/** Brands (white-labels): the look and settings by host, referral codes. */
export function brandsModule(ctx: ModuleContext): AreaModule & {
  port: BrandsPort;
  /** The ports built after this area (accounts needs the brands first). */
  connect(ports: { accounts: AccountsPort }): void;
  /**
   * A brand's settings changed elsewhere in the back office (its offers): every process reads
   * the brands again, this one at once.
   */
  invalidate(brandId: string): void;
} {
  const repo = createBrandsRepo(ctx.db);
  // The app's clock, so the registry's 30 s cache ages with it (tests move it forward).
  const clockNow = ctx.platform.clock.now;
  const service = createBrandsService({
    repo,
    ...(clockNow ? { now: () => clockNow().getTime() } : {}),
  });
  const ref = (brand: { whiteLabel: { id: string }; name: string }) => ({
    id: brand.whiteLabel.id,
    name: brand.name,
  });
  const port: BrandsPort = {
    resolve: async ({ host, brandKey }) =>
      ref(brandKey ? await service.byId(brandKey) : await service.resolve({ host })),
    byId: async (brandId) => ref(await service.byId(brandId)),
    careSettings: (brandId) => service.careSettings(brandId),
    subscriptionSettings: (brandId) => service.subscriptionSettings(brandId),
    async referral(code) {
      const found = await repo.referral(code.trim().toUpperCase());
      return found
        ? {
            code: found.code,
            title: found.title,
            message: found.message,
            priceCents: found.priceCents,
            ownerAccountId: found.ownerAccountId,
          }
        : undefined;
    },
    referralCodesOwnedBy: (accountId) => repo.referralCodesOwnedBy(accountId),
    referralsOf: (brandId, ownerAccountIds) => repo.referralsOf(brandId, ownerAccountIds),
  };
  // Built after this module (accounts needs the brands' port): app.ts connects it.
  let accounts: AccountsPort | undefined;
  const { events } = ctx.platform;
  // A brand saved in any process: every process, this one first, reads the brands again
  // (REDIS_URL fans it out).
  events.onEvery('brands.changed', () => service.invalidate());
  const admin = createBrandsAdminService({
    repo,
    accounts: () => {
      if (!accounts) throw new Error('brands: accounts not connected');
      return accounts;
    },
    audit: ctx.platform.audit,
    events,
    ...ctx.platform.clock,
  });
  const { config } = ctx;
  const icons = createBrandIconsService({
    readLogo: (logo) => {
      const hash = storedLogoHash(logo);
      return hash ? repo.logo(hash) : logoFromWebBuild(config.webDist, logo);
    },
    onLogoError: ctx.platform.warn('brand logo could not be drawn (its icons show its initial)'),
  });
  const publicRoutes = brandsRoutes({
    service,
    icons,
    limiter: ctx.platform.limiter,
    client: {
      ...config.client,
      minRegistrationAge: config.ages.minRegistration,
      minDependentAge: config.ages.minDependent,
    },
    webVersion: builtWebVersion(config.webDist) ?? ctx.platform.apiVersion,
  });
  const adminRoutes = brandsAdminRoutes({ admin });
  return {
    name: 'brands',
    port,
    connect(ports) {
      accounts = ports.accounts;
    },
    invalidate(brandId) {
      // This process forgets its cache at once, before the event's first await.
      service.invalidate();
      void events
        .emit('brands.changed', { brandId })
        .catch(ctx.platform.warn('brands.changed not sent to the other processes'));
    },
    routes: async (app) => {
      await publicRoutes(app);
      await adminRoutes(app);
    },
    pages: brandPages({ service, icons, logo: (hash) => repo.logo(hash) }),
  };
}

/**
 * The version of the web app this server serves, from the `version.json` its build writes
 * (apps/web/vite.config.ts); none without a build (the API alone, the dev server).
 */
export function builtWebVersion(webDist: string | undefined): string | undefined {
  if (!webDist) return undefined;
  try {
    const file = readFileSync(path.join(webDist, 'version.json'), 'utf8');
    return z.object({ version: z.string().min(1).max(40) }).parse(JSON.parse(file)).version;
  } catch {
    return undefined;
  }
}
