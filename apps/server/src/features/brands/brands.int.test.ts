import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, startTestApp, type TestApp } from '../../../test/harness';
import { outbox } from '../../db/schema/platform';

describe.each(databaseKinds)('white-label brands on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { CLIENT_IDLE_LOGOUT_SECONDS: '120' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const brand = async (id: string, host: string) => {
    const res = await t.fastify.inject({
      method: 'GET',
      url: `/api/whiteLabel/${id}`,
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('chooses the main brand for the main host, with the defaults on', async () => {
    const main = await brand('auto', 'localhost:3000');
    expect(main.whiteLabel).toMatchObject({
      id: 'apothecall',
      activated: true,
      logo: '/brand/apothecall.svg',
      register: { enabled: true },
      attribution: true,
    });
    expect(main.thirdParty).toBe(false);
    expect(main.client).toEqual({
      idleLogoutMs: 120_000,
      autoLogoffMinutes: 30,
      minRegistrationAge: 18,
      minDependentAge: 4,
    });
  });

  it('chooses the partner by its host and sets the third-party flag', async () => {
    const partner = await brand('auto', 'partner.localhost:3000');
    expect(partner.whiteLabel).toMatchObject({
      id: 'partner',
      colorPrimary: '#7048e8',
      logo: '/brand/partner.svg',
    });
    expect(partner.thirdParty).toBe(true);
    expect(partner.name).toBe('Partner Health');
  });

  it("gives each brand its own web manifest, in the reader's language", async () => {
    const manifest = async (url: string, host: string, language = 'en-US') => {
      const res = await t.fastify.inject({
        method: 'GET',
        url,
        headers: { host, 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      return res.json();
    };
    expect(
      await manifest('/manifest.webmanifest', 'wellness.localhost', 'es-MX,es;q=0.9'),
    ).toMatchObject({
      id: '/',
      name: 'Wellness Now',
      lang: 'es',
      description: 'Consultas por video, citas y recetas.',
      start_url: '/',
      theme_color: '#2f9e44',
    });
    expect(await manifest('/manifest.webmanifest', 'localhost:3000')).toMatchObject({
      name: 'Apothecall',
      lang: 'en',
    });
    // A brand by company key on the shared host installs as an app of its own; the page's
    // language, when named, wins over the browser's.
    expect(
      await manifest('/manifest.webmanifest?company=partner&lang=es', 'localhost:3000'),
    ).toMatchObject({
      id: '/?company=partner',
      start_url: '/?company=partner',
      name: 'Partner Health',
      lang: 'es',
    });
    // An unknown key is the host's brand, not an app of its own.
    expect(await manifest('/manifest.webmanifest?company=nobody', 'localhost:3000')).toMatchObject({
      id: '/',
      name: 'Apothecall',
    });
    const tooLong = await t.fastify.inject({
      method: 'GET',
      url: `/manifest.webmanifest?company=${'x'.repeat(65)}`,
      headers: { 'accept-language': 'es' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe(true);
  });

  it('chooses a brand by its first host label (alias) and by company key', async () => {
    expect((await brand('auto', 'wellness.localhost')).whiteLabel.id).toBe('wellness');
    expect((await brand('auto', 'demo.example.com')).whiteLabel.id).toBe('apothecall');
    expect((await brand('partner', 'localhost')).whiteLabel.id).toBe('partner');
    expect((await brand('sunrise-pharmacy', 'localhost')).whiteLabel.id).toBe('sunrise-pharmacy');
  });

  it('falls back to the main brand for a brand without a logo or an unknown company', async () => {
    expect((await brand('nologo', 'localhost')).whiteLabel.id).toBe('apothecall');
    expect((await brand('auto', 'nologo.localhost')).whiteLabel.id).toBe('apothecall');
    expect((await brand('no-such-brand', 'localhost')).whiteLabel.id).toBe('apothecall');
  });

  it('serves referral records and the web app version', async () => {
    const referral = await t.fastify.inject({ method: 'GET', url: '/api/referral/friend10' });
    expect(referral.json().referral).toMatchObject({
      code: 'FRIEND10',
      title: 'A friend sent you',
    });
    expect((await t.fastify.inject({ method: 'GET', url: '/api/referral/NOPE' })).statusCode).toBe(
      404,
    );
    const version = await t.fastify.inject({ method: 'GET', url: '/api/webapp-version?id=web' });
    expect(version.json().version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('answers the version of the web build it serves (an open app compares it with its own)', async () => {
    const webDist = await mkdtemp(path.join(tmpdir(), 'apothecall-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(path.join(webDist, 'version.json'), '{"version":"0.1.0+20261124120000"}');
    const served = await startTestApp(kind, { WEB_DIST: webDist }, { database: t.database });
    try {
      const version = await served.fastify.inject({ method: 'GET', url: '/api/webapp-version' });
      expect(version.json()).toEqual({ error: false, version: '0.1.0+20261124120000' });
    } finally {
      await served.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('brands the e-mails it sends with the brand of the request', async () => {
    await t.fastify.inject({
      method: 'POST',
      url: '/api/password-reset',
      headers: { host: 'partner.localhost' },
      payload: { email: 'patient@apothecall.test' },
    });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, 'patient@apothecall.test'));
    expect(mails.at(-1)?.subject).toBe('Partner Health: reset your password');
  });

  it('keeps the outbox API closed unless EXPOSE_OUTBOX=true', async () => {
    expect((await t.fastify.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(
      404,
    );
  });
});
