/**
 * People and support (the back office's 'people' area): the search of accounts and an
 * account's page with the operator's actions, under /api/admin/people. The search travels in a
 * POST body (never in a URL, which the logs keep). Pages show no password hash, no session or
 * push token and no card number. One contract for server and web; every field's message names
 * its field.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

const key = (k: MessageKey) => ({ error: k });

/** Results per page of a search. */
export const peopleSearchPageSize = 20;

/** POST /admin/people/search: a name, e-mail, phone, date of birth or visit reference. */
export const peopleSearchSchema = z.object({
  query: z
    .string(key('people.field.query'))
    .trim()
    .min(2, key('people.field.query'))
    .max(100, key('people.field.query')),
  page: z
    .number(key('people.field.page'))
    .int(key('people.field.page'))
    .min(1, key('people.field.page'))
    .max(1000, key('people.field.page'))
    .default(1),
});
export type PeopleSearch = z.input<typeof peopleSearchSchema>;

/** What a search query is read as. */
export type PeopleQuery =
  | { kind: 'dob'; dob: string }
  | { kind: 'visitRef'; ref: string; text: string }
  | { kind: 'text'; text: string; digits: string };

/** How a visit's short reference is shown to patients: the first 8 hex digits of its id. */
export function visitShortRef(visitId: string): string {
  return visitId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** A real day (not 1984-02-30) of a year a birth date may have, YYYY-MM-DD. */
function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-\d{2}-\d{2}$/.exec(text);
  if (!match || Number(match[1]) < 1900 || Number(match[1]) > 2100) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === text;
}

/**
 * Reads a search query: a date (YYYY-MM-DD) is a date of birth; 8 hex digits may be a visit
 * reference (also searched as text); anything else is text (name, e-mail, login) and, with 4 or
 * more digits in it, a phone. Pure.
 */
export function readPeopleQuery(query: string): PeopleQuery {
  const text = query.trim();
  if (isCalendarDate(text)) return { kind: 'dob', dob: text };
  if (/^#?[0-9a-f]{8}$/i.test(text)) {
    return { kind: 'visitRef', ref: text.replace('#', '').toLowerCase(), text };
  }
  const digits = text.replace(/\D/g, '');
  return { kind: 'text', text, digits: digits.length >= 4 ? digits : '' };
}

export const personRowSchema = z.object({
  accountId: idSchema,
  name: z.string(),
  loginId: z.string(),
  role: z.string(),
  dob: z.string(),
  phone: z.string().nullable(),
  disabled: z.boolean(),
});
export type PersonRow = z.infer<typeof personRowSchema>;

export const peopleSearchResponseSchema = z.object({
  error: z.literal(false),
  results: z.array(personRowSchema),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type PeopleSearchResponse = z.infer<typeof peopleSearchResponseSchema>;

export const accountParamsSchema = z.object({ accountId: z.string().max(64) });

export const accountPageSchema = z.object({
  account: z.object({
    id: idSchema,
    loginId: z.string(),
    role: z.string(),
    language: z.string(),
    twoFactor: z.string(),
    createdAt: isoDateTimeSchema,
    disabledAt: isoDateTimeSchema.nullable(),
    /** Wrong passwords have locked the login (from some address, or on the whole login id). */
    locked: z.boolean(),
  }),
  family: z.array(
    z.object({
      personId: idSchema,
      relation: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      dob: z.string(),
      gender: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      state: z.string().nullable(),
    }),
  ),
  sessions: z.array(
    z.object({
      platform: z.string(),
      version: z.string(),
      startedAt: isoDateTimeSchema,
      lastActiveAt: isoDateTimeSchema,
      /** Not revoked and not expired. */
      live: z.boolean(),
    }),
  ),
  consents: z.array(
    z.object({ document: z.string(), version: z.string(), acceptedAt: isoDateTimeSchema }),
  ),
  /** Push devices: the channel (web, apns, fcm) and when added; never the token. */
  devices: z.array(
    z.object({
      platform: z.string(),
      addedAt: isoDateTimeSchema,
      lastSentAt: isoDateTimeSchema.nullable(),
    }),
  ),
  visits: z.array(
    z.object({
      /** The short reference patients see (visitShortRef). */
      ref: z.string(),
      /** Where and how: video (on demand) or the rx flow's location. */
      kind: z.string(),
      status: z.string(),
      outcome: z.string().nullable(),
      personId: idSchema,
      createdAt: isoDateTimeSchema,
      endedAt: isoDateTimeSchema.nullable(),
    }),
  ),
  /** Charges and refunds: amount, kind, date, card brand and last four only. */
  payments: z.array(
    z.object({
      kind: z.string(),
      amountCents: z.number().int(),
      at: isoDateTimeSchema,
      status: z.string(),
      cardBrand: z.string(),
      cardLast4: z.string(),
    }),
  ),
});
export type AccountPage = z.infer<typeof accountPageSchema>;

export const accountPageResponseSchema = accountPageSchema.extend({ error: z.literal(false) });
export type AccountPageResponse = z.infer<typeof accountPageResponseSchema>;

/** The operator's actions on an account. */
export const peopleActions = [
  'unlock',
  'end-sessions',
  'disable',
  'enable',
  'reset-link',
  'reset-two-factor',
] as const;
export type PeopleAction = (typeof peopleActions)[number];

export const peopleActionResponseSchema = z.object({ error: z.literal(false) });
