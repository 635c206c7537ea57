import { type BrandFields, brandFieldsSchema } from '@apothecall/domain/brands/brands-admin.api';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fakeActor, recordingAudit } from '../../../test/fakes';
import type { BrandRow, BrandsRepo } from './brands.repo';
import { createBrandsAdminService, logoAddress, storedLogoHash } from './brands-admin.service';

/**
 * The back office's brands, on an in-memory table: admin changes, support reads, anyone else is
 * refused (audited); a key, host name or alias belongs to one brand (409 naming it); a colour
 * that does not read on white is refused, a stored one kept until changed; an update keeps the
 * settings edited elsewhere and audits only what changed; a logo is stored as a PNG under its
 * hash, once.
 */
const roles: Record<string, string> = {
  'admin-1': 'admin',
  'support-1': 'support',
  'doc-1': 'provider',
};

function stored(overrides: Partial<BrandRow> & Pick<BrandRow, 'id' | 'name'>): BrandRow {
  return {
    logoUrl: null,
    colorPrimary: '#123456',
    colorAccent: '#333333',
    colorWarning: '#8a1c1c',
    settings: {},
    hostKind: 'main',
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

function memoryBrands() {
  const rows: BrandRow[] = [
    stored({ id: 'apothecall', name: 'Apothecall', isMain: true, hosts: ['app.example.test'] }),
    stored({
      id: 'acme',
      name: 'Acme Health',
      hostKind: 'partner',
      hosts: ['care.acme.test'],
      aliases: ['acme'],
      // A colour stored before the readability rule, and a setting another screen edits.
      colorWarning: '#ffff00',
      settings: { subscriptionCatalog: { plans: [] }, availableStates: ['TX', 'FL'] },
    }),
  ];
  const logos = new Map<string, Buffer>();
  const writes: string[] = [];
  const repo = {
    listAll: async () => rows.map((r) => ({ ...r })),
    async write(work) {
      return work({
        all: async () => rows.map((r) => ({ ...r })),
        async insert(id, row) {
          writes.push(`insert ${id}`);
          rows.push({ ...row, id, isMain: false });
        },
        async update(id, row) {
          writes.push(`update ${id}`);
          const i = rows.findIndex((r) => r.id === id);
          rows[i] = { ...row, id, isMain: rows[i]?.isMain ?? false };
        },
      });
    },
    async saveLogo(hash, _id, png) {
      logos.set(hash, png);
    },
  } as Pick<BrandsRepo, 'listAll' | 'write' | 'saveLogo'> as BrandsRepo;
  return { repo, rows, logos, writes };
}

function setUp() {
  const store = memoryBrands();
  const audit = recordingAudit();
  const changed: string[] = [];
  const service = createBrandsAdminService({
    repo: store.repo,
    accounts: () => ({
      membership: async (id) =>
        roles[id]
          ? {
              role: roles[id],
              organizationType: null,
              organizationId: null,
              permissions: [],
              disabled: false,
            }
          : undefined,
    }),
    audit,
    events: {
      emit: async (name, payload) => {
        if (name === 'brands.changed') changed.push((payload as { brandId: string }).brandId);
      },
    },
    now: () => new Date('2026-03-02T15:00:00Z'),
  });
  return { service, store, audit, changed };
}

function fields(overrides: Record<string, unknown> = {}): BrandFields {
  return brandFieldsSchema.parse({
    name: 'Wellness',
    hostKind: 'partner',
    hosts: ['Care.Wellness.test'],
    aliases: ['wellness'],
    thirdParty: true,
    colorPrimary: '#123456',
    colorAccent: '#333333',
    colorWarning: '#8a1c1c',
    homePage: '/',
    backgroundImage: null,
    registerEnabled: true,
    attribution: false,
    appSettings: {},
    care: {
      availableStates: ['FL'],
      asyncStates: [],
      hours: { open: '08:00', close: '22:00', timeZone: 'America/New_York' },
    },
    ...overrides,
  });
}

const admin = fakeActor('admin-1');

describe('brands admin service', () => {
  it('lets support read, the main brand first, but not change; refuses anyone else, audited', async () => {
    const { service, store, audit } = setUp();
    const support = fakeActor('support-1');
    expect((await service.list(support)).map((b) => b.id)).toEqual(['apothecall', 'acme']);
    expect((await service.detail(support, 'acme')).care.availableStates).toEqual(['FL', 'TX']);
    await expect(service.create(support, 'wellness', fields())).rejects.toMatchObject({
      status: 403,
      code: 'BACK_OFFICE_REFUSED',
    });
    await expect(service.list(fakeActor('doc-1'))).rejects.toMatchObject({ status: 403 });
    await expect(service.detail(support, 'nobody')).rejects.toMatchObject({ status: 404 });
    expect(store.writes).toEqual([]);
    expect(audit.rows.map((r) => [r.outcome, r.action])).toEqual([
      ['denied', 'backoffice.brands'],
      ['denied', 'backoffice.brands'],
    ]);
  });

  it('creates a brand under a key of its own, audited, and tells the registry', async () => {
    const { service, audit, changed } = setUp();
    const made = await service.create(admin, 'wellness', fields());
    expect(made).toMatchObject({
      id: 'wellness',
      name: 'Wellness',
      hosts: ['care.wellness.test'],
      logoUrl: null,
      thirdParty: true,
      attribution: false,
    });
    expect(changed).toEqual(['wellness']);
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'backoffice.brand.create',
        detail: expect.objectContaining({
          brandId: 'wellness',
          after: expect.objectContaining({ name: 'Wellness' }),
        }),
      }),
    ]);
  });

  it('refuses a taken key, host name or alias naming its brand, and an unreadable colour, writing nothing', async () => {
    const { service, store, audit, changed } = setUp();
    await expect(service.create(admin, 'acme', fields())).rejects.toMatchObject({
      status: 409,
      code: 'BRAND_KEY_TAKEN',
    });
    await expect(
      service.create(admin, 'wellness', fields({ hosts: ['CARE.acme.test'] })),
    ).rejects.toMatchObject({
      status: 409,
      code: 'BRAND_HOST_TAKEN',
      params: { host: 'care.acme.test', brand: 'Acme Health' },
    });
    await expect(
      service.create(admin, 'wellness', fields({ aliases: ['acme'] })),
    ).rejects.toMatchObject({
      status: 409,
      params: { alias: 'acme', brand: 'Acme Health' },
    });
    await expect(
      service.create(admin, 'wellness', fields({ colorAccent: '#ffff00' })),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION',
      extra: { field: 'colorAccent' },
    });
    expect(store.writes).toEqual([]);
    expect(audit.rows).toEqual([]);
    expect(changed).toEqual([]);
  });

  it('updates only what changed, keeping settings edited elsewhere and a stored colour that predates the rule', async () => {
    const { service, store, audit, changed } = setUp();
    const acmeFields = fields({
      name: 'Acme Care',
      hosts: ['care.acme.test'],
      aliases: ['acme'],
      colorWarning: '#ffff00',
      attribution: true,
      care: {
        availableStates: ['FL', 'TX'],
        asyncStates: [],
        hours: { open: '08:00', close: '22:00', timeZone: 'America/New_York' },
      },
    });
    const { brand, changed: fieldsChanged } = await service.update(admin, 'acme', acmeFields);
    expect(brand.name).toBe('Acme Care');
    expect(fieldsChanged).toEqual(expect.arrayContaining(['name', 'thirdParty']));
    expect(fieldsChanged).not.toContain('colorWarning');
    expect(fieldsChanged).not.toContain('care.availableStates');
    expect(store.rows.find((r) => r.id === 'acme')?.settings.subscriptionCatalog).toEqual({
      plans: [],
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        action: 'backoffice.brand.update',
        detail: expect.objectContaining({
          brandId: 'acme',
          changes: expect.arrayContaining([
            { field: 'name', before: 'Acme Health', after: 'Acme Care' },
          ]),
        }),
      }),
    ]);
    expect(changed).toEqual(['acme']);

    // The same fields again change nothing: no write, no audit row, no registry reload.
    expect((await service.update(admin, 'acme', acmeFields)).changed).toEqual([]);
    expect(store.writes).toEqual(['update acme']);
    expect(audit.rows).toHaveLength(1);
    expect(changed).toEqual(['acme']);
    await expect(service.update(admin, 'nobody', acmeFields)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('stores an uploaded logo as a PNG under its hash, once, audited', async () => {
    const { service, store, audit, changed } = setUp();
    const jpeg = await sharp({
      create: { width: 800, height: 400, channels: 3, background: '#123456' },
    })
      .jpeg()
      .toBuffer();
    const brand = await service.uploadLogo(admin, 'acme', jpeg);
    const hash = storedLogoHash(brand.logoUrl ?? '');
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(brand.logoUrl).toBe(logoAddress(hash ?? ''));
    const png = store.logos.get(hash ?? '');
    expect((await sharp(png).metadata()) as object).toMatchObject({
      format: 'png',
      width: 512,
      height: 256,
    });
    expect(audit.rows).toEqual([
      expect.objectContaining({
        detail: {
          brandId: 'acme',
          changes: [{ field: 'logoUrl', before: null, after: brand.logoUrl }],
        },
      }),
    ]);
    await service.uploadLogo(admin, 'acme', jpeg);
    expect(store.writes).toEqual(['update acme']);
    expect(audit.rows).toHaveLength(1);
    expect(changed).toEqual(['acme']);
  });

  it('refuses an empty, an oversized and a non-image logo, storing nothing', async () => {
    const { service, store } = setUp();
    await expect(service.uploadLogo(admin, 'acme', Buffer.alloc(0))).rejects.toMatchObject({
      status: 400,
      code: 'FILE_MISSING',
    });
    await expect(
      service.uploadLogo(admin, 'acme', Buffer.alloc(1024 * 1024 + 1)),
    ).rejects.toMatchObject({
      status: 413,
    });
    await expect(
      service.uploadLogo(admin, 'acme', Buffer.from('%PDF-1.4 not a picture')),
    ).rejects.toMatchObject({
      status: 400,
      code: 'FILE_TYPE_NOT_ALLOWED',
    });
    await expect(service.uploadLogo(admin, 'nobody', Buffer.from('x'))).rejects.toMatchObject({
      status: 404,
    });
    expect(store.logos.size).toBe(0);
    expect(store.writes).toEqual([]);
  });
});
