import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import {
  accountSettingsSchema,
  personSchema,
  platforms,
  profileInputSchema,
  sessionProfileSchema,
} from './accounts.schemas';
import { legalNoticeLinks } from './consents.rules';

/**
 * Requests and answers of the accounts endpoints (spec section 7: POST /account/token,
 * registration, password help, profile, family, settings, consents). Messages are catalogue
 * keys; the server and the web app translate them.
 */

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

/**
 * POST /submit-code (spec section 3's "two-factor token and code"): the 6-digit code a login
 * answered `TFA_REQUIRED` for, with the `tfaToken` that answer carried (the pending login; 192
 * random bits, base64url). Answers what the login answers.
 */
export const submitCodeRequestSchema = z.object({
  tfaToken: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{32}$/, 'accounts.tfa.tokenFormat'),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'accounts.tfa.codeFormat'),
});

export type SubmitCodeRequest = z.output<typeof submitCodeRequestSchema>;

/** The platforms of the native apps, the only ones that keep a biometric login. */
export const nativePlatforms = ['cordova-ios', 'cordova-android'] as const;

/**
 * POST /account/authIdToken (spec section 7): a biometric login. `authId` is the device
 * credential the app saved in the platform's secure storage when the person turned biometric
 * login on (POST /account/auth-id); the app reads it only after the biometric check passed.
 * `tfaCode` is accepted for the spec's shape, but not asked: the credential is itself a second
 * factor (the device's secure storage, opened by the person's biometrics) and only a session
 * that passed two-factor could create it (docs/rules.md, "Biometric login").
 */
export const authIdLoginRequestSchema = z.object({
  authId: z.string().trim().min(32, 'common.required').max(128),
  whiteLabelId: z.string().trim().max(64).optional(),
  platform: z.enum(platforms),
  version: z.string().trim().min(1).max(40),
  referral: z.string().trim().max(64).optional(),
  notificationToken: z.string().max(4096).optional(),
  tfaCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'accounts.tfa.codeFormat')
    .optional(),
  asyncLogin: z.boolean().optional(),
  asyncProductInfo: z.record(z.string(), z.unknown()).optional(),
});

export type AuthIdLoginRequest = z.infer<typeof authIdLoginRequestSchema>;

/**
 * POST /account/auth-id: turn biometric login on for this device (a signed-in native app). The
 * session must be a native app's and must have proven the password in the last few minutes
 * (`reauthMinutes`): a password login just now does, or the request carries `password`. The
 * credential's platform is the session's, not this field's.
 */
export const authIdEnrolRequestSchema = z.object({
  platform: z.enum(nativePlatforms, { error: 'session.biometric.nativeOnly' }),
  password: z.string().min(1, 'common.required').max(200).optional(),
});

export const authIdEnrolResponseSchema = z.object({
  error: z.literal(false),
  /** The device credential: shown once, kept only in the device's secure storage. */
  authId: z.string(),
});

/**
 * One device that can log in with biometrics (GET /account/devices): its platform, when it was
 * turned on, last used and until when it works. The credential itself is never answered again.
 */
export const deviceCredentialSchema = z.object({
  id: idSchema,
  platform: z.enum(nativePlatforms),
  createdAt: isoDateTimeSchema,
  lastUsedAt: isoDateTimeSchema.nullable(),
  expiresAt: isoDateTimeSchema,
});
export type DeviceCredential = z.infer<typeof deviceCredentialSchema>;

/** GET /account/devices: the account's devices with biometric login on, newest first. */
export const deviceCredentialsResponseSchema = z.object({
  error: z.literal(false),
  devices: z.array(deviceCredentialSchema),
});

/** DELETE /account/auth-id: turn biometric login off (the saved credential stops working). */
export const authIdRevokeRequestSchema = z.object({
  authId: z.string().trim().min(1, 'common.required').max(128),
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

/** Consent-to-treat and terms (consents.rules legalNoticeLinks), each accepted at a document version. */

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
