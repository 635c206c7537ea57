import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brandIcons } from '@apothecall/domain/brands/brand-icons.rules';
import { describe, expect, it } from 'vitest';
import {
  createBrandIconsService,
  drawnIconSvg,
  type IconSource,
  logoFromWebBuild,
  markColor,
  maxLogoBytes,
} from './brand-icons.service';

const wellness = { id: 'wellness', name: 'Wellness Now', colorPrimary: '#2f9e44', logo: null };

function counting(logos: Record<string, string> = {}) {
  const drawings: IconSource[] = [];
  const reads: string[] = [];
  const service = createBrandIconsService({
    readLogo: async (logo) => {
      reads.push(logo);
      return logos[logo] === undefined ? undefined : Buffer.from(logos[logo]);
    },
    render: async (source) => {
      drawings.push(source);
      return Buffer.from(`${source.icon.file} ${source.colorPrimary} ${source.initial}`);
    },
  });
  return { service, drawings, reads };
}

describe('brand icons, drawn once and kept', () => {
  it('draws each icon of a brand once, however often and however many at once it is asked', async () => {
    const { service, drawings } = counting();
    const [a, b] = await Promise.all([
      service.icon(wellness, brandIcons.icon192),
      service.icon(wellness, brandIcons.icon192),
    ]);
    const c = await service.icon(wellness, brandIcons.icon192);
    expect(a).toBe(b);
    expect(c).toBe(a);
    expect(drawings).toHaveLength(1);
    await service.icon(wellness, brandIcons.favicon32);
    await service.icon({ ...wellness, id: 'other' }, brandIcons.icon192);
    expect(drawings.map((d) => d.icon.file)).toEqual([
      'icon-192.png',
      'favicon-32.png',
      'icon-192.png',
    ]);
    expect(a.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(a.version).toBe(await service.version(wellness));
  });

  it('gives a changed brand a new version and draws it again', async () => {
    const { service, drawings } = counting({ '/brand/w.svg': '<svg/>', '/brand/w2.svg': '<svg/>' });
    const versions = new Set<string>();
    for (const brand of [
      wellness,
      { ...wellness, colorPrimary: '#1864ab' },
      { ...wellness, name: 'Vitality' },
      { ...wellness, logo: '/brand/w.svg' },
      { ...wellness, logo: '/brand/missing.svg' },
    ]) {
      versions.add(await service.version(brand));
      await service.icon(brand, brandIcons.icon512);
    }
    expect(versions.size).toBe(5);
    expect(drawings).toHaveLength(5);
    // Only the initial of the name is drawn: a name with the same initial keeps the icons.
    expect(await service.version({ ...wellness, name: 'Wellbeing' })).toBe(
      await service.version(wellness),
    );
    // The same bytes at another address: the same drawing, but the address is part of the version.
    expect(await service.version({ ...wellness, logo: '/brand/w2.svg' })).not.toBe(
      await service.version({ ...wellness, logo: '/brand/w.svg' }),
    );
  });

  it('reads a logo once, and draws from it when it could be read', async () => {
    const { service, drawings, reads } = counting({ '/brand/w.svg': '<svg/>' });
    const brand = { ...wellness, logo: '/brand/w.svg' };
    await service.icon(brand, brandIcons.icon192);
    await service.icon(brand, brandIcons.icon512);
    await service.version(brand);
    expect(reads).toEqual(['/brand/w.svg']);
    expect(drawings.map((d) => d.logo?.toString())).toEqual(['<svg/>', '<svg/>']);
  });

  it('does not keep a failed drawing', async () => {
    let fail = true;
    const service = createBrandIconsService({
      readLogo: async () => undefined,
      render: async () => {
        if (fail) throw new Error('out of memory');
        return Buffer.from('png');
      },
    });
    await expect(service.icon(wellness, brandIcons.icon192)).rejects.toThrow('out of memory');
    fail = false;
    expect((await service.icon(wellness, brandIcons.icon192)).png.toString()).toBe('png');
  });
});

describe('a drawn icon', () => {
  it('is the initial in white, or in near-black on a light brand colour', () => {
    expect(markColor('#2f9e44')).toBe('#ffffff');
    expect(markColor('#0b7285')).toBe('#ffffff');
    expect(markColor('#fcc419')).toBe('#1a1b1e');
    const svg = drawnIconSvg({ icon: brandIcons.icon192, colorPrimary: '#fcc419', initial: 'Q' });
    expect(svg).toContain('<rect width="192" height="192" fill="#fcc419"/>');
    expect(svg).toContain('<g fill="#1a1b1e"><path transform=');
    // No text for librsvg to find a font for: the letter is an outline.
    expect(svg).not.toContain('<text');
  });

  it('is a ring when the name has no letter to show', () => {
    const svg = drawnIconSvg({
      icon: brandIcons.favicon32,
      colorPrimary: '#0b7285',
      initial: undefined,
    });
    expect(svg).toContain('<circle');
    expect(svg).not.toContain('<path');
  });
});

describe('a logo of the web build', () => {
  it('is read from the build only: not above it, not from elsewhere, not when too large', async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'apothecall-logos-'));
    try {
      await mkdir(path.join(dist, 'brand'));
      await writeFile(path.join(dist, 'brand', 'a b.svg'), '<svg/>');
      await writeFile(path.join(dist, 'brand', 'huge.png'), Buffer.alloc(maxLogoBytes + 1));
      await writeFile(path.join(path.dirname(dist), 'apothecall-secret.txt'), 'no');
      const read = (logo: string) => logoFromWebBuild(dist, logo);
      expect((await read('/brand/a%20b.svg?v=2'))?.toString()).toBe('<svg/>');
      expect(await read('/brand/../../apothecall-secret.txt')).toBeUndefined();
      expect(await read('/%2e%2e/apothecall-secret.txt')).toBeUndefined();
      expect(await read('/brand')).toBeUndefined();
      expect(await read('/brand/huge.png')).toBeUndefined();
      expect(await read('https://cdn.example.com/brand/a%20b.svg')).toBeUndefined();
      expect(await read('//cdn.example.com/brand/a%20b.svg')).toBeUndefined();
      expect(await logoFromWebBuild(undefined, '/brand/a%20b.svg')).toBeUndefined();
    } finally {
      await rm(dist, { recursive: true, force: true });
      await rm(path.join(path.dirname(dist), 'apothecall-secret.txt'), { force: true });
    }
  });
});
