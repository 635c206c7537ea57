import { z } from 'zod';
import { brandIconFiles } from './brand-icons.rules';
import { referralSchema, whiteLabelSchema } from './brands.schemas';

/** A brand's icon version (brand-icons.rules.ts): 16 hex digits. */
export const brandIconVersionSchema = z.string().regex(/^[0-9a-f]{16}$/);

/** GET /whiteLabel/{id}: `id` is a company key, or 'auto' to resolve from the host name. */
export const whiteLabelResponseSchema = z.object({
  error: z.literal(false),
  whiteLabel: whiteLabelSchema,
  /** The brand's display name (header, e-mails). */
  name: z.string(),
  /** A partner brand on its own host (spec: third-party flag). */
  thirdParty: z.boolean(),
  /** The version in its icons' addresses (favicon, home-screen icon; brand-icons.rules.ts). */
  iconVersion: brandIconVersionSchema,
  /** Client behaviour the brand's configuration sets. */
  client: z.object({
    /** Idle auto-logout in milliseconds (spec: 900000). */
    idleLogoutMs: z.number().int().positive(),
    /** Minutes in the background after which returning logs out (spec: 30). */
    autoLogoffMinutes: z.number().int().positive(),
    minRegistrationAge: z.number().int().positive(),
    minDependentAge: z.number().int().positive(),
  }),
});
export type WhiteLabelResponse = z.infer<typeof whiteLabelResponseSchema>;

export const referralResponseSchema = z.object({
  error: z.literal(false),
  referral: referralSchema,
});

/** GET /webapp-version?id=: the asking app's id may come along (not used to answer). */
export const webappVersionQuerySchema = z.object({ id: z.string().max(64).optional() });
export const webappVersionResponseSchema = z.object({
  error: z.literal(false),
  version: z.string(),
});

/** What a brand configures for care: where it is offered and when the clinic is open. */
export interface CareSettings {
  readonly availableStates: readonly string[];
  readonly asyncStates: readonly string[];
  readonly hours: { readonly open: string; readonly close: string; readonly timeZone: string };
}

/**
 * GET /manifest.webmanifest (at the site's root, not under /api): the brand's web app manifest.
 * `company` names a brand reached by company key; `lang` the language (else Accept-Language).
 */
export const webManifestQuerySchema = z.object({
  company: z.string().trim().max(64).optional(),
  lang: z.string().max(35).optional(),
});

/**
 * GET /brand-icons/{brandId}/{file} (at the site's root): one of a brand's icons, a PNG. An
 * unknown brand, or one without a logo, is the main brand, as everywhere. `v` is the icon
 * version the address was made with (brandIconHref).
 */
export const brandIconParamsSchema = z.object({
  brandId: z.string().trim().min(1).max(64),
  file: z.enum(brandIconFiles),
});
export const brandIconQuerySchema = z.object({ v: z.string().max(64).optional() });
