/**
 * The accounting of disclosures (HIPAA §164.528; the back office's 'disclosures'
 * area): every audit row about one patient's record (their account or one of its people) — who
 * (the actor's name and role), when, what (the action), from where (the address) — filtered by
 * actor and by date, as a list and as a CSV file. Asked in a POST body (whose record is never in
 * a URL). One contract for server and web.
 */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';

const key = (k: MessageKey) => ({ error: k });

/** Rows answered at most (newest first). */
export const maxDisclosureRows = 2000;

/** POST /admin/disclosures and /admin/disclosures/csv. */
export const disclosuresQuerySchema = z
  .object({
    accountId: z.uuid(key('disclosures.field.record')).optional(),
    personId: z.uuid(key('disclosures.field.record')).optional(),
    actor: z.uuid(key('disclosures.field.actor')).optional(),
    from: z.iso.date(key('disclosures.field.from')).optional(),
    to: z.iso.date(key('disclosures.field.to')).optional(),
  })
  .refine((q) => q.accountId !== undefined || q.personId !== undefined, {
    path: ['accountId'],
    error: 'disclosures.field.record' satisfies MessageKey,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    path: ['to'],
    error: 'disclosures.field.to' satisfies MessageKey,
  });
export type DisclosuresQuery = z.input<typeof disclosuresQuerySchema>;

export const disclosureRowSchema = z.object({
  /** The audit row's number. */
  id: z.number().int(),
  at: isoDateTimeSchema,
  actorAccountId: idSchema.nullable(),
  /** The actor's name, or null when no one was logged in (a failed login). */
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  ip: z.string().nullable(),
  /** Which of the account's people, when one (null: the account as a whole). */
  personId: idSchema.nullable(),
});
export type DisclosureRow = z.infer<typeof disclosureRowSchema>;

export const disclosuresResponseSchema = z.object({
  error: z.literal(false),
  accountId: idSchema,
  /** The account holder's name. */
  name: z.string(),
  rows: z.array(disclosureRowSchema),
  /** More rows matched than were answered. */
  truncated: z.boolean(),
});
export type DisclosuresResponse = z.infer<typeof disclosuresResponseSchema>;
