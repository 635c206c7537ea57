/**
 * The person / dependent profile of spec section 3, and the two inputs that create one:
 * registering an adult (18-110) and adding a dependent (4-110; anyone under 18 must be one).
 * Issue messages are catalogue keys; the caller translates.
 *
 * Decisions (see docs/rules.md):
 * - dob is stored and sent as ISO YYYY-MM-DD; forms accept any section 5 input shape and show
 *   MM-DD-YYYY (dates.rules formatDateForDisplay).
 * - country is the telephone country code, default 1; a legacy `countryCode` field is read
 *   when `country` is absent.
 * - The account holder (index 0 of the family) has no relation; a dependent must have one.
 * - A dependent's address, state, zip, phone and e-mail are optional (they default to the
 *   holder's on the server); when given they are validated like the holder's.
 * - Blank strings from forms count as "not given" for optional fields.
 */
import { z } from 'zod';
import { emailSchema as basicEmailSchema, idSchema, isoDateSchema } from '../common/common.schemas';
import type { CalendarDate } from '../dates/dates.rules';
import type { MessageKey } from '../i18n/catalog';
import { addressStateSchema, streetAddressSchema, zipSchema } from '../places/address.rules';
import { usStateCodes } from '../places/places.rules';
import { emailSchema, phoneSchema } from '../validation/contact.rules';
import { dobSchema, fullNameSchema, genders, relationOptions } from './people.rules';

const requiredKey: MessageKey = 'common.required';

export const genderSchema = z.enum(genders, { error: requiredKey });
export const relationSchema = z.enum(relationOptions, { error: requiredKey });
export const stateCodeSchema = z.enum(usStateCodes);

/** Telephone country code: 1 (US) unless told otherwise. Numbers or digit strings. */
export const countrySchema = z.coerce.number().int().min(1).max(9999);

/** Reads the legacy `countryCode` when `country` is absent. */
function countryAlias(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  if (record.country !== undefined || record.countryCode === undefined) return value;
  const { countryCode, ...rest } = record;
  return { ...rest, country: countryCode };
}

/** Blank strings become undefined so optional fields treat them as not given. */
function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );
}

/** The stored / returned person profile (spec section 3). */
export const personProfileObject = z.object({
  id: idSchema,
  personId: idSchema,
  /** "First Last". */
  name: z.string().trim().min(1).max(200),
  /** ISO YYYY-MM-DD. */
  dob: isoDateSchema,
  gender: genderSchema,
  /** Street address; empty until the main profile is completed. */
  address: z.string().trim().max(200).default(''),
  state: z.union([stateCodeSchema, z.literal('')]).default(''),
  zipCode: z.string().trim().max(10).default(''),
  country: countrySchema.default(1),
  phone: z.string().trim().max(30).default(''),
  /** Relation to the account holder; absent for the account holder. */
  relation: relationSchema.optional(),
  email: basicEmailSchema.optional(),
  uploadStatusToken: z.string().max(200).optional(),
  /** The state the person confirmed they are in ('I am in'). */
  consultLocation: stateCodeSchema.optional(),
});

export const personProfileSchema = z.preprocess(countryAlias, personProfileObject);
export type PersonProfile = z.infer<typeof personProfileObject>;

export interface RegisterProfileOptions {
  readonly today: CalendarDate;
  /** Configured minimum registration age; default 18. */
  readonly minRegistrationAge?: number;
  /** Default 110. */
  readonly maxAge?: number;
}

/**
 * The profile of someone registering: an adult (18-110 by default), first and last name, a US
 * address (street, state, 5-digit zip — international visitors too), phone and e-mail.
 */
export function registerProfileSchema(options: RegisterProfileOptions) {
  return z.preprocess(
    countryAlias,
    z.object({
      name: fullNameSchema,
      dob: dobSchema({
        today: options.today,
        context: 'register',
        minAge: options.minRegistrationAge,
        maxAge: options.maxAge,
      }),
      gender: genderSchema,
      address: streetAddressSchema,
      state: addressStateSchema,
      zipCode: zipSchema,
      country: countrySchema.default(1),
      phone: phoneSchema,
      email: emailSchema,
    }),
  );
}
export type RegisterProfileInput = z.input<ReturnType<typeof registerProfileSchema>>;
export type RegisterProfile = z.output<ReturnType<typeof registerProfileSchema>>;

export interface CreateDependentOptions {
  readonly today: CalendarDate;
  /** Configured minimum dependent age; default 4. */
  readonly minDependentAge?: number;
  /** Default 110. */
  readonly maxAge?: number;
}

/**
 * A dependent added under the account holder: aged 4-110 by default (under 18 is only possible
 * as a dependent), with one of the 8 relations.
 */
export function createDependentSchema(options: CreateDependentOptions) {
  return z.preprocess(
    countryAlias,
    z.object({
      name: fullNameSchema,
      dob: dobSchema({
        today: options.today,
        context: 'dependent',
        minAge: options.minDependentAge,
        maxAge: options.maxAge,
      }),
      gender: genderSchema,
      relation: relationSchema,
      address: optionalField(streetAddressSchema),
      state: optionalField(addressStateSchema),
      zipCode: optionalField(zipSchema),
      country: countrySchema.default(1),
      phone: optionalField(phoneSchema),
      email: optionalField(emailSchema),
    }),
  );
}
export type CreateDependentInput = z.input<ReturnType<typeof createDependentSchema>>;
export type CreateDependent = z.output<ReturnType<typeof createDependentSchema>>;
