/**
 * The back office's providers area: the contracts of /api/admin/providers. The server
 * validates with them, the web parses answers and checks its forms with them.
 */
import { z } from 'zod';
import { emailSchema, idSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog.en';
import { isUsStateCode } from '../places/places.rules';
import { phoneSchema } from '../validation/contact.rules';
import { isValidDea, isValidNpi, normalizeDea } from './providers.rules';

const key = (k: MessageKey) => k;

/** A served US state code, as a path piece or a field. */
export const providerStateSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isUsStateCode, key('providers.field.state'));

export const providerNpiSchema = z.string().trim().refine(isValidNpi, key('providers.field.npi'));

export const providerDeaSchema = z
  .string()
  .transform(normalizeDea)
  .refine(isValidDea, key('providers.field.dea'));

/** Post-nominal letters (MD, DO, NP, PA-C): letters, dots, commas, hyphens and spaces. */
export const providerCredentialsSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z.,\- ]{0,39}$/, key('providers.field.credentials'));

export const providerLicenceViewSchema = z.object({
  state: z.string(),
  number: z.string(),
  /** 'YYYY-MM-DD'; null for a licence recorded before expiry dates were kept. */
  expiresOn: z.string().nullable(),
  inForce: z.boolean(),
});
export type ProviderLicenceView = z.infer<typeof providerLicenceViewSchema>;

/**
 * The practice printed on the provider's notes and prescriptions (notes.schemas
 * providerCredential without its NPI, which is the profile's): a note cannot be completed
 * without it, so an invited provider is not ready to treat until the operator enters it.
 */
export const providerPracticeSchema = z.object({
  name: z.string().trim().min(1, key('providers.field.practiceName')).max(200),
  line1: z.string().trim().min(1, key('providers.field.practiceLine1')).max(200),
  line2: z.string().trim().max(200).default(''),
  phone: phoneSchema,
  fax: z.union([z.literal(''), phoneSchema]).default(''),
  clientNumber: z.string().trim().max(50).default(''),
});
export type ProviderPractice = z.infer<typeof providerPracticeSchema>;
export type ProviderPracticeRequest = z.input<typeof providerPracticeSchema>;

/** The practice as the back office shows it (as stored; the request schema checks new ones). */
export const providerPracticeViewSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  phone: z.string(),
  fax: z.string(),
  clientNumber: z.string(),
});
export type ProviderPracticeView = z.infer<typeof providerPracticeViewSchema>;

export const providerAdminViewSchema = z.object({
  id: idSchema,
  name: z.string(),
  email: z.string(),
  npi: z.string(),
  credentials: z.string(),
  dea: z.string().nullable(),
  /** False once deactivated: no login, no claim. */
  active: z.boolean(),
  /** On duty and present now. */
  onDuty: z.boolean(),
  licences: z.array(providerLicenceViewSchema),
  /** The practice on their notes; null until entered (the provider cannot complete a note). */
  practice: providerPracticeViewSchema.nullable(),
});
export type ProviderAdminView = z.infer<typeof providerAdminViewSchema>;

export const providersListResponseSchema = z.object({
  error: z.literal(false),
  providers: z.array(providerAdminViewSchema),
});
export type ProvidersListResponse = z.infer<typeof providersListResponseSchema>;

export const providerResponseSchema = z.object({
  error: z.literal(false),
  provider: providerAdminViewSchema,
});
export type ProviderResponse = z.infer<typeof providerResponseSchema>;

export const inviteProviderRequestSchema = z.object({
  firstName: z.string().trim().min(1, key('providers.field.firstName')).max(100),
  lastName: z.string().trim().min(1, key('providers.field.lastName')).max(100),
  email: emailSchema,
  npi: providerNpiSchema,
  credentials: providerCredentialsSchema,
  dea: providerDeaSchema.optional(),
});
export type InviteProviderRequest = z.input<typeof inviteProviderRequestSchema>;

/** PUT /admin/providers/:id/licences/:state — adds or replaces the licence of that state. */
export const providerLicenceParamsSchema = z.object({
  id: z.string().max(64),
  state: providerStateSchema,
});

export const putLicenceRequestSchema = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 \-./]{0,39}$/, key('providers.field.licenceNumber')),
  expiresOn: z.iso
    .date(key('providers.field.expiresOn'))
    .refine((d) => d >= '2000-01-01' && d <= '2199-12-31', key('providers.field.expiresOn')),
});
export type PutLicenceRequest = z.input<typeof putLicenceRequestSchema>;
