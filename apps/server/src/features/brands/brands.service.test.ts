import { describe, expect, it } from 'vitest';
import type { BrandRow, BrandsRepo } from './brands.repo';
import { createBrandsService } from './brands.service';

/**
 * White-label brands, on a fake repo: a brand is chosen by company key, exact host, first-label
 * alias, else the main brand, and one without a logo falls back to the main brand; the registry
 * is read once per 30 s unless a save forgets it; care and subscription settings have their
 * defaults; a referral code is looked up upper-cased, an unknown one not found.
 */
function brand(overrides: Partial<BrandRow> & Pick<BrandRow, 'id'>): BrandRow {
  return {
    name: overrides.id,
    logoUrl: `/brand-icons/${overrides.id}/logo.png`,
    colorPrimary: '#112233',
    colorAccent: '#445566',
    colorWarning: '#778899',
    settings: {},
    hostKind: null,
    hosts: [],
    aliases: [],
    thirdParty: false,
    isMain: false,
    homePage: '/',
    backgroundImage: null,
    registerEnabled: true,
    attribution: true,
    ...overrides,
  };
}

const brands: BrandRow[] = [
  brand({ id: 'apothecall', name: 'Apothecall', isMain: true, hosts: ['app.example.test'] }),
  brand({
    id: 'acme',
    name: 'Acme Health',
    hosts: ['Care.Acme.test'],
    aliases: ['acme'],
    hostKind: 'partner',
    thirdParty: true,
    settings: {
      availableStates: ['FL', 7, 'TX'],
      asyncStates: ['FL'],
      hours: { open: '09:00', timeZone: 'America/Chicago' },
      appSettings: { subscriptionPurchaseActive: true },
      subscriptionCatalog: { plans: [] },
    },
  }),
  brand({ id: 'nologo', name: 'No Logo', logoUrl: null, aliases: ['nologo'] }),
];

function setUp() {
  let at = 1_000_000;
  let reads = 0;
  const looked: string[] = [];
  const repo = {
    listAll: async () => {
      reads += 1;
      return brands;
    },
    referral: async (code: string) => {
      looked.push(code);
      return code === 'FRIEND10'
        ? {
            code,
            title: 'Friends',
            message: 'Hi',
            linkMessage: 'Join',
            priceCents: 3900,
            ownerAccountId: null,
          }
        : undefined;
    },
  } as Partial<BrandsRepo> as BrandsRepo;
  const service = createBrandsService({ repo, now: () => at });
  return {
    service,
    looked,
    reads: () => reads,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

describe('brands service', () => {
  it('chooses by company key, then exact host, then first-label alias, else the main brand', async () => {
    const { service } = setUp();
    const pick = async (input: { host: string; company?: string }) => {
      const resolved = await service.resolve(input);
      return [resolved.whiteLabel.id, resolved.name, resolved.thirdParty];
    };
    expect(await pick({ host: 'app.example.test', company: 'acme' })).toEqual([
      'acme',
      'Acme Health',
      true,
    ]);
    expect(await pick({ host: 'care.acme.test:443' })).toEqual(['acme', 'Acme Health', true]);
    expect(await pick({ host: 'acme.elsewhere.test' })).toEqual(['acme', 'Acme Health', true]);
    expect(await pick({ host: 'unknown.test' })).toEqual(['apothecall', 'Apothecall', false]);
    expect((await service.byId('missing')).whiteLabel.id).toBe('apothecall');
  });

  it('falls back to the main brand for a brand without a logo', async () => {
    const { service } = setUp();
    expect((await service.resolve({ host: 'nologo.example.test' })).whiteLabel.id).toBe(
      'apothecall',
    );
    expect((await service.byId('nologo')).name).toBe('Apothecall');
  });

  it('reads the brands once per 30 seconds, and again at once after a save', async () => {
    const { service, reads, advance } = setUp();
    await service.byId('acme');
    advance(30_000);
    await service.careSettings('acme');
    expect(reads()).toBe(1);
    advance(1);
    await service.byId('acme');
    expect(reads()).toBe(2);
    service.invalidate();
    await service.byId('acme');
    expect(reads()).toBe(3);
  });

  it("answers a brand's care settings, keeping only its state names, with default hours", async () => {
    const { service } = setUp();
    expect(await service.careSettings('acme')).toEqual({
      availableStates: ['FL', 'TX'],
      asyncStates: ['FL'],
      hours: { open: '09:00', close: '22:00', timeZone: 'America/Chicago' },
    });
    expect(await service.careSettings('unknown')).toEqual({
      availableStates: [],
      asyncStates: [],
      hours: { open: '08:00', close: '22:00', timeZone: 'America/New_York' },
    });
  });

  it('says whether a brand sells subscriptions, with its stored catalog', async () => {
    const { service } = setUp();
    expect(await service.subscriptionSettings('acme')).toEqual({
      sells: true,
      catalog: { plans: [] },
    });
    expect(await service.subscriptionSettings('apothecall')).toEqual({
      sells: false,
      catalog: undefined,
    });
  });

  it('looks a referral code up trimmed and upper-cased; an unknown one is not found', async () => {
    const { service, looked } = setUp();
    expect(await service.referral(' friend10 ')).toEqual({
      code: 'FRIEND10',
      title: 'Friends',
      message: 'Hi',
      linkMessage: 'Join',
    });
    await expect(service.referral('nope')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(looked).toEqual(['FRIEND10', 'NOPE']);
  });
});
