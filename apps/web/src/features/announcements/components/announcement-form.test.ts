import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { describe, expect, it } from 'vitest';
import { checkAnnouncement, emptyAnnouncementDraft } from './announcement-form';

const isKey = (key: string): key is MessageKey => key.startsWith('announcements.');

describe('checkAnnouncement', () => {
  it('sends a title and message, no last day and all states as null and []', () => {
    const result = checkAnnouncement(
      { ...emptyAnnouncementDraft, title: ' Hours ', body: 'Closed Friday' },
      '2026-11-25',
      isKey,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        title: ' Hours ',
        body: 'Closed Friday',
        expiresOn: null,
        states: [],
        language: 'en',
        translationTitle: '',
        translationBody: '',
      },
    });
  });

  it('sends the language written in and the other-language version; half a version is named (issue 36)', () => {
    const draft = {
      ...emptyAnnouncementDraft,
      language: 'es' as const,
      title: 'Horario',
      body: 'Cerrado el viernes',
      translationTitle: 'Hours',
      translationBody: 'Closed Friday',
    };
    expect(checkAnnouncement(draft, '2026-11-25', isKey)).toMatchObject({
      ok: true,
      request: { language: 'es', translationTitle: 'Hours', translationBody: 'Closed Friday' },
    });
    expect(checkAnnouncement({ ...draft, translationBody: ' ' }, '2026-11-25', isKey)).toEqual({
      ok: false,
      errors: { translationBody: 'announcements.field.translationBody' },
    });
  });

  it('names each missing field with its catalogue key', () => {
    const result = checkAnnouncement(emptyAnnouncementDraft, '2026-11-25', isKey);
    expect(result).toEqual({
      ok: false,
      errors: { title: 'announcements.field.title', body: 'announcements.field.body' },
    });
  });

  it('refuses a last day before today, and keeps today', () => {
    const draft = { ...emptyAnnouncementDraft, title: 'A', body: 'B' };
    expect(checkAnnouncement({ ...draft, expiresOn: '2026-11-24' }, '2026-11-25', isKey)).toEqual({
      ok: false,
      errors: { expiresOn: 'announcements.field.expiresOn' },
    });
    expect(checkAnnouncement({ ...draft, expiresOn: '2026-11-25' }, '2026-11-25', isKey).ok).toBe(
      true,
    );
  });
});
