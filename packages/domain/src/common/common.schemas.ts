/**
 * Building blocks every area's contract uses (spec sections 3 and 7).
 *
 * Conventions decided here:
 * - Ids: the server issues UUID strings for every entity it owns (`idSchema`). Ids that come
 *   from outside (payment-gateway profile and transaction ids, NPI, NCPDP, brand keys) are
 *   plain strings and are typed where they are used.
 * - Money: integer cents, never floats (`centsSchema`).
 * - Instants: ISO 8601 date-time strings with `Z` or an offset (`isoDateTimeSchema`); calendar
 *   days as `YYYY-MM-DD` (`isoDateSchema`).
 * - Issue messages of shapes a form shows are catalogue keys (`MessageKey`), as in
 *   validation.rules.ts; messages of internal invariants are plain English for developers.
 * - E-mail here is only a basic shape (something@something); the stricter pattern of spec
 *   section 5 belongs to the field rules (people, contact, address, credentials, cards) and is
 *   applied by forms on top.
 */
import { z } from 'zod';
import type { MessageKey } from '../i18n/catalog';

/** Server-issued entity id: a UUID string (RFC 9562). */
export const idSchema = z.uuid();
export type Id = z.infer<typeof idSchema>;

/** An amount of money in integer cents (USD), never negative. */
export const centsSchema = z.number().int().nonnegative();
export type Cents = z.infer<typeof centsSchema>;

/** An instant as an ISO 8601 date-time string, `Z` or a numeric offset (2024-05-01T14:00:00Z). */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export type IsoDateTime = z.infer<typeof isoDateTimeSchema>;

/** A calendar day, YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();
export type IsoDate = z.infer<typeof isoDateSchema>;

/** A US state (or DC / territory) code: two upper-case letters, e.g. FL, TX. */
export const usStateSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'validation.address.stateInvalid' satisfies MessageKey);
export type UsState = z.infer<typeof usStateSchema>;

/**
 * Basic e-mail shape, trimmed: one '@' with something on each side, no spaces, at most 254
 * characters. The section 5 e-mail rule (validated by validation rules) is stricter.
 */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@]+@[^\s@]+$/, 'validation.email.invalid' satisfies MessageKey);
export type Email = z.infer<typeof emailSchema>;

/** Language codes of the product (spec section 9). */
export const langSchema = z.enum(['en', 'es']);
export type LangCode = z.infer<typeof langSchema>;

/** A free-text label or name: trimmed, non-empty, at most 200 characters. */
export const labelSchema = z.string().trim().min(1).max(200);

/**
 * A file or image reference: an absolute URL or a path relative to the public blob-store base
 * (spec section 9), so `z.url()` would be too strict. At most 2048 characters.
 */
export const assetRefSchema = z.string().trim().min(1).max(2048);

/**
 * Any JSON value, kept and answered as given (screening answers, a form field's data). Use this
 * one instance rather than `z.json()`: that schema is recursive, and the OpenAPI document can
 * describe a recursive schema only as a named component, so this one is named `JsonValue` (its
 * OpenAPI form is written out in apps/server/src/platform/openapi.ts).
 */
export const jsonValueSchema = z.json().meta({ id: 'JsonValue' });

/** The one error envelope of the API (spec section 7, ARCHITECTURE rule 6). */
export const errorEnvelopeSchema = z.object({
  error: z.literal(true),
  errorMsg: z.string(),
  errorCode: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** A successful answer: `{ error: false, data }`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ error: z.literal(false), data });
}
export type OkEnvelope<T> = { error: false; data: T };

/** Either answer, discriminated by `error`: what the web client parses every response with. */
export function apiResult<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('error', [okEnvelope(data), errorEnvelopeSchema]);
}

/** Offset paging request: page from 1, 1-100 items a page (default 20). */
export const pageRequestSchema = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type PageRequest = z.infer<typeof pageRequestSchema>;

/** One page of a list: the items plus where it sits in the whole. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1).max(100),
    total: z.number().int().nonnegative(),
  });
}
export type Paged<T> = { items: T[]; page: number; pageSize: number; total: number };
