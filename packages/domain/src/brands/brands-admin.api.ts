/**
 * The back office's brands area: the list of brands, a brand as the operator edits
 * it, creating one and saving one, and its logo. Routes under /api/admin/brands; admin reads and
 * changes, support reads. One contract for server and web; every field's message names it.
 *
 * The subscription catalog (plans, prices, the treatments sold by subscription), coupons and
 * referral codes are edited elsewhere; saving a brand here keeps them as they are.
 */
import { z } from 'zod';
import type { MessageKey } from '../i18n/catalog';
import { usStateCodes } from '../places/places.rules';
import { appPathSchema, appSettingsSchema } from './brands.schemas';
import { isBrandKey, isHostAlias, isHostName } from './brands-admin.rules';

const key = (k: MessageKey) => ({ error: k });

const colorSchema = z
  .string(key('backoffice.brands.field.color'))
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, key('backoffice.brands.field.color'))
  .transform((c) => c.toLowerCase());

const stateSchema = z.enum(usStateCodes, key('backoffice.brands.field.states'));
const statesSchema = z
  .array(stateSchema, key('backoffice.brands.field.states'))
  .max(usStateCodes.length, key('backoffice.brands.field.states'))
  .transform((states) => [...new Set(states)].sort());

const clockSchema = z
  .string(key('backoffice.brands.field.hours'))
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, key('backoffice.brands.field.hours'));

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Where a brand offers care and when its clinic is open (brands.settings). */
export const brandCareSchema = z.object({
  /** States where visits are offered. */
  availableStates: statesSchema,
  /** States where asynchronous (Rx) visits are offered. */
  asyncStates: statesSchema,
  hours: z
    .object({
      open: clockSchema,
      close: clockSchema,
      timeZone: z
        .string(key('backoffice.brands.field.timeZone'))
        .trim()
        .max(64, key('backoffice.brands.field.timeZone'))
        .refine(isTimeZone, key('backoffice.brands.field.timeZone')),
    })
    .refine((h) => h.open < h.close, key('backoffice.brands.field.hours')),
});
export type BrandCare = z.infer<typeof brandCareSchema>;

export const hostKinds = ['main', 'partner', 'test'] as const;

const hostListSchema = z
  .array(
    z
      .string(key('backoffice.brands.field.host'))
      .trim()
      .toLowerCase()
      .refine(isHostName, key('backoffice.brands.field.host')),
    key('backoffice.brands.field.host'),
  )
  .max(20, key('backoffice.brands.field.host'))
  .transform((hosts) => [...new Set(hosts)]);

const aliasListSchema = z
  .array(
    z
      .string(key('backoffice.brands.field.alias'))
      .trim()
      .toLowerCase()
      .refine(isHostAlias, key('backoffice.brands.field.alias')),
    key('backoffice.brands.field.alias'),
  )
  .max(20, key('backoffice.brands.field.alias'))
  .transform((aliases) => [...new Set(aliases)]);

/** What the operator sets on a brand (everything but its key, main flag and logo). */
export const brandFieldsSchema = z.object({
  name: z
    .string(key('backoffice.brands.field.name'))
    .trim()
    .min(1, key('backoffice.brands.field.name'))
    .max(100, key('backoffice.brands.field.name')),
  hostKind: z.enum(hostKinds, key('backoffice.brands.field.hostKind')),
  /** Exact host names (lower-case, no port) that select the brand. */
  hosts: hostListSchema,
  /** First labels of a host name that select the brand. */
  aliases: aliasListSchema,
  /** A partner's brand on its own host (spec: third-party flag). */
  thirdParty: z.boolean(key('backoffice.brands.field.flag')),
  colorPrimary: colorSchema,
  colorAccent: colorSchema,
  colorWarning: colorSchema,
  homePage: z
    .string(key('backoffice.brands.field.homePage'))
    .trim()
    .max(200, key('backoffice.brands.field.homePage'))
    .regex(/^\/[^\s]*$/, key('backoffice.brands.field.homePage')),
  /** An image address (https://… or a path of the site), or none. */
  backgroundImage: z
    .string(key('backoffice.brands.field.backgroundImage'))
    .trim()
    .max(2048, key('backoffice.brands.field.backgroundImage'))
    .regex(/^(https:\/\/|\/)[^\s]+$/, key('backoffice.brands.field.backgroundImage'))
    .nullable(),
  registerEnabled: z.boolean(key('backoffice.brands.field.flag')),
  attribution: z.boolean(key('backoffice.brands.field.flag')),
  appSettings: appSettingsSchema,
  care: brandCareSchema,
});
export type BrandFields = z.infer<typeof brandFieldsSchema>;
export type BrandFieldsInput = z.input<typeof brandFieldsSchema>;

/** POST /admin/brands: a new brand, its company key and its fields. */
export const createBrandRequestSchema = brandFieldsSchema.extend({
  id: z
    .string(key('backoffice.brands.field.key'))
    .trim()
    .refine(isBrandKey, key('backoffice.brands.field.key')),
});
export type CreateBrandRequest = z.input<typeof createBrandRequestSchema>;

/** PUT /admin/brands/:id: the brand's fields, all of them (the form sends the whole brand). */
export const updateBrandRequestSchema = brandFieldsSchema;

/** A brand as the operator reads it. */
export const adminBrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The brand chosen when nothing else matches (set by deployment, not the console). */
  isMain: z.boolean(),
  hostKind: z.enum(hostKinds),
  hosts: z.array(z.string()),
  aliases: z.array(z.string()),
  thirdParty: z.boolean(),
  logoUrl: z.string().nullable(),
  colorPrimary: z.string(),
  colorAccent: z.string(),
  colorWarning: z.string(),
  homePage: appPathSchema,
  backgroundImage: z.string().nullable(),
  registerEnabled: z.boolean(),
  attribution: z.boolean(),
  appSettings: appSettingsSchema,
  care: z.object({
    availableStates: z.array(z.string()),
    asyncStates: z.array(z.string()),
    hours: z.object({ open: z.string(), close: z.string(), timeZone: z.string() }),
  }),
});
export type AdminBrand = z.infer<typeof adminBrandSchema>;

export const adminBrandsResponseSchema = z.object({
  error: z.literal(false),
  brands: z.array(adminBrandSchema),
});
export const adminBrandResponseSchema = z.object({
  error: z.literal(false),
  brand: adminBrandSchema,
  /** The fields this call changed (empty for a read or a save that changed nothing). */
  changed: z.array(z.string()),
});

/** GET /brand-logos/{file}: a stored logo, {hash}.png (the address never changes). */
export const brandLogoParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{32}\.png$/),
});

/** Logos larger than this are refused (the stored PNG is at most 512 px a side). */
export const maxBrandLogoBytes = 1024 * 1024;
