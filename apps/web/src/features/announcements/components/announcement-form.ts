import {
  type AnnouncementInput,
  announcementInputSchema,
} from '@apothecall/domain/announcements/announcements.api';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';

/** The announcement form as typed ('' for an empty last day). */
export interface AnnouncementDraft {
  title: string;
  body: string;
  expiresOn: string;
  states: string[];
  /** The language title and body are written in. */
  language: Lang;
  /** The same in the other language ('' and '': none). */
  translationTitle: string;
  translationBody: string;
}

export type AnnouncementField = keyof AnnouncementDraft;

export const emptyAnnouncementDraft: AnnouncementDraft = {
  title: '',
  body: '',
  expiresOn: '',
  states: [],
  language: 'en',
  translationTitle: '',
  translationBody: '',
};

export type AnnouncementCheck =
  | { readonly ok: true; readonly request: AnnouncementInput }
  | { readonly ok: false; readonly errors: Partial<Record<AnnouncementField, MessageKey>> };

const fields: readonly string[] = [
  'title',
  'body',
  'expiresOn',
  'states',
  'language',
  'translationTitle',
  'translationBody',
];

/**
 * The form checked with the schema the server validates with (one message per field, its
 * catalogue key), plus the last day: today or later on this device's calendar (`today`,
 * YYYY-MM-DD); the server checks it again in the writer's time zone.
 */
export function checkAnnouncement(
  draft: AnnouncementDraft,
  today: string,
  isKey: (key: string) => key is MessageKey,
): AnnouncementCheck {
  const request: AnnouncementInput = {
    title: draft.title,
    body: draft.body,
    expiresOn: draft.expiresOn === '' ? null : draft.expiresOn,
    states: draft.states,
    language: draft.language,
    translationTitle: draft.translationTitle,
    translationBody: draft.translationBody,
  };
  const errors: Partial<Record<AnnouncementField, MessageKey>> = {};
  const parsed = announcementInputSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !fields.includes(field)) continue;
      errors[field as AnnouncementField] ??= isKey(issue.message)
        ? issue.message
        : 'announcements.field.expiresOn';
    }
  }
  if (draft.expiresOn !== '' && !errors.expiresOn && draft.expiresOn < today) {
    errors.expiresOn = 'announcements.field.expiresOn';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, request };
}
