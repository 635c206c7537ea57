/**
 * Announcements to pharmacies (spec section 7, "Rx visit endpoints: ... announcements").
 * The rx administrator of a company (rxSubscriptionAdmin:{company}) writes to the
 * pharmacies of that company; the platform administrator writes to every pharmacy. Either may
 * narrow the audience to chosen states and give a last day; either may withdraw it. Pharmacists
 * and pharmacy administrators read the current ones on their Home, newest first, and dismiss
 * one for themselves. One contract for server and web; every field's message names its field.
 */
import { z } from 'zod';
import {
  idSchema,
  isoDateSchema,
  isoDateTimeSchema,
  usStateSchema,
} from '../common/common.schemas';
import type { MessageKey } from '../i18n/catalog';
import { languages } from '../i18n/i18n.rules';

export const maxAnnouncementTitle = 120;
export const maxAnnouncementBody = 4000;

const key = (k: MessageKey) => ({ error: k });

const optionalText = (field: MessageKey, max: number) =>
  z.string(key(field)).trim().max(max, key(field)).default('');

/**
 * POST /rxadmin/announcements: what the writer typed. `title` and `body` are in `language`; the
 * same announcement in the other language (`translationTitle`, `translationBody`: both, or
 * neither) is what readers of that language see.
 */
export const announcementInputSchema = z
  .object({
    title: z
      .string(key('announcements.field.title'))
      .trim()
      .min(1, key('announcements.field.title'))
      .max(maxAnnouncementTitle, key('announcements.field.title')),
    body: z
      .string(key('announcements.field.body'))
      .trim()
      .min(1, key('announcements.field.body'))
      .max(maxAnnouncementBody, key('announcements.field.body')),
    /**
     * The last day it is shown (in the writer's time zone: it ends at the following midnight), or
     * null: until withdrawn. Today or later.
     */
    expiresOn: isoDateSchema.nullable().default(null),
    /** The states whose pharmacies it reaches (their own or a state they serve); [] = all. */
    states: z
      .array(usStateSchema, key('announcements.field.states'))
      .max(60, key('announcements.field.states'))
      .default([]),
    /** The language `title` and `body` are written in. */
    language: z.enum(languages, key('announcements.field.language')).default('en'),
    translationTitle: optionalText('announcements.field.translationTitle', maxAnnouncementTitle),
    translationBody: optionalText('announcements.field.translationBody', maxAnnouncementBody),
  })
  .superRefine((input, ctx) => {
    if (input.translationTitle !== '' && input.translationBody === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['translationBody'],
        message: 'announcements.field.translationBody' satisfies MessageKey,
      });
    }
    if (input.translationBody !== '' && input.translationTitle === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['translationTitle'],
        message: 'announcements.field.translationTitle' satisfies MessageKey,
      });
    }
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export type AnnouncementFields = z.output<typeof announcementInputSchema>;

export const announcementStatuses = ['current', 'expired', 'withdrawn'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/** An announcement as its writers see it (GET /rxadmin/announcements). */
export const managedAnnouncementSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  /** The language of `title` and `body`. */
  language: z.enum(languages),
  /** The same in the other language, or null (written in one language only). */
  translation: z.object({ title: z.string(), body: z.string() }).nullable(),
  /** The company whose pharmacies it reaches; null: every pharmacy (the platform admin's). */
  companyId: z.string().nullable(),
  /** That company's display name (its brand's name); null when companyId is. */
  companyName: z.string().nullable(),
  states: z.array(z.string()),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema.nullable(),
  withdrawnAt: isoDateTimeSchema.nullable(),
  status: z.enum(announcementStatuses),
  /** How many pharmacy logins dismissed it. */
  dismissals: z.number().int().nonnegative(),
});
export type ManagedAnnouncement = z.infer<typeof managedAnnouncementSchema>;

export const managedAnnouncementsResponseSchema = z.object({
  error: z.literal(false),
  /** Newest first. */
  announcements: z.array(managedAnnouncementSchema),
  /** Whom the caller writes to: a company's pharmacies, or all (the platform admin). */
  writer: z.object({ companyId: z.string().nullable() }),
});
export type ManagedAnnouncements = z.infer<typeof managedAnnouncementsResponseSchema>;

export const managedAnnouncementResponseSchema = z.object({
  error: z.literal(false),
  announcement: managedAnnouncementSchema,
});

/** An announcement as a pharmacy reads it (GET /pharmacy/announcements). */
export const pharmacyAnnouncementSchema = z.object({
  id: idSchema,
  /** In the reader's language when the writer gave it, else in the one it was written in. */
  title: z.string(),
  body: z.string(),
  /** The language `title` and `body` are in (the page marks other-language text with it). */
  language: z.enum(languages),
  publishedAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema.nullable(),
});
export type PharmacyAnnouncement = z.infer<typeof pharmacyAnnouncementSchema>;

export const pharmacyAnnouncementsResponseSchema = z.object({
  error: z.literal(false),
  /** Current, not dismissed by the caller, newest first. */
  announcements: z.array(pharmacyAnnouncementSchema),
});

export const announcementDismissResponseSchema = z.object({ error: z.literal(false) });
