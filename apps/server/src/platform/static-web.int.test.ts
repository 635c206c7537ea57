import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The built web app as the server sends it: the pre-compressed copy the browser
 * accepts, hashed assets cached for a year, the page, the service worker and the manifest
 * revalidated, and no source map. A made-up dist folder stands in for the build
 * (apps/web/scripts/precompress.mjs writes the .br and .gz copies of the real one).
 */
describe('serving the built web app', () => {
  let t: TestApp;
  let dist = '';
  const script = `console.log(${JSON.stringify('apothecall '.repeat(200))});`;
  const page = `<!doctype html><html><body>${'<p>Apothecall</p>'.repeat(100)}</body></html>`;
  const files: Record<string, string> = {
    'index.html': page,
    'assets/index-AbC123.js': script,
    'assets/index-AbC123.css': `body{color:#123456}${'.a{margin:0}'.repeat(100)}`,
    'sw.js': script,
    'registerSW.js': script,
    'workbox-1a2b3c4d.js': script,
    // A build from before each brand had its own manifest: the brand's is answered instead.
    'manifest.webmanifest': JSON.stringify({ name: 'Static', icons: [] }),
  };
  const copy = (name: string, extension: '' | '.br' | '.gz') =>
    readFileSync(path.join(dist, `${name}${extension}`));

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'apothecall-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dist, name);
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
      writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text), { level: 9 }));
    }
    // A source map left in the folder must still not be served.
    writeFileSync(path.join(dist, 'assets/index-AbC123.js.map'), '{"version":3}');
    t = await startTestApp('pglite', { WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    t.fastify.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });
  const asset = 'assets/index-AbC123.js';

  it('sends the brotli file to a browser that takes brotli, with Vary: Accept-Encoding', async () => {
    for (const accepted of ['br', 'gzip, deflate, br, zstd']) {
      const answer = await get(`/${asset}`, accepted);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('br');
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(String(answer.headers['content-type'])).toMatch(/javascript/);
      expect(answer.rawPayload.equals(copy(asset, '.br'))).toBe(true);
    }
  });

  it('sends the gzip file to a browser that takes gzip only', async () => {
    const answer = await get(`/${asset}`, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(answer.headers['content-type'])).toMatch(/javascript/);
    expect(answer.rawPayload.equals(copy(asset, '.gz'))).toBe(true);
    const css = await get('/assets/index-AbC123.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(String(css.headers['content-type'])).toMatch(/text\/css/);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    for (const accepted of [undefined, 'identity']) {
      const answer = await get(`/${asset}`, accepted);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.rawPayload.equals(copy(asset, ''))).toBe(true);
    }
  });

  it('caches hashed assets for a year; the page, service worker and manifest are revalidated', async () => {
    for (const url of [`/${asset}`, '/assets/index-AbC123.css']) {
      for (const accepted of ['br', undefined]) {
        const answer = await get(url, accepted);
        expect({ url, cache: answer.headers['cache-control'] }).toEqual({
          url,
          cache: 'public, max-age=31536000, immutable',
        });
      }
    }
    const revalidated = [
      '/',
      '/index.html',
      '/sw.js',
      '/registerSW.js',
      '/workbox-1a2b3c4d.js',
      '/manifest.webmanifest',
    ];
    for (const url of revalidated) {
      for (const accepted of ['br', 'gzip', undefined]) {
        const answer = await get(url, accepted);
        expect({
          url,
          accepted,
          status: answer.statusCode,
          cache: answer.headers['cache-control'],
        }).toEqual({ url, accepted, status: 200, cache: 'no-cache' });
      }
    }
    for (const accepted of ['br', undefined]) {
      expect((await get('/manifest.webmanifest', accepted)).json()).toMatchObject({
        name: 'Apothecall',
        lang: 'en',
      });
    }
    const home = await get('/', 'br');
    expect(home.headers['content-encoding']).toBe('br');
    expect(String(home.headers['content-type'])).toMatch(/text\/html/);
    expect(home.rawPayload.equals(copy('index.html', '.br'))).toBe(true);
  });

  it('keeps the security headers on the page and on the assets', async () => {
    for (const url of ['/', `/${asset}`]) {
      const answer = await get(url, 'br');
      expect(String(answer.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('never serves a source map', async () => {
    for (const url of [`/${asset}.map`, '/sw.js.map']) {
      for (const accepted of ['br', undefined]) {
        const answer = await get(url, accepted);
        expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
        expect(answer.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
      }
    }
  });
});
