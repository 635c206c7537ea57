import type {
  DocumentSource,
  DocumentView,
  MonthString,
} from '@apothecall/domain/documents/documents.schemas';
import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { Translate } from '../../../lib/i18n';

/** The US variants: the product serves US patients, in English or Spanish. */
const usLocale = (lang: Lang) => (lang === 'es' ? 'es-US' : 'en-US');

/** The month `by` months before (negative) or after a YYYY-MM month: '2024-01', -1 -> '2023-12'. */
export function shiftMonth(month: MonthString, by: number): MonthString {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  const index = year * 12 + (number - 1) + by;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

/** This device's month, YYYY-MM (the zone the app sends as X-Time-Zone). */
export function thisMonth(now: Date = new Date()): MonthString {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Today on this device's calendar, YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return `${thisMonth(now)}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A month in the reader's language: 'May 2024', 'mayo de 2024'. */
export function formatMonth(month: MonthString, lang: Lang): string {
  const [year, number] = month.split('-').map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(usLocale(lang), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** A day (YYYY-MM-DD) in the reader's language: 'May 1, 2024', '1 may 2024'. */
export function formatDay(isoDate: string, lang: Lang): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

/** An instant (ISO date-time) as a day in the reader's language and time zone. */
export function formatInstantDay(isoDateTime: string, lang: Lang): string {
  const at = new Date(isoDateTime);
  if (Number.isNaN(at.getTime())) return isoDateTime;
  return new Intl.DateTimeFormat(usLocale(lang), { dateStyle: 'medium' }).format(at);
}

/** What kind of document a row is, in the reader's language ('Visit note', 'Receipt'). */
export function kindLabel(t: Translate, source: DocumentSource): string {
  return t(`documents.kind.${source}`);
}

/** The name a row's buttons are named by: its description, else its kind. */
export function documentName(t: Translate, document: Pick<DocumentView, 'fdesc' | 'source'>) {
  return document.fdesc.trim() || kindLabel(t, document.source);
}

/** The bytes of a base64 text (the /get-doc-data answer). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A /get-doc-data answer as a Blob of its type, to save or to show. */
export function documentBlob(data: { data: string; contentType: string }): Blob {
  return new Blob([base64Bytes(data.data)], { type: data.contentType });
}

/** How /doc shows a type: a PDF in a frame, an image as an image, anything else not at all. */
export function previewKind(contentType: string): 'pdf' | 'image' | 'none' {
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/(jpeg|png|gif|webp)$/.test(type)) return 'image';
  return 'none';
}
