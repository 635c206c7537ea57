import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../../test/harness';
import { brands } from '../../db/schema/brands';

/**
 * Each brand's icons, favicon and manifest (each brand its own, not one teal icon for all).
 * The web build here holds one logo, the partner's, drawn all red so the test can see it
 * in the icon; the other brands' logos are not in it, so their icons are drawn from their
 * colour and initial.
 */
const redLogo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#ff0000"/></svg>';

const files = [
  ['favicon-32.png', 32],
  ['favicon-48.png', 48],
  ['apple-touch-180.png', 180],
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['maskable-512.png', 512],
] as const;

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    const hex = [data[i], data[i + 1], data[i + 2]]
      .map((c) => (c ?? 0).toString(16).padStart(2, '0'))
      .join('');
    return `#${hex}`;
  };
  let white = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i] ?? 0) > 240 && (data[i + 1] ?? 0) > 240 && (data[i + 2] ?? 0) > 240) white++;
  }
  return { at, whiteShare: white / (info.width * info.height), info };
}

describe.each(databaseKinds)('brand icons on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'apothecall-brand-icons-'));
    await mkdir(path.join(webDist, 'brand'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(webDist, 'brand', 'partner.svg'), redLogo);
    t = await startTestApp(kind, { WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.fastify.inject({ method: 'GET', url, headers });

  const whiteLabel = async (host: string) => {
    const res = await get('/api/whiteLabel/auto', { host });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  const manifest = async (host: string) => {
    const res = await get('/manifest.webmanifest', { host, 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  const icon = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    return res;
  };

  it('serves every icon of a brand as a PNG of its size, the same to every visitor', async () => {
    for (const brandId of ['partner', 'wellness']) {
      for (const [file, size] of files) {
        const res = await icon(`/brand-icons/${brandId}/${file}`);
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height], `${brandId} ${file}`).toEqual([
          'png',
          size,
          size,
        ]);
        expect(res.headers['cache-control']).toMatch(/^public, /);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // Another visitor, on another host, with a session cookie: the same bytes.
    const first = await icon('/brand-icons/partner/icon-192.png');
    const again = await t.fastify.inject({
      method: 'GET',
      url: '/brand-icons/partner/icon-192.png',
      headers: { host: 'wellness.localhost', cookie: 'a=b', 'accept-language': 'es' },
    });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('draws a brand with a logo from its logo, on its colour; maskable with room around it', async () => {
    const partner = await pixels((await icon('/brand-icons/partner/icon-512.png')).rawPayload);
    expect(partner.at(256, 256)).toBe('#ff0000');
    expect(partner.at(4, 4)).toBe('#ff0000');
    const maskable = await pixels((await icon('/brand-icons/partner/maskable-512.png')).rawPayload);
    expect(maskable.at(256, 256)).toBe('#ff0000');
    // Launchers cut a maskable icon to a circle of 80% of its width: the logo stays inside.
    expect(maskable.at(256, 60)).toBe('#7048e8');
    expect(maskable.at(4, 4)).toBe('#7048e8');
    const favicon = await pixels((await icon('/brand-icons/partner/favicon-32.png')).rawPayload);
    expect(favicon.at(16, 16)).toBe('#ff0000');
  });

  it('draws a brand whose logo cannot be read from its colour and initial', async () => {
    // Wellness Now's logo is not in this build.
    const wellness = await pixels((await icon('/brand-icons/wellness/icon-512.png')).rawPayload);
    expect(wellness.at(4, 4)).toBe('#2f9e44');
    // A white 'W' on the brand's green.
    expect(wellness.whiteShare).toBeGreaterThan(0.04);
    expect(wellness.whiteShare).toBeLessThan(0.5);
    const sunrise = await icon('/brand-icons/sunrise-pharmacy/icon-512.png');
    const wellnessBytes = (await icon('/brand-icons/wellness/icon-512.png')).rawPayload;
    expect(sunrise.rawPayload.equals(wellnessBytes)).toBe(false);
    const partner = await icon('/brand-icons/partner/icon-512.png');
    expect(partner.rawPayload.equals(wellnessBytes)).toBe(false);
  });

  it('gives a brand without a logo, or an unknown one, the main brand’s icons, as everywhere else', async () => {
    const main = await icon('/brand-icons/apothecall/icon-192.png');
    for (const brandId of ['nologo', 'no-such-brand']) {
      const other = await icon(`/brand-icons/${brandId}/icon-192.png`);
      expect(other.rawPayload.equals(main.rawPayload), brandId).toBe(true);
    }
    // The main brand's logo is not in this build either: its initial on its teal.
    const drawn = await pixels(main.rawPayload);
    expect(drawn.at(2, 2)).toBe('#0b7285');
    expect(drawn.whiteShare).toBeGreaterThan(0.04);
    expect((await get('/brand-icons/partner/icon-100.png')).statusCode).toBe(400);
  });

  it('names each brand in its manifest with its colours and its own icons', async () => {
    const partnerLabel = await whiteLabel('partner.localhost');
    const partner = await manifest('partner.localhost');
    expect(partner).toMatchObject({
      name: 'Partner Health',
      short_name: 'Partner',
      theme_color: '#7048e8',
      background_color: '#7048e8',
    });
    const v = partnerLabel.iconVersion;
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(partner.icons).toEqual([
      { src: `/brand-icons/partner/icon-192.png?v=${v}`, sizes: '192x192', type: 'image/png' },
      { src: `/brand-icons/partner/icon-512.png?v=${v}`, sizes: '512x512', type: 'image/png' },
      {
        src: `/brand-icons/partner/maskable-512.png?v=${v}`,
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ]);
    const wellness = await manifest('wellness.localhost');
    expect(wellness).toMatchObject({
      name: 'Wellness Now',
      theme_color: '#2f9e44',
      background_color: '#2f9e44',
    });
    expect((await whiteLabel('wellness.localhost')).iconVersion).not.toBe(v);
    const bytes: Buffer[] = [];
    for (const { src, sizes } of [...partner.icons, ...wellness.icons]) {
      const res = await icon(src);
      // At its current version an icon's address never changes what it answers.
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(sizes);
      bytes.push(res.rawPayload);
    }
    expect(bytes[0]?.equals(bytes[3] as Buffer)).toBe(false);
  });

  it('answers 304 to the ETag it gave, and draws anew when the brand changes', async () => {
    const url = '/brand-icons/wellness/icon-192.png';
    const first = await icon(url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const unchanged = await get(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    const before = (await whiteLabel('wellness.localhost')).iconVersion;
    // An old version's address is answered with today's icon, and not cached for good.
    const stale = await icon(`${url}?v=0000000000000000`);
    expect(stale.headers['cache-control']).toBe('public, max-age=3600');

    await t.database.db
      .update(brands)
      .set({ colorPrimary: '#1864ab' })
      .where(eq(brands.id, 'wellness'));
    try {
      t.advance(31_000); // the brand registry is cached for 30 s
      const after = (await whiteLabel('wellness.localhost')).iconVersion;
      expect(after).not.toBe(before);
      const redrawn = await get(url, { 'if-none-match': etag });
      expect(redrawn.statusCode).toBe(200);
      expect(redrawn.headers.etag).not.toBe(etag);
      expect((await pixels(redrawn.rawPayload)).at(2, 2)).toBe('#1864ab');
      expect((await manifest('wellness.localhost')).theme_color).toBe('#1864ab');
    } finally {
      await t.database.db
        .update(brands)
        .set({ colorPrimary: '#2f9e44' })
        .where(eq(brands.id, 'wellness'));
      t.advance(31_000);
    }
  });
});
