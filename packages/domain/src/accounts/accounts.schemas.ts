import { z } from 'zod';

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
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileResponseSchema = z.object({
  error: z.literal(false),
  profile: sessionProfileSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

export const okResponseSchema = z.object({ error: z.literal(false) });
