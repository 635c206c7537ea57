/**
 * The back office's pharmacies area: search the NCPDP registry and onboard a pharmacy
 * from its row, the list and a pharmacy's page (its details against the registry, field by
 * field; its verification history; its administrators; its fee account), verify or unverify it
 * with a reason, invite its administrator. Routes under /api/admin/pharmacies; admin reads and
 * changes, support reads. One contract for server and web; every field's message names it.
 */
import { z } from 'zod';
import { centsSchema, emailSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { pharmacyStatementEntrySchema } from '../pharmacy/pharmacy-portal.api';
import { comparedFields } from './pharmacies.rules';

const key = (k: MessageKey) => ({ error: k });

/** POST /admin/pharmacies/registry-search: an NCPDP ID (or its start) or part of a name. */
export const registrySearchRequestSchema = z.object({
  query: z
    .string(key('backoffice.pharmacies.field.query'))
    .trim()
    .min(2, key('backoffice.pharmacies.field.query'))
    .max(100, key('backoffice.pharmacies.field.query')),
});

export const registryRowSchema = z.object({
  ncpdpId: z.string(),
  npi: z.string(),
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  fax: z.string(),
  /** The pharmacy onboarded with this NCPDP ID, if any. */
  onboardedAs: z.string().nullable(),
});
export type RegistryRow = z.infer<typeof registryRowSchema>;

export const registrySearchResponseSchema = z.object({
  error: z.literal(false),
  /** By name, at most maxRegistryResults. */
  results: z.array(registryRowSchema),
});

/** POST /admin/pharmacies/onboard: the registry row to create the pharmacy from. */
export const onboardPharmacyRequestSchema = z.object({
  ncpdpId: z
    .string(key('backoffice.pharmacies.field.ncpdpId'))
    .trim()
    .regex(/^\d{7}$/, key('backoffice.pharmacies.field.ncpdpId')),
});

/** POST /admin/pharmacies/:id/verify and /unverify. */
export const verificationRequestSchema = z.object({
  reason: z
    .string(key('backoffice.pharmacies.field.reason'))
    .trim()
    .min(3, key('backoffice.pharmacies.field.reason'))
    .max(500, key('backoffice.pharmacies.field.reason')),
});

/** POST /admin/pharmacies/:id/fees/:entryId/refund: a claim fee given back, and why. */
export const feeEntryParamsSchema = z.object({
  id: z.string().max(64),
  entryId: z.string().max(64),
});

/** POST /admin/pharmacies/:id/admin: the administrator to invite. */
export const invitePharmacyAdminRequestSchema = z.object({
  name: z
    .string(key('backoffice.pharmacies.field.name'))
    .trim()
    .min(1, key('backoffice.pharmacies.field.name'))
    .max(200, key('backoffice.pharmacies.field.name')),
  email: z.string(key('validation.email.invalid')).pipe(emailSchema),
});

export const pharmacyAdminSchema = z.object({
  name: z.string(),
  email: z.string(),
});

export const pharmacySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  ncpdpId: z.string(),
  state: z.string(),
  verified: z.boolean(),
  /** Its first administrator, if it has one. */
  admin: pharmacyAdminSchema.nullable(),
});
export type PharmacySummary = z.infer<typeof pharmacySummarySchema>;

export const pharmaciesResponseSchema = z.object({
  error: z.literal(false),
  pharmacies: z.array(pharmacySummarySchema),
});

export const fieldComparisonSchema = z.object({
  field: z.enum(comparedFields),
  pharmacy: z.string(),
  registry: z.string(),
  result: z.enum(['same', 'differs', 'missing']),
});

export const verificationEventSchema = z.object({
  action: z.enum(['onboard', 'verify', 'unverify']),
  reason: z.string(),
  /** Who did it (their name), or '' when the account is gone. */
  by: z.string(),
  at: isoDateTimeSchema,
});
export type VerificationEvent = z.infer<typeof verificationEventSchema>;

export const pharmacyDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  ncpdpId: z.string(),
  npi: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  fax: z.string(),
  serviceStates: z.array(z.string()),
  verified: z.boolean(),
  verifiedAt: isoDateTimeSchema.nullable(),
  /** Whether the registry lists its NCPDP ID. */
  listed: z.boolean(),
  comparison: z.array(fieldComparisonSchema),
  /** Onboarding, verifications and unverifications, newest first. */
  history: z.array(verificationEventSchema),
  admins: z.array(pharmacyAdminSchema),
  /** The fee account: balance, claim fee and the latest movements, newest first. */
  fees: z.object({
    balance: centsSchema,
    claimFee: centsSchema,
    entries: z.array(pharmacyStatementEntrySchema),
  }),
});
export type PharmacyDetail = z.infer<typeof pharmacyDetailSchema>;

export const pharmacyDetailResponseSchema = z.object({
  error: z.literal(false),
  pharmacy: pharmacyDetailSchema,
});
