import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/files-harness';
import {
  databaseKinds,
  demo,
  login,
  newPatient,
  startTestApp,
  type TestApp,
} from '../../../test/harness';
import { accounts } from '../../db/schema/accounts';
import { brands } from '../../db/schema/brands';
import { auditLog } from '../../db/schema/platform';
import { seedDemo } from '../../db/seed/demo-seed';
import { createPasswordHasher } from '../../platform/passwords';

const admin = 'admin@apothecall.test';

/** A new brand's whole form, as the console sends it. */
function harbor(overrides: Record<string, unknown> = {}) {
  return {
    id: 'harbor',
    name: 'Harbor Health',
    hostKind: 'partner',
    hosts: ['harbor.example.test'],
    aliases: ['harbor'],
    thirdParty: true,
    colorPrimary: '#5C2D91',
    colorAccent: '#0b7285',
    colorWarning: '#c92a2a',
    homePage: '/',
    backgroundImage: null,
    registerEnabled: true,
    attribution: true,
    appSettings: { availableLang: ['en', 'es'] },
    care: {
      availableStates: ['FL', 'TX'],
      asyncStates: ['FL', 'GA'],
      hours: { open: '09:00', close: '17:00', timeZone: 'America/Chicago' },
    },
    ...overrides,
  };
}

/**
 * The back office's brands area through the whole app: who may read and change it,
 * creating a brand and saving one (the public white-label answers the change at once), the
 * refusals of bad input in both languages with nothing changed, the logo upload and its public
 * address, the audit with before and after, and a restart's seed leaving the operator's brands
 * as they are. One app per database.
 */
describe.each(databaseKinds)('Back office: brands on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let supportToken: string;
  let others: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminToken = await login(t, admin);
    const staff = await newPatient(t);
    await t.database.db
      .update(accounts)
      .set({ role: 'support' })
      .where(eq(accounts.loginId, staff.loginId));
    supportToken = await login(t, staff.loginId, staff.password);
    others = {
      patient: await login(t, demo.patient),
      provider: await login(t, demo.provider),
      pharmacyAdmin: await login(t, 'pharmacy-admin@apothecall.test'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    body?: object,
    lang = 'en',
  ) =>
    t.fastify.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': lang,
      },
      ...(body ? { payload: body } : {}),
    });
  const whiteLabel = async (host: string) => {
    const res = await t.fastify.inject({
      method: 'GET',
      url: '/api/whiteLabel/auto',
      headers: { host },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const brandRows = () => t.database.db.select().from(brands);
  const audited = (action: string, outcome = 'success') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.outcome, outcome)));
  const png = (color: string) =>
    sharp({ create: { width: 64, height: 32, channels: 3, background: color } })
      .png()
      .toBuffer();
  const uploadLogo = async (
    id: string,
    token: string,
    file: { name: string; bytes: Buffer; type?: string },
    lang = 'en',
  ) => {
    const body = await multipartBody({ files: [file] });
    return t.fastify.inject({
      method: 'POST',
      url: `/api/admin/brands/${id}/logo`,
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: body.payload,
    });
  };

  it('answers 401 without a session, 403 outside the back office, and lets support read but not change', async () => {
    const before = await brandRows();
    const reads = [
      ['GET', '/api/admin/brands', undefined],
      ['GET', '/api/admin/brands/partner', undefined],
    ] as const;
    const writes = [
      ['POST', '/api/admin/brands', harbor({ id: 'nobody', hosts: [], aliases: [] })],
      ['PUT', '/api/admin/brands/partner', harbor({ id: undefined, hosts: [], aliases: [] })],
    ] as const;
    for (const [method, url, body] of [...reads, ...writes]) {
      expect((await call(method, url, null, body)).statusCode, `${url} no session`).toBe(401);
      for (const [role, token] of Object.entries(others)) {
        const res = await call(method, url, token, body);
        expect(res.statusCode, `${method} ${url} ${role}`).toBe(403);
        expect(res.json().errorCode).toBe('BACK_OFFICE_REFUSED');
        expect(res.json().errorMsg).toBe('Your role may not use this part of the back office.');
      }
    }
    for (const [method, url] of reads) {
      expect((await call(method, url, supportToken)).statusCode, `${url} support`).toBe(200);
    }
    const deniedBefore = (await audited('backoffice.brands', 'denied')).length;
    for (const [method, url, body] of writes) {
      const res = await call(method, url, supportToken, body, 'es');
      expect(res.statusCode, `${method} ${url} support`).toBe(403);
      expect(res.json().errorMsg).toBe('Su rol no puede usar esta parte de la administración.');
    }
    const logo = await uploadLogo('partner', supportToken, {
      name: 'logo.png',
      bytes: await png('#123456'),
    });
    expect(logo.statusCode).toBe(403);
    const denied = await audited('backoffice.brands', 'denied');
    expect(denied.length - deniedBefore).toBe(3);
    expect(denied.at(-1)?.detail).toEqual({ need: 'write' });
    expect(await brandRows()).toEqual(before);
  });

  it('lists every brand, the main one first, with hosts, colours and care settings', async () => {
    const res = await call('GET', '/api/admin/brands', adminToken);
    expect(res.statusCode).toBe(200);
    const list = res.json().brands as { id: string; isMain: boolean; hosts: string[] }[];
    expect(list[0]).toMatchObject({ id: 'apothecall', isMain: true });
    expect(list.find((b) => b.id === 'partner')).toMatchObject({
      hosts: ['partner.localhost', 'partner.apothecall.test'],
      hostKind: 'partner',
      thirdParty: true,
      colorPrimary: '#7048e8',
      care: { availableStates: ['FL', 'TX'] },
    });
    expect((await call('GET', '/api/admin/brands/nobody', adminToken)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear message in English and Spanish, and changes nothing', async () => {
    const before = await brandRows();
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ id: 'Harbor_1' }, 400, 'company key of 2 to 40', 'clave de empresa de 2 a 40'],
      [{ id: 'x' }, 400, 'company key of 2 to 40', 'clave de empresa de 2 a 40'],
      [{ hosts: ['https://harbor.example.test'] }, 400, 'without http://', 'sin http://'],
      [{ hosts: ['harbor.example.test:8080'] }, 400, 'without http://', 'sin http://'],
      [{ aliases: ['two.labels'] }, 400, 'one word', 'una palabra'],
      [{ colorPrimary: 'purple' }, 400, '#rrggbb', '#rrggbb'],
      [
        { colorPrimary: '#ffd43b' },
        400,
        'The primary colour #ffd43b is too light to read',
        'El color principal #ffd43b es demasiado claro',
      ],
      [
        { colorAccent: '#74c0fc' },
        400,
        'The accent colour #74c0fc is too light',
        'El color de acento #74c0fc es demasiado claro',
      ],
      [
        { care: { availableStates: ['ZZ'], asyncStates: [], hours: harbor().care.hours } },
        400,
        'list of US states',
        'lista de estados de EE. UU.',
      ],
      [
        {
          care: {
            availableStates: [],
            asyncStates: [],
            hours: { open: '18:00', close: '09:00', timeZone: 'America/Chicago' },
          },
        },
        400,
        'opening before closing',
        'apertura antes del cierre',
      ],
      [
        {
          care: {
            availableStates: [],
            asyncStates: [],
            hours: { open: '09:00', close: '17:00', timeZone: 'Mars/Olympus' },
          },
        },
        400,
        'America/New_York',
        'America/New_York',
      ],
      [{ homePage: 'https://evil.example' }, 400, 'starting with /', 'empiece por /'],
      [{ id: 'partner' }, 409, 'company key partner already exists', 'clave de empresa partner'],
      [
        { hosts: ['partner.localhost'] },
        409,
        'partner.localhost already belongs to the brand Partner Health',
        'partner.localhost ya pertenece a la marca Partner Health',
      ],
      [
        { aliases: ['wellness'] },
        409,
        'wellness already belongs to the brand Wellness Now',
        'wellness ya pertenece a la marca Wellness Now',
      ],
    ];
    for (const [override, status, en, es] of cases) {
      const body = harbor(override);
      const english = await call('POST', '/api/admin/brands', adminToken, body, 'en');
      expect(english.statusCode, JSON.stringify(override)).toBe(status);
      expect(english.json().errorMsg).toContain(en);
      const spanish = await call('POST', '/api/admin/brands', adminToken, body, 'es');
      expect(spanish.statusCode).toBe(status);
      expect(spanish.json().errorMsg).toContain(es);
    }
    // The same refusals on a save.
    const { id: _id, ...fields } = harbor({ hosts: ['localhost'] });
    const taken = await call('PUT', '/api/admin/brands/partner', adminToken, fields, 'es');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errorMsg).toContain('localhost ya pertenece a la marca Apothecall');
    expect(await brandRows()).toEqual(before);
  });

  it('creates a brand on a new host: the very next white-label answers it once it has a logo, and the creation is audited', async () => {
    // The registry is cached: read it first, so the creation has to refresh it.
    expect((await whiteLabel('harbor.example.test')).whiteLabel.id).toBe('apothecall');
    const res = await call('POST', '/api/admin/brands', adminToken, harbor());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().brand).toMatchObject({
      id: 'harbor',
      name: 'Harbor Health',
      isMain: false,
      hosts: ['harbor.example.test'],
      colorPrimary: '#5c2d91',
      logoUrl: null,
      care: { asyncStates: ['FL', 'GA'] },
    });
    const [created] = await audited('backoffice.brand.create');
    expect(created?.detail).toMatchObject({
      brandId: 'harbor',
      after: { name: 'Harbor Health', hosts: ['harbor.example.test'], colorPrimary: '#5c2d91' },
    });
    // Without a logo a brand is not active: its host shows the main brand.
    expect((await whiteLabel('harbor.example.test')).whiteLabel.id).toBe('apothecall');

    const logo = await uploadLogo('harbor', adminToken, {
      name: 'harbor.jpg',
      bytes: await sharp({
        create: { width: 900, height: 300, channels: 3, background: '#5c2d91' },
      })
        .jpeg()
        .toBuffer(),
    });
    expect(logo.statusCode, logo.body).toBe(200);
    const logoUrl = logo.json().brand.logoUrl as string;
    expect(logoUrl).toMatch(/^\/brand-logos\/[0-9a-f]{32}\.png$/);
    const served = await t.fastify.inject({ method: 'GET', url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 171 });
    expect(
      (
        await t.fastify.inject({
          method: 'GET',
          url: '/brand-logos/0123456789abcdef0123456789abcdef.png',
        })
      ).statusCode,
    ).toBe(404);

    const now = await whiteLabel('harbor.example.test:8443');
    expect(now.whiteLabel).toMatchObject({
      id: 'harbor',
      logo: logoUrl,
      colorPrimary: '#5c2d91',
    });
    expect(now.name).toBe('Harbor Health');
    expect(now.thirdParty).toBe(true);
    // Its icons are drawn from the stored logo: not the initial's drawing.
    const icon = await t.fastify.inject({
      method: 'GET',
      url: `/brand-icons/harbor/icon-192.png?v=${now.iconVersion}`,
    });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    const logoAudit = (await audited('backoffice.brand.update')).find(
      (row) => (row.detail as { brandId: string }).brandId === 'harbor',
    );
    expect(logoAudit?.detail).toEqual({
      brandId: 'harbor',
      changes: [{ field: 'logoUrl', before: null, after: logoUrl }],
    });
    // The care settings the brand sells are what visits read.
    const rows = await brandRows();
    expect(rows.find((r) => r.id === 'harbor')?.settings).toMatchObject({
      availableStates: ['FL', 'TX'],
      asyncStates: ['FL', 'GA'],
      hours: { open: '09:00', close: '17:00', timeZone: 'America/Chicago' },
    });
  });

  it('refuses a logo that is SVG, not an image, or too large, in English and Spanish', async () => {
    const before = await brandRows();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [file, status, en, es] of [
      [
        { name: 'logo.svg', bytes: svg, type: 'image/svg+xml' },
        400,
        'SVG is not accepted',
        'no se acepta SVG',
      ],
      [
        { name: 'logo.png', bytes: Buffer.from('not an image at all') },
        400,
        'PNG, JPEG or WebP',
        'PNG, JPEG o WebP',
      ],
      [
        { name: 'logo.png', bytes: Buffer.alloc(1024 * 1024 + 10, 1) },
        413,
        'larger than 1 MB',
        'más de 1 MB',
      ],
    ] as const) {
      const english = await uploadLogo('harbor', adminToken, file, 'en');
      expect(english.statusCode, file.name).toBe(status);
      expect(english.json().errorMsg).toContain(en);
      const spanish = await uploadLogo('harbor', adminToken, file, 'es');
      expect(spanish.statusCode).toBe(status);
      expect(spanish.json().errorMsg).toContain(es);
    }
    expect(await brandRows()).toEqual(before);
  });

  it('saves a brand: the next white-label shows it, the audit has each field before and after, other settings are kept', async () => {
    const { id: _id, ...fields } = harbor();
    const saved = await call('PUT', '/api/admin/brands/harbor', adminToken, {
      ...fields,
      name: 'Harbor Health Co',
      colorPrimary: '#1864ab',
      hosts: ['harbor.example.test', 'care.harbor.example.test'],
      appSettings: { availableLang: ['es'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changed).toEqual([
      'appSettings.availableLang',
      'colorPrimary',
      'hosts',
      'name',
    ]);
    const label = await whiteLabel('care.harbor.example.test');
    expect(label.name).toBe('Harbor Health Co');
    expect(label.whiteLabel.colorPrimary).toBe('#1864ab');
    expect(label.whiteLabel.appSettings.availableLang).toEqual(['es']);
    const rows = (await audited('backoffice.brand.update')).filter(
      (row) => (row.detail as { brandId: string }).brandId === 'harbor',
    );
    expect(rows.at(-1)?.detail).toEqual({
      brandId: 'harbor',
      changes: [
        { field: 'appSettings.availableLang', before: ['en', 'es'], after: ['es'] },
        { field: 'colorPrimary', before: '#5c2d91', after: '#1864ab' },
        {
          field: 'hosts',
          before: ['harbor.example.test'],
          after: ['harbor.example.test', 'care.harbor.example.test'],
        },
        { field: 'name', before: 'Harbor Health', after: 'Harbor Health Co' },
      ],
    });
    // Saving the same again changes nothing and audits nothing.
    const again = await call('PUT', '/api/admin/brands/harbor', adminToken, {
      ...fields,
      name: 'Harbor Health Co',
      colorPrimary: '#1864ab',
      hosts: ['harbor.example.test', 'care.harbor.example.test'],
      appSettings: { availableLang: ['es'] },
    });
    expect(again.json().changed).toEqual([]);
    expect(
      (await audited('backoffice.brand.update')).filter(
        (row) => (row.detail as { brandId: string }).brandId === 'harbor',
      ),
    ).toHaveLength(rows.length);

    // The main brand's subscription catalog (edited elsewhere) survives a save here.
    const main = (await call('GET', '/api/admin/brands/apothecall', adminToken)).json().brand;
    const { id: _m, isMain: _i, logoUrl: _l, ...mainFields } = main;
    const catalogBefore = (await brandRows()).find((r) => r.id === 'apothecall')?.settings
      .subscriptionCatalog;
    expect(catalogBefore).toBeDefined();
    const mainSaved = await call('PUT', '/api/admin/brands/apothecall', adminToken, {
      ...mainFields,
      care: { ...mainFields.care, asyncStates: ['FL', 'TX'] },
    });
    expect(mainSaved.statusCode, mainSaved.body).toBe(200);
    expect(mainSaved.json().changed).toEqual(['care.asyncStates']);
    const after = (await brandRows()).find((r) => r.id === 'apothecall');
    expect(after?.settings.subscriptionCatalog).toEqual(catalogBefore);
    expect(after?.isMain).toBe(true);
  });

  it('keeps a stored colour that predates the rule until it is changed', async () => {
    // Wellness Now's green (#2f9e44) reads 3.3:1 on white: saved unchanged, it is kept.
    const wellness = (await call('GET', '/api/admin/brands/wellness', adminToken)).json().brand;
    const { id: _w, isMain: _i, logoUrl: _l, ...fields } = wellness;
    const res = await call('PUT', '/api/admin/brands/wellness', adminToken, {
      ...fields,
      name: 'Wellness Now Clinic',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changed).toEqual(['name']);
  });

  it("keeps the operator's brands and edits through a restart's seed", async () => {
    await seedDemo(t.database.db, createPasswordHasher());
    const rows = await brandRows();
    expect(rows.find((r) => r.id === 'harbor')).toMatchObject({
      name: 'Harbor Health Co',
      colorPrimary: '#1864ab',
    });
    // A demo brand saved in the console is the operator's now.
    expect(rows.find((r) => r.id === 'wellness')?.name).toBe('Wellness Now Clinic');
    // One never saved still follows the seed.
    expect(rows.find((r) => r.id === 'partner')?.editedAt).toBeNull();
  });
});
