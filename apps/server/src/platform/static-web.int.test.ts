import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The built web app as the server sends it (issue 12): the pre-compressed copy the browser
 * accepts, hashed assets cached for a year, the page and service worker revalidated, and no
 * source map. A made-up dist folder stands in for the build.
 */
describe('serving the built web app', () => {
  let t: TestApp;
  let dist = '';
  const script = `console.log(${JSON.stringify('apothecall '.repeat(200))});`;
  const page = `<!doctype html><html><body>${'<p>Apothecall</p>'.repeat(100)}</body></html>`;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'apothecall-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const files: Record<string, string> = {
      'index.html': page,
      'assets/index-AbC123.js': script,
      'sw.js': script,
    };
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dist, name);
      writeFileSync(file, text);
      writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
      writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
    }
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
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the brotli copy to a browser that takes brotli, and gzip to one that takes gzip', async () => {
    const br = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches hashed assets for a year and revalidates the page and the service worker', async () => {
    const asset = await get('/assets/index-AbC123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/index.html', '/sw.js']) {
      const answer = await get(url, 'br');
      expect({ url, status: answer.statusCode, cache: answer.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        cache: 'no-cache',
      });
    }
    const pageAnswer = await get('/', 'br');
    expect(pageAnswer.headers['content-encoding']).toBe('br');
    expect(String(pageAnswer.headers['content-type'])).toMatch(/text\/html/);
    expect(String(pageAnswer.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('never serves a source map', async () => {
    const map = await get('/assets/index-AbC123.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.json()).toMatchObject({ error: true, errorCode: 'NOT_FOUND' });
  });
});
