import { z } from 'zod';
import { legalNoticeLinks } from '../constants/constants';

/**
 * Contracts of the login calls (spec section 7: POST /account/token) and the profile the
 * session carries (spec section 3, User session). Messages are catalogue keys; the server
 * and the web app translate them.
 */

/** Platforms reported to the server (spec section 7). */
export const platforms = [
  'web',
  'web-ios',
  'web-android',
  'web-mac',
  'web-win',
  'cordova-ios',
  'cordova-android',
] as const;
export type Platform = (typeof platforms)[number];

export const loginRequestSchema = z.object({
  loginId: z.string().trim().min(1, 'common.required').max(254),
  password: z.string().min(1, 'common.required').max(200),
  platform: z.enum(platforms),
  version: z.string().trim().min(1).max(40),
  referral: z.string().trim().max(64).optional(),
  notificationToken: z.string().max(4096).optional(),
  asyncLogin: z.boolean().optional(),
  asyncProductInfo: z.record(z.string(), z.unknown()).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** A member of the family list; the account holder is index 0. */
export const familyMemberSchema = z.object({
  id: z.string(),
  personId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relation: z.string(),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

export const credentialsSchema = z.object({
  from: z.string().nullable(),
  role: z.string(),
  organizationType: z.string().nullable(),
});

export const sessionProfileSchema = z.object({
  id: z.string(),
  personId: z.string(),
  name: z.string(),
  role: z.string(),
  loginId: z.string(),
  brandId: z.string(),
  credentials: credentialsSchema,
  permissions: z.array(z.string()),
  users: z.array(familyMemberSchema).min(1),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

export const loginResponseSchema = z.object({
  error: z.literal(false),
  token: z.string(),
  profile: sessionProfileSchema,
  referral: z.string().nullable(),
  pricing: z.null(),
  /**
   * This device's known-device token: keep it (it is not a session) and send it back as
   * `deviceToken` with later logins, so failed logins by others do not hold this device back.
   */
  deviceToken: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileResponseSchema = z.object({
  error: z.literal(false),
  profile: sessionProfileSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const okResponseSchema = z.object({ error: z.literal(false) });

// ---------------------------------------------------------------------------------------------
// Registration, password help, profile, family and settings (spec sections 3, 5, 7).
// Request shapes here are the wire shapes (types and lengths); the section 5 rules that depend
// on today's date (age limits) are applied with profile.schemas.ts on both sides.

/** The person fields a form sends; rules: registerProfileSchema / createDependentSchema. */
export const profileInputSchema = z.object({
  name: z.string().max(200),
  dob: z.string().max(20),
  gender: z.string().max(1),
  address: z.string().max(200).optional(),
  state: z.string().max(2).optional(),
  zipCode: z.string().max(10).optional(),
  country: z.union([z.number(), z.string().max(5)]).optional(),
  phone: z.string().max(30).optional(),
  email: z.string().max(254).optional(),
  relation: z.string().max(20).optional(),
});

export const registerRequestSchema = z.object({
  profile: profileInputSchema,
  whiteLabelId: z.string().trim().max(64).optional(),
  customFields: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean()]))
    .optional(),
  credentials: z.object({ password: z.string().min(1, 'common.required').max(200) }),
  referral: z.string().trim().max(64).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/**
 * The same answer whether or not the e-mail already had an account (the owner of an existing
 * account is told by e-mail instead), so registration cannot be used to find out who is a patient.
 */
export const registerResponseSchema = z.object({
  error: z.literal(false),
  status: z.literal('created'),
});

export const loginWithCodeRequestSchema = loginRequestSchema.extend({
  tfaCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'accounts.tfa.codeFormat')
    .optional(),
  /** The known-device token a previous login on this device answered with. */
  deviceToken: z.string().trim().max(128).optional(),
});

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'common.required').max(254),
});
export const resetCodeRequestSchema = z.object({ resetCode: z.string().trim().min(1).max(100) });
export const savePasswordRequestSchema = resetCodeRequestSchema.extend({
  password: z.string().min(1, 'common.required').max(200),
});
export const passwordChangeRequestSchema = z.object({
  oldPassword: z.string().min(1, 'common.required').max(200),
  newPassword: z.string().min(1, 'common.required').max(200),
});

/** A full person profile as the family list returns it (holder first, relation 'self'). */
export const personSchema = z.object({
  id: z.string(),
  personId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  relation: z.string(),
  dob: z.string(),
  gender: z.string(),
  address: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.number(),
  phone: z.string(),
  email: z.string(),
  consultLocation: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const familyResponseSchema = z.object({
  error: z.literal(false),
  users: z.array(personSchema).min(1),
});
export const addDependentRequestSchema = z.object({ profile: profileInputSchema });
export const personResponseSchema = z.object({ error: z.literal(false), data: personSchema });

/** Update one family member's profile; `profile.id` says whom (the holder acts for each). */
export const setProfileRequestSchema = z.object({
  profile: profileInputSchema.partial().extend({ id: z.string().min(1).max(64) }),
});

export const accountSettingsSchema = z.object({
  notifications: z.boolean(),
  language: z.enum(['en', 'es']),
  twoFactor: z.enum(['off', 'email', 'sms']),
  autoLogoff: z.boolean(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
export const profileSettingsRequestSchema = z.object({
  ptId: z.string().max(64).optional(),
  settings: accountSettingsSchema.partial(),
});
export const settingsResponseSchema = z.object({
  error: z.literal(false),
  settings: accountSettingsSchema,
});

export const removeAccountRequestSchema = z.object({
  password: z.string().min(1, 'common.required').max(200),
});

/** Consent-to-treat and terms (constants legalNoticeLinks), each accepted at a document version. */
export const consentStatusSchema = z.object({
  error: z.literal(false),
  documents: z.array(
    z.object({
      id: z.enum(legalNoticeLinks),
      version: z.string(),
      url: z.string().nullable(),
      acceptedVersion: z.string().nullable(),
      acceptedAt: z.string().nullable(),
    }),
  ),
  upToDate: z.boolean(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;
export const acceptConsentsRequestSchema = z.object({
  documents: z
    .array(z.object({ id: z.enum(legalNoticeLinks), version: z.string().max(40) }))
    .min(1),
});
