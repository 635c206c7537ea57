/**
 * White-label brands, app settings, referrals and tag colours (spec sections 3 "Brand and
 * settings", 4 "White-label", 7 GET /whiteLabel/{id}).
 *
 * Colours are #rrggbb (either case). Images are asset references (absolute URL or a path under
 * the public blob-store base).
 */
import { z } from 'zod';
import { assetRefSchema, labelSchema, langSchema, usStateSchema } from '../common/common.schemas';

/** A colour as #rrggbb. */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a colour as #rrggbb');
export type HexColor = z.infer<typeof hexColorSchema>;

/** An in-app hash route path such as /prepay-home (no scheme, no host). */
export const appPathSchema = z.string().regex(/^\/[^\s]*$/, 'Expected an app path starting with /');

/** A referral code's presentation. */
export const referralSchema = z.object({
  code: z.string().trim().min(1).max(64),
  title: z.string().trim().max(200).default(''),
  message: z.string().max(2000).default(''),
  /** Text shown with the shareable link. */
  linkMessage: z.string().max(2000).default(''),
});
export type Referral = z.infer<typeof referralSchema>;

/** Per-brand switches and links of the app. */
export const appSettingsSchema = z.object({
  availableLang: z.array(langSchema).min(1).default(['en', 'es']),
  prepayPurchaseActive: z.boolean().default(false),
  subscriptionPurchaseActive: z.boolean().default(false),
  legalNotice: z
    .object({
      consentToTreat: assetRefSchema.nullable().default(null),
      terms: assetRefSchema.nullable().default(null),
    })
    .prefault({}),
  /** A notice shown at consent, per state, e.g. { TX: 'Complaints about ... may be sent to ...' }. */
  consentNotice: z.record(usStateSchema, z.string().max(5000)).default({}),
  /** When set, every route but /login goes here (route guard rule 1). */
  forcedPage: appPathSchema.nullable().default(null),
  forcedAuthPage: appPathSchema.nullable().default(null),
  showAppStore: z.boolean().default(false),
  prepayOnly: z.boolean().default(false),
  appStoreURL: z.url().nullable().default(null),
  googlePlayURL: z.url().nullable().default(null),
  /** Which prepay pricing types the brand sells. */
  prepayPricingTypes: z.array(z.string().trim().min(1).max(50)).default([]),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

/**
 * A white-label brand as the app receives it. Defaults (spec section 4): registration enabled,
 * attribution on, home page '/'. `id` is the brand key (host label or company key), not a UUID.
 * Deactivation of a brand without a logo is a brands rule, not done here.
 */
export const whiteLabelSchema = z.object({
  id: z.string().trim().min(1).max(64),
  activated: z.boolean().default(false),
  logo: assetRefSchema.nullable().default(null),
  colorPrimary: hexColorSchema,
  colorAccent: hexColorSchema,
  colorWarning: hexColorSchema,
  register: z.object({ enabled: z.boolean().default(true) }).prefault({}),
  attribution: z.boolean().default(true),
  homePage: appPathSchema.default('/'),
  backgroundImage: assetRefSchema.nullable().default(null),
  appSettings: appSettingsSchema.prefault({}),
});
export type WhiteLabelInput = z.input<typeof whiteLabelSchema>;
export type WhiteLabel = z.infer<typeof whiteLabelSchema>;

/** The seven brand colours. */
export const brandColorsSchema = z.object({
  primary: hexColorSchema,
  secondary: hexColorSchema,
  accent: hexColorSchema,
  positive: hexColorSchema,
  negative: hexColorSchema,
  info: hexColorSchema,
  warning: hexColorSchema,
});
export type BrandColors = z.infer<typeof brandColorsSchema>;

/** A brand's legal address block: name, two lines, phone, web. */
export const legalAddressSchema = z.object({
  name: labelSchema,
  line1: z.string().trim().min(1).max(200),
  line2: z.string().trim().max(200).default(''),
  // validated by validation rules (phone, spec section 5)
  phone: z.string().trim().max(32).default(''),
  web: z.url().nullable().default(null),
});
export type LegalAddress = z.infer<typeof legalAddressSchema>;

/** The brand record (company details, colours, images and URLs by name). */
export const brandRecordSchema = z.object({
  company: labelSchema,
  address: z.string().trim().max(500).default(''),
  // validated by validation rules (phone, spec section 5)
  phone: z.string().trim().max(32).default(''),
  // validated by validation rules (phone, spec section 5)
  fax: z.string().trim().max(32).default(''),
  labAccountNumber: z.string().trim().max(50).default(''),
  web: z.url().nullable().default(null),
  colors: brandColorsSchema,
  /** Named images, e.g. { logo, loginLogo, notesLogo }. */
  images: z.record(z.string().min(1).max(64), assetRefSchema).default({}),
  /** Named links, e.g. { testVerification, prescription, idUpload }. */
  urls: z.record(z.string().min(1).max(64), z.string().trim().min(1).max(2048)).default({}),
});
export type BrandRecord = z.infer<typeof brandRecordSchema>;

/** The tag names of each tag set (spec section 3). */
export const customerTags = [
  'Prospect',
  'Active',
  'Inactive',
  'VIP',
  'AtRisk',
  'NeedsFollowUp',
] as const;
export const interactionTags = ['Complaint', 'Praise', 'Query', 'Support', 'Info'] as const;
export const taskTags = ['Urgent', 'HighPriority', 'MediumPriority', 'LowPriority'] as const;

function colourSet<const T extends readonly [string, ...string[]]>(tags: T) {
  return z.strictObject(
    Object.fromEntries(tags.map((tag) => [tag, hexColorSchema])) as {
      [K in T[number]]: typeof hexColorSchema;
    },
  );
}

/** One colour per tag, every tag present, no other tags. */
export const tagColorSetsSchema = z.object({
  customer: colourSet(customerTags),
  interaction: colourSet(interactionTags),
  task: colourSet(taskTags),
});
export type TagColorSets = z.infer<typeof tagColorSetsSchema>;
