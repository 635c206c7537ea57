import { createHash } from 'node:crypto';
import type { BackOfficeAccess } from '@apothecall/domain/backoffice/backoffice.rules';
import { appSettingsSchema } from '@apothecall/domain/brands/brands.schemas';
import {
  type AdminBrand,
  type BrandFields,
  hostKinds,
  maxBrandLogoBytes,
} from '@apothecall/domain/brands/brands-admin.api';
import {
  type BrandColorField,
  brandColorFields,
  fieldChanges,
  unreadableColor,
} from '@apothecall/domain/brands/brands-admin.rules';
import { translate } from '@apothecall/domain/i18n/catalog';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Actor } from '../../platform/actor';
import type { AuditService } from '../../platform/audit.service';
import type { EventBus } from '../../platform/events';
import './brands.events';
import { backOfficeGate } from '../../platform/back-office';
import { AppError, appErrors } from '../../platform/errors';
import type { AccountsPort } from '../accounts/accounts.port';
import type { BrandRow, BrandsRepo, BrandWrite } from './brands.repo';

export interface BrandsAdminService {
  list(actor: Actor): Promise<AdminBrand[]>;
  detail(actor: Actor, id: string): Promise<AdminBrand>;
  create(actor: Actor, id: string, fields: BrandFields): Promise<AdminBrand>;
  update(
    actor: Actor,
    id: string,
    fields: BrandFields,
  ): Promise<{ brand: AdminBrand; changed: string[] }>;
  uploadLogo(actor: Actor, id: string, bytes: Buffer): Promise<AdminBrand>;
}

/** A stored logo's address: its hash, so it never changes (brands.routes.ts serves it). */
export const logoAddress = (hash: string) => `/brand-logos/${hash}.png`;
/** The hash in a stored logo's address, if the address is one. */
export function storedLogoHash(logo: string): string | undefined {
  return /^\/brand-logos\/([0-9a-f]{32})\.png$/.exec(logo)?.[1];
}
/** Stored logos fit inside this many pixels a side (icons are drawn at up to 512). */
const logoSide = 512;
const logoTypes = new Set(['image/png', 'image/jpeg', 'image/webp']);

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A stored brand as the operator reads it (settings the console does not edit are left out). */
export function adminBrandOf(row: BrandRow): AdminBrand {
  const appSettings = appSettingsSchema.safeParse(row.settings.appSettings ?? {});
  const hours = record(row.settings.hours);
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  return {
    id: row.id,
    name: row.name,
    isMain: row.isMain,
    hostKind: (hostKinds as readonly string[]).includes(row.hostKind ?? '')
      ? (row.hostKind as AdminBrand['hostKind'])
      : 'main',
    hosts: row.hosts,
    aliases: row.aliases,
    thirdParty: row.thirdParty,
    logoUrl: row.logoUrl,
    colorPrimary: row.colorPrimary,
    colorAccent: row.colorAccent,
    colorWarning: row.colorWarning,
    homePage: row.homePage,
    backgroundImage: row.backgroundImage,
    registerEnabled: row.registerEnabled,
    attribution: row.attribution,
    appSettings: appSettings.success ? appSettings.data : appSettingsSchema.parse({}),
    care: {
      // In alphabetical order, as a save stores them (an order is not a change).
      availableStates: strings(row.settings.availableStates).sort(),
      asyncStates: strings(row.settings.asyncStates).sort(),
      hours: {
        open: text(hours.open, '08:00'),
        close: text(hours.close, '22:00'),
        timeZone: text(hours.timeZone, 'America/New_York'),
      },
    },
  };
}

/** The part of an AdminBrand the console edits (what the audit compares). */
function editable(brand: AdminBrand): Omit<AdminBrand, 'id' | 'isMain' | 'logoUrl'> {
  const { id: _id, isMain: _main, logoUrl: _logo, ...rest } = brand;
  return rest;
}

/**
 * The back office's brands area: the operator lists the brands, creates one under a
 * company key of its own, and saves its name, host names and aliases, colours, home page,
 * background image, registration and attribution switches, app settings and care settings
 * (states, async states, hours); uploads its logo. Every call checks the caller's back-office
 * access to 'brands' (read for admin and support, write for admin; refusals are audited);
 * every change is audited with the fields it changed, before and after. Host names and aliases
 * belong to one brand (409 naming the brand that has it); a colour that does not read on white
 * is refused naming the colour (a stored colour that predates the rule is kept until changed).
 * Saving keeps the settings edited elsewhere (the subscription catalog). After a change the
 * brand registry is read again: `brands.changed` tells every process.
 */
export function createBrandsAdminService(deps: {
  repo: BrandsRepo;
  accounts: () => Pick<AccountsPort, 'membership'>;
  audit: AuditService;
  /** `brands.changed` after a save: every process reads the brands again (brands.module.ts). */
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
}): BrandsAdminService {
  const now = deps.now ?? (() => new Date());

  // The accounts port is connected after this module is built: looked up on each call.
  const gate = backOfficeGate({
    membership: (accountId) => deps.accounts().membership(accountId),
    audit: deps.audit,
  });
  const allow = (actor: Actor, need: Exclude<BackOfficeAccess, 'none'>) =>
    gate(actor, 'brands', need);

  function checkColors(actor: Actor, fields: BrandFields, only: readonly BrandColorField[]) {
    const bad = unreadableColor(fields, only);
    if (!bad) return;
    throw new AppError(
      400,
      'VALIDATION',
      'backoffice.brands.colorUnreadable',
      {
        color: translate(actor.lang, `backoffice.brands.color.${bad.field}`),
        value: fields[bad.field],
        suggestion: bad.suggestion,
      },
      { field: bad.field },
    );
  }

  /** 409 when another brand has one of these host names or aliases. */
  function checkHosts(others: readonly BrandRow[], fields: BrandFields) {
    for (const host of fields.hosts) {
      const owner = others.find((o) => o.hosts.some((h) => h.toLowerCase() === host));
      if (owner) {
        throw new AppError(
          409,
          'BRAND_HOST_TAKEN',
          'backoffice.brands.hostTaken',
          { host, brand: owner.name },
          { field: 'hosts' },
        );
      }
    }
    for (const alias of fields.aliases) {
      const owner = others.find((o) => o.aliases.some((a) => a.toLowerCase() === alias));
      if (owner) {
        throw new AppError(
          409,
          'BRAND_HOST_TAKEN',
          'backoffice.brands.aliasTaken',
          { alias, brand: owner.name },
          { field: 'aliases' },
        );
      }
    }
  }

  /** The row to store: the fields, the settings merged into what is stored (other keys kept). */
  function rowOf(fields: BrandFields, stored: BrandRow | undefined): BrandWrite {
    const settings = stored?.settings ?? {};
    return {
      name: fields.name,
      logoUrl: stored?.logoUrl ?? null,
      colorPrimary: fields.colorPrimary,
      colorAccent: fields.colorAccent,
      colorWarning: fields.colorWarning,
      settings: {
        ...settings,
        appSettings: { ...record(settings.appSettings), ...fields.appSettings },
        availableStates: fields.care.availableStates,
        asyncStates: fields.care.asyncStates,
        hours: fields.care.hours,
      },
      hostKind: fields.hostKind,
      hosts: fields.hosts,
      aliases: fields.aliases,
      thirdParty: fields.thirdParty,
      homePage: fields.homePage,
      backgroundImage: fields.backgroundImage,
      registerEnabled: fields.registerEnabled,
      attribution: fields.attribution,
    };
  }

  async function found(id: string): Promise<BrandRow> {
    const row = (await deps.repo.listAll()).find((r) => r.id === id);
    if (!row) throw appErrors.notFound();
    return row;
  }

  return {
    async list(actor) {
      await allow(actor, 'read');
      const rows = await deps.repo.listAll();
      return rows
        .map(adminBrandOf)
        .sort((a, b) => Number(b.isMain) - Number(a.isMain) || a.name.localeCompare(b.name));
    },

    async detail(actor, id) {
      await allow(actor, 'read');
      return adminBrandOf(await found(id));
    },

    async create(actor, id, fields) {
      await allow(actor, 'write');
      checkColors(actor, fields, brandColorFields);
      const brand = await deps.repo.write(async (writer) => {
        const all = await writer.all();
        if (all.some((r) => r.id === id)) {
          throw new AppError(
            409,
            'BRAND_KEY_TAKEN',
            'backoffice.brands.keyTaken',
            { key: id },
            { field: 'id' },
          );
        }
        checkHosts(all, fields);
        await writer.insert(id, rowOf(fields, undefined), now());
        const created = (await writer.all()).find((r) => r.id === id);
        if (!created) throw new Error('the created brand was not found');
        return adminBrandOf(created);
      });
      await deps.audit.record(actor, 'backoffice.brand.create', null, {
        brandId: id,
        after: editable(brand),
      });
      await deps.events.emit('brands.changed', { brandId: id });
      return brand;
    },

    async update(actor, id, fields) {
      await allow(actor, 'write');
      const outcome = await deps.repo.write(async (writer) => {
        const all = await writer.all();
        const stored = all.find((r) => r.id === id);
        if (!stored) throw appErrors.notFound();
        const before = adminBrandOf(stored);
        checkColors(
          actor,
          fields,
          brandColorFields.filter((f) => fields[f] !== before[f].toLowerCase()),
        );
        checkHosts(
          all.filter((r) => r.id !== id),
          fields,
        );
        const row = rowOf(fields, stored);
        const after = adminBrandOf({ ...stored, ...row });
        const changes = fieldChanges(editable(before), editable(after));
        if (changes.length > 0) await writer.update(id, row, now());
        return { after, changes };
      });
      if (outcome.changes.length > 0) {
        await deps.audit.record(actor, 'backoffice.brand.update', null, {
          brandId: id,
          changes: outcome.changes,
        });
        await deps.events.emit('brands.changed', { brandId: id });
      }
      return { brand: outcome.after, changed: outcome.changes.map((c) => c.field) };
    },

    async uploadLogo(actor, id, bytes) {
      await allow(actor, 'write');
      await found(id);
      if (bytes.length === 0) {
        throw new AppError(400, 'FILE_MISSING', 'backoffice.brands.logo.missing');
      }
      if (bytes.length > maxBrandLogoBytes) {
        throw new AppError(413, 'FILE_TOO_LARGE', 'backoffice.brands.logo.tooLarge');
      }
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !logoTypes.has(type.mime)) {
        throw new AppError(400, 'FILE_TYPE_NOT_ALLOWED', 'backoffice.brands.logo.type');
      }
      let png: Buffer;
      try {
        png = await sharp(bytes, { limitInputPixels: 25_000_000 })
          .rotate()
          .resize(logoSide, logoSide, { fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer();
      } catch {
        throw new AppError(400, 'FILE_UNREADABLE', 'backoffice.brands.logo.unreadable');
      }
      const hash = createHash('sha256').update(png).digest('hex').slice(0, 32);
      await deps.repo.saveLogo(hash, id, png);
      const logoUrl = logoAddress(hash);
      const outcome = await deps.repo.write(async (writer) => {
        const stored = (await writer.all()).find((r) => r.id === id);
        if (!stored) throw appErrors.notFound();
        const { id: _id, isMain: _main, ...rest } = stored;
        if (stored.logoUrl !== logoUrl) await writer.update(id, { ...rest, logoUrl }, now());
        return { before: stored.logoUrl, brand: adminBrandOf({ ...stored, logoUrl }) };
      });
      if (outcome.before !== logoUrl) {
        await deps.audit.record(actor, 'backoffice.brand.update', null, {
          brandId: id,
          changes: [{ field: 'logoUrl', before: outcome.before, after: logoUrl }],
        });
        await deps.events.emit('brands.changed', { brandId: id });
      }
      return outcome.brand;
    },
  };
}
