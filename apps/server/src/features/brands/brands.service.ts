import type { CareSettings } from '@apothecall/domain/brands/brands.api';
import {
  type BrandRegistry,
  chooseWhiteLabel,
  type HostEntry,
} from '@apothecall/domain/brands/brands.rules';
import type { Referral } from '@apothecall/domain/brands/brands.schemas';
import { type WhiteLabel, whiteLabelSchema } from '@apothecall/domain/brands/brands.schemas';
import { appErrors } from '../../platform/errors';
import type { BrandRow, BrandsRepo } from './brands.repo';

export interface ResolvedBrand {
  whiteLabel: WhiteLabel;
  name: string;
  thirdParty: boolean;
}

export interface BrandsService {
  /** The brand for a host name and an optional company key (spec section 4, White-label). */
  resolve(input: { host: string; company?: string | undefined }): Promise<ResolvedBrand>;
  /** A brand by id, or the main brand when unknown. */
  byId(id: string | undefined): Promise<ResolvedBrand>;
  careSettings(brandId: string): Promise<CareSettings>;
  /** Whether the brand sells subscriptions, and its catalog as stored (unparsed; may be absent). */
  subscriptionSettings(brandId: string): Promise<{ sells: boolean; catalog: unknown }>;
  referral(code: string): Promise<Referral>;
  /** Forgets the cached registry: the next call reads the brands again (a brand was saved). */
  invalidate(): void;
}

const cacheMs = 30_000;

function toWhiteLabel(row: BrandRow): WhiteLabel {
  const appSettings = (row.settings.appSettings ?? {}) as Record<string, unknown>;
  return whiteLabelSchema.parse({
    id: row.id,
    activated: true,
    logo: row.logoUrl,
    colorPrimary: row.colorPrimary,
    colorAccent: row.colorAccent,
    colorWarning: row.colorWarning,
    register: { enabled: row.registerEnabled },
    attribution: row.attribution,
    homePage: row.homePage,
    backgroundImage: row.backgroundImage,
    appSettings,
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * White-label brands: the registry comes from the database (cached for 30 s) and the choice is
 * the domain's chooseWhiteLabel: company key, exact host, first-label alias, else the main brand;
 * a brand without a logo falls back to the main brand.
 */
export function createBrandsService(deps: { repo: BrandsRepo; now?: () => number }): BrandsService {
  const now = deps.now ?? Date.now;
  let cached: { at: number; rows: BrandRow[] } | undefined;
  // Bumped by invalidate(): a read that started before a save does not keep what it read.
  let generation = 0;

  async function rows(): Promise<BrandRow[]> {
    if (cached && now() - cached.at <= cacheMs) return cached.rows;
    const started = generation;
    const fresh = { at: now(), rows: await deps.repo.listAll() };
    if (started === generation) cached = fresh;
    return fresh.rows;
  }

  async function registry(): Promise<{
    registry: BrandRegistry<WhiteLabel>;
    byId: Map<string, BrandRow>;
  }> {
    const all = await rows();
    const main = all.find((r) => r.isMain) ?? all[0];
    if (!main) throw new Error('no brand configured');
    const hosts: Record<string, HostEntry> = {};
    const aliases: Record<string, string> = {};
    const brandsById: Record<string, WhiteLabel> = {};
    for (const row of all) {
      brandsById[row.id] = toWhiteLabel(row);
      const kind = row.hostKind === 'partner' || row.hostKind === 'test' ? row.hostKind : 'main';
      for (const host of row.hosts)
        hosts[host.toLowerCase()] = { brandId: row.id, kind, thirdParty: row.thirdParty };
      for (const alias of row.aliases) aliases[alias.toLowerCase()] = row.id;
    }
    return {
      registry: { mainBrandId: main.id, hosts, aliases, brands: brandsById },
      byId: new Map(all.map((r) => [r.id, r])),
    };
  }

  async function resolve(input: {
    host: string;
    company?: string | undefined;
  }): Promise<ResolvedBrand> {
    const { registry: reg, byId } = await registry();
    const choice = chooseWhiteLabel({ host: input.host, company: input.company, registry: reg });
    const row = byId.get(choice.brand.id);
    return {
      whiteLabel: whiteLabelSchema.parse(choice.brand),
      name: row?.name ?? choice.brand.id,
      thirdParty: choice.thirdParty || Boolean(row?.thirdParty),
    };
  }

  return {
    invalidate() {
      generation += 1;
      cached = undefined;
    },
    resolve,
    byId: (id) => resolve({ host: '', company: id }),
    async careSettings(brandId) {
      const { byId } = await registry();
      const settings = byId.get(brandId)?.settings ?? {};
      const hours = (settings.hours ?? {}) as Record<string, unknown>;
      return {
        availableStates: stringList(settings.availableStates),
        asyncStates: stringList(settings.asyncStates),
        hours: {
          open: typeof hours.open === 'string' ? hours.open : '08:00',
          close: typeof hours.close === 'string' ? hours.close : '22:00',
          timeZone: typeof hours.timeZone === 'string' ? hours.timeZone : 'America/New_York',
        },
      };
    },
    async subscriptionSettings(brandId) {
      const { byId } = await registry();
      const settings = byId.get(brandId)?.settings ?? {};
      const appSettings = (settings.appSettings ?? {}) as Record<string, unknown>;
      return {
        sells: appSettings.subscriptionPurchaseActive === true,
        catalog: settings.subscriptionCatalog,
      };
    },
    async referral(code) {
      const found = await deps.repo.referral(code.trim().toUpperCase());
      if (!found) throw appErrors.notFound();
      return {
        code: found.code,
        title: found.title,
        message: found.message,
        linkMessage: found.linkMessage,
      };
    },
  };
}
