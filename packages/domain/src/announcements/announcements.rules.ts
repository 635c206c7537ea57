/**
 * Who an announcement reaches and whether it is still shown. Pure: the server filters
 * with these, and a unit test pins them down.
 */
import type { Lang } from '../i18n/i18n.rules';
import type { AnnouncementStatus } from './announcements.api';

export interface AnnouncementAudience {
  /** The company (brand) whose pharmacies it reaches; null: every pharmacy. */
  companyId: string | null;
  /** States; empty: every state. */
  states: readonly string[];
}

export interface PharmacyPlace {
  /** The company (brand) the pharmacy login belongs to. */
  companyId: string;
  /** The pharmacy's own state. */
  state: string;
  /** The states it takes Rx visits from (ships to). */
  serviceStates: readonly string[];
}

/**
 * Whether an announcement is for this pharmacy login: the company matches (or the announcement
 * is everyone's), and no states were chosen, or the pharmacy is in one of them or serves one.
 */
export function reaches(audience: AnnouncementAudience, place: PharmacyPlace): boolean {
  if (audience.companyId !== null && audience.companyId !== place.companyId) return false;
  if (audience.states.length === 0) return true;
  const chosen = new Set(audience.states);
  return chosen.has(place.state) || place.serviceStates.some((s) => chosen.has(s));
}

/** Current until withdrawn or until its expiry instant passes (the expiry itself is past). */
export function announcementStatus(
  announcement: { expiresAt: Date | null; withdrawnAt: Date | null },
  now: Date,
): AnnouncementStatus {
  if (announcement.withdrawnAt !== null) return 'withdrawn';
  if (announcement.expiresAt !== null && announcement.expiresAt.getTime() <= now.getTime()) {
    return 'expired';
  }
  return 'current';
}

/** The day after a YYYY-MM-DD day (the midnight a last day ends at). */
export function dayAfter(isoDate: string): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** An announcement's texts: the original in `language`, and its translation, if any. */
export interface AnnouncementTexts {
  language: Lang;
  title: string;
  body: string;
  translationTitle: string | null;
  translationBody: string | null;
}

/**
 * What a reader of `reader` sees: the version in their language when the writer gave
 * one (the original or its translation into the other language), else the original, in the
 * language it was written in (the page marks it with that language).
 */
export function announcementFor(
  texts: AnnouncementTexts,
  reader: Lang,
): { title: string; body: string; language: Lang } {
  if (texts.language !== reader && texts.translationTitle && texts.translationBody) {
    return { title: texts.translationTitle, body: texts.translationBody, language: reader };
  }
  return { title: texts.title, body: texts.body, language: texts.language };
}
