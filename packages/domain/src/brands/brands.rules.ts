/**
 * Choosing the white-label brand (spec sections 3 and 4, "White-label"). Pure: the host name,
 * the query and the brand registry are inputs.
 *
 * Precedence (decision; the spec lists the three ways without an order):
 * 1. query `company`, when it names a known brand — the explicit choice of a link, such as the
 *    pharmacy links of spec section 2;
 * 2. the exact host name: the main, partner (sets the third-party flag) or test host;
 * 3. the first host label (sub-domain) through the alias map (a demo, a wellness brand and
 *    another brand);
 * 4. otherwise the main brand.
 * A chosen brand without a logo is deactivated and the main brand is used instead.
 * Defaults: registration enabled, attribution on.
 */

/** The white-label fields these rules read and default (structural; see brands.schemas.ts). */
export interface WhiteLabelLike {
  readonly id: string;
  readonly logo?: string | null | undefined;
  readonly activated?: boolean | undefined;
  readonly register?: { readonly enabled?: boolean | undefined } | undefined;
  readonly attribution?: boolean | undefined;
}

export type ResolvedWhiteLabel<B extends WhiteLabelLike> = Omit<
  B,
  'activated' | 'register' | 'attribution'
> & {
  readonly activated: boolean;
  readonly register: NonNullable<B['register']> & { readonly enabled: boolean };
  readonly attribution: boolean;
};

export interface HostEntry {
  readonly brandId: string;
  /** The partner host sets the third-party flag. */
  readonly thirdParty?: boolean | undefined;
  readonly kind: 'main' | 'partner' | 'test';
}

export interface BrandRegistry<B extends WhiteLabelLike> {
  readonly mainBrandId: string;
  /** Exact host names (lower case, no port): the main, partner and test hosts. */
  readonly hosts: Readonly<Record<string, HostEntry>>;
  /** First host label -> brand id (three aliases: a demo, a wellness brand, another brand). */
  readonly aliases: Readonly<Record<string, string>>;
  readonly brands: Readonly<Record<string, B>>;
}

export type BrandSource = 'company' | 'host' | 'alias' | 'main';

export interface BrandChoice<B extends WhiteLabelLike> {
  readonly brand: ResolvedWhiteLabel<B>;
  readonly source: BrandSource;
  readonly thirdParty: boolean;
  /** The brand first chosen was deactivated (no logo) and the main brand is used. */
  readonly fellBack: boolean;
}

/** Applies the defaults: register enabled, attribution on; no logo -> not activated. */
export function withBrandDefaults<B extends WhiteLabelLike>(brand: B): ResolvedWhiteLabel<B> {
  const hasLogo = typeof brand.logo === 'string' && brand.logo.trim() !== '';
  return {
    ...brand,
    activated: hasLogo && brand.activated !== false,
    register: { ...brand.register, enabled: brand.register?.enabled ?? true },
    attribution: brand.attribution ?? true,
  } as ResolvedWhiteLabel<B>;
}

/** 'Demo.Example.com:8080' -> 'demo.example.com'. */
export function normaliseHost(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return (h.split(':')[0] ?? '').replace(/\.$/, '');
}

/** The first label of a host name ('wellness.example.com' -> 'wellness'). */
export function firstHostLabel(host: string): string {
  return normaliseHost(host).split('.')[0] ?? '';
}

function pick<B extends WhiteLabelLike>(
  registry: BrandRegistry<B>,
  host: string,
  company: string | null | undefined,
): { id: string; source: BrandSource; thirdParty: boolean } {
  const key = company?.trim();
  if (key && Object.hasOwn(registry.brands, key)) {
    return { id: key, source: 'company', thirdParty: false };
  }
  const name = normaliseHost(host);
  const entry = Object.hasOwn(registry.hosts, name) ? registry.hosts[name] : undefined;
  if (entry && Object.hasOwn(registry.brands, entry.brandId)) {
    return { id: entry.brandId, source: 'host', thirdParty: entry.thirdParty === true };
  }
  const label = firstHostLabel(host);
  const alias = Object.hasOwn(registry.aliases, label) ? registry.aliases[label] : undefined;
  if (alias && Object.hasOwn(registry.brands, alias)) {
    return { id: alias, source: 'alias', thirdParty: false };
  }
  return { id: registry.mainBrandId, source: 'main', thirdParty: false };
}

/**
 * The brand for a request: by query company, exact host name or first-label alias (in that
 * order), falling back to the main brand when nothing matches or the match has no logo.
 */
export function chooseWhiteLabel<B extends WhiteLabelLike>(input: {
  readonly host: string;
  readonly company?: string | null | undefined;
  readonly registry: BrandRegistry<B>;
}): BrandChoice<B> {
  const { registry } = input;
  const choice = pick(registry, input.host, input.company);
  const chosen = registry.brands[choice.id];
  const resolved = chosen ? withBrandDefaults(chosen) : undefined;
  if (resolved?.activated) {
    return {
      brand: resolved,
      source: choice.source,
      thirdParty: choice.thirdParty,
      fellBack: false,
    };
  }
  const main = registry.brands[registry.mainBrandId];
  if (!main) throw new Error(`Brand registry has no main brand '${registry.mainBrandId}'`);
  return {
    brand: withBrandDefaults(main),
    source: 'main',
    thirdParty: choice.thirdParty,
    fellBack: choice.source !== 'main',
  };
}
