import { z } from 'zod';

/**
 * The accounts area's entities (spec section 3): the session's profile and family, a person's
 * profile as forms send it and as the family list returns it, and account settings. The
 * endpoints' requests and answers built from them are in accounts.api.ts.
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

export const accountSettingsSchema = z.object({
  notifications: z.boolean(),
  language: z.enum(['en', 'es']),
  twoFactor: z.enum(['off', 'email', 'sms']),
  autoLogoff: z.boolean(),
});

export type AccountSettings = z.infer<typeof accountSettingsSchema>;
