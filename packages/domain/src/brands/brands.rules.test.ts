import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BrandRegistry,
  chooseWhiteLabel,
  firstHostLabel,
  normaliseHost,
  type WhiteLabelLike,
  withBrandDefaults,
} from './brands.rules';

type Brand = WhiteLabelLike & { readonly name: string };

const registry: BrandRegistry<Brand> = {
  mainBrandId: 'main',
  hosts: {
    'app.apothecall.test': { brandId: 'main', kind: 'main' },
    'partner.example.org': { brandId: 'partner', kind: 'partner', thirdParty: true },
    'test.apothecall.test': { brandId: 'test', kind: 'test' },
  },
  aliases: { demo: 'demo', wellness: 'wellness', acme: 'acme' },
  brands: {
    main: { id: 'main', name: 'Main', logo: '/logo/main.svg' },
    partner: { id: 'partner', name: 'Partner', logo: '/logo/partner.svg' },
    test: { id: 'test', name: 'Test', logo: '/logo/test.svg' },
    demo: { id: 'demo', name: 'Demo', logo: '/logo/demo.svg' },
    wellness: { id: 'wellness', name: 'Wellness', logo: '/logo/wellness.svg' },
    acme: { id: 'acme', name: 'Acme', logo: null },
    pharma1: { id: 'pharma1', name: 'Pharmacy One', logo: '/logo/p1.svg' },
  },
};

const choose = (host: string, company?: string) => chooseWhiteLabel({ host, company, registry });

describe('white-label choice (spec section 4)', () => {
  it('by host name: main, partner (third-party flag) and test', () => {
    expect(choose('app.apothecall.test')).toMatchObject({
      source: 'host',
      thirdParty: false,
      brand: { id: 'main' },
    });
    expect(choose('Partner.Example.org:443')).toMatchObject({
      source: 'host',
      thirdParty: true,
      brand: { id: 'partner' },
    });
    expect(choose('test.apothecall.test')).toMatchObject({ source: 'host', brand: { id: 'test' } });
  });

  it('by first host label through the alias map', () => {
    expect(choose('demo.apothecall.test')).toMatchObject({
      source: 'alias',
      brand: { id: 'demo' },
    });
    expect(choose('wellness.other.net')).toMatchObject({
      source: 'alias',
      brand: { id: 'wellness' },
    });
  });

  it('by query company, which wins over host and alias', () => {
    expect(choose('demo.apothecall.test', 'pharma1')).toMatchObject({
      source: 'company',
      brand: { id: 'pharma1' },
    });
    expect(choose('partner.example.org', 'pharma1')).toMatchObject({
      source: 'company',
      thirdParty: false,
    });
  });

  it('ignores an unknown company and falls through to the host', () => {
    expect(choose('partner.example.org', 'nope')).toMatchObject({
      source: 'host',
      brand: { id: 'partner' },
    });
  });

  it('an unknown host gets the main brand', () => {
    expect(choose('elsewhere.example.com')).toMatchObject({
      source: 'main',
      fellBack: false,
      brand: { id: 'main' },
    });
  });

  it('a brand without a logo is deactivated and the main brand is used', () => {
    expect(withBrandDefaults(registry.brands.acme as Brand).activated).toBe(false);
    expect(choose('acme.apothecall.test')).toMatchObject({
      source: 'main',
      fellBack: true,
      brand: { id: 'main' },
    });
    expect(choose('x', 'acme')).toMatchObject({ fellBack: true, brand: { id: 'main' } });
  });

  it('defaults: register enabled and attribution on; explicit values are kept', () => {
    const b = withBrandDefaults({ id: 'b', logo: 'l.png' });
    expect(b).toMatchObject({ activated: true, register: { enabled: true }, attribution: true });
    const off = withBrandDefaults({
      id: 'b',
      logo: 'l.png',
      register: { enabled: false },
      attribution: false,
    });
    expect(off).toMatchObject({ register: { enabled: false }, attribution: false });
  });

  it('normalises host names', () => {
    expect(normaliseHost(' Demo.Example.COM:8080 ')).toBe('demo.example.com');
    expect(firstHostLabel('wellness.example.com')).toBe('wellness');
  });

  it('law: the chosen brand is always activated or the main brand', () => {
    const host = fc.oneof(
      fc.constantFrom(...Object.keys(registry.hosts), 'acme.x.y', 'demo.x', 'unknown.host'),
      fc.domain(),
    );
    const company = fc.option(fc.constantFrom(...Object.keys(registry.brands), 'missing', ''), {
      nil: undefined,
    });
    fc.assert(
      fc.property(host, company, (h, c) => {
        const r = choose(h, c);
        expect(r.brand.activated || r.brand.id === 'main').toBe(true);
        expect(r.brand.attribution).toBe(true);
        expect(r.brand.register.enabled).toBe(true);
      }),
    );
  });
});
