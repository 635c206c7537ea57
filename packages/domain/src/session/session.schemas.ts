/**
 * The client's user session (spec section 3 "User session", section 4 "Session",
 * section 6 roles and permissions).
 */
import { z } from 'zod';
import { credentialsSchema, familyMemberSchema } from '../accounts/accounts.schemas';
import { roles } from '../accounts/roles.rules';
import {
  centsSchema,
  idSchema,
  isoDateSchema,
  jsonValueSchema,
  usStateSchema,
} from '../common/common.schemas';
import { userPaymentProfilesSchema } from '../payments/payments.schemas';
import { priceTypes } from '../pricing/pricing.rules';

/** Roles of spec section 6 plus the staff roles (accounts/roles.rules.ts). */
export const userRoleSchema = z.enum(roles);
export type UserRole = z.infer<typeof userRoleSchema>;

/**
 * The current price: amount, signed token and, for one-time-code prices, the nonce (appointment
 * booking is blocked when it has one).
 */
export const priceObjSchema = z.object({
  price: centsSchema,
  priceToken: z.string().min(1).max(4096),
  nonce: z.string().min(1).max(100).optional(),
  data: z.object({ title: z.string().max(200), msg: z.string().max(2000) }).optional(),
});
export type PriceObj = z.infer<typeof priceObjSchema>;

/** The user's visit subscription; prices are per visit, in cents. */
export const sessionSubscriptionSchema = z.object({
  active: z.boolean(),
  family: z.boolean().default(false),
  renewDate: isoDateSchema.nullable().default(null),
  copay: centsSchema.default(0),
  memberPricing: z.object({ price: centsSchema }),
  nonmemberPricing: z.object({ price: centsSchema }),
});
export type SessionSubscription = z.infer<typeof sessionSubscriptionSchema>;

/**
 * The logged-in user's session as the client keeps it: the login's profile
 * (accounts/accounts.schemas.ts sessionProfileSchema, whose family-member and credentials shapes
 * it reuses) plus pricing, subscription and payment state. `users[0]` is the main user: its id
 * is the session's id (the account holder's person id is the account id). Permissions are strings such as 'readyrx' or 'rxSubscriptionAdmin:{company}'.
 */
export const userSessionSchema = z
  .object({
    name: z.string().trim().max(200),
    id: idSchema,
    role: userRoleSchema,
    token: z.string().min(1).max(4096),
    hasVisits: z.boolean().default(false),
    price: centsSchema.nullable().default(null),
    priceObj: priceObjSchema.nullable().default(null),
    priceMsg: z.string().max(2000).default(''),
    priceToken: z.string().min(1).max(4096).nullable().default(null),
    /** The price's origin; the list is pricing/pricing.rules.ts priceTypes. */
    priceType: z.enum(priceTypes).nullable().default(null),
    priceReferralCode: z.string().trim().max(64).nullable().default(null),
    credentials: credentialsSchema,
    permissions: z.array(z.string().trim().min(1).max(200)).default([]),
    /** The pharmacy prescription subscription, opaque JSON until its schema exists. */
    rxSubscription: z.record(z.string(), jsonValueSchema).nullable().default(null),
    subscription: sessionSubscriptionSchema.nullable().default(null),
    subscriptionToken: z.string().min(1).max(4096).nullable().default(null),
    /** The confirmed consult location (a state); null until confirmed. */
    consultLocation: usStateSchema.nullable().default(null),
    users: z.array(familyMemberSchema).min(1),
    payProfileID: userPaymentProfilesSchema.shape.payProfileID.default(null),
    payProfileSignature: userPaymentProfilesSchema.shape.payProfileSignature.default(null),
    payProfiles: userPaymentProfilesSchema.shape.payProfiles,
  })
  .refine((s) => s.users[0]?.id === s.id, {
    message: 'The main user must be users[0]',
    path: ['users', 0, 'id'],
  });
export type UserSessionInput = z.input<typeof userSessionSchema>;
export type UserSession = z.infer<typeof userSessionSchema>;
