import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { MailAttachment } from '../../platform/outbox.repo';
import type { AccountsPort } from '../accounts/accounts.port';
import {
  type AppointmentCalendarMethod,
  appointmentCalendarType,
  appointmentIcs,
} from './appointment-ics';
import type { AppointmentRecord } from './appointments.repo';

/** A mailbox of the calendar's ORGANIZER: the address the product's mail comes from. */
export interface CalendarOrganizer {
  name: string;
  email: string;
}

/** `Name <address>` (MAIL_FROM) as a name and an address; a bare address names itself. */
export function organizerOf(mailFrom: string): CalendarOrganizer {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  const email = (match?.[2] ?? mailFrom).trim();
  return { name: match?.[1]?.trim() || email, email };
}

/**
 * An appointment's time for a reminder or a cancellation, in the zone the patient booked from
 * and their language, naming the zone (Intl's short name: "Thursday, January 15, 2026 at
 * 10:30 AM EST", "jueves, 15 de enero de 2026, 10:30 a.m. EST"; a zone without a common
 * abbreviation reads "GMT+1"). The narrow no-break spaces ICU puts before AM/PM are plain spaces,
 * so an English SMS stays in the GSM alphabet. A zone Intl does not know (none is stored: the
 * header is checked) falls back to UTC, still named.
 */
export function appointmentWhen(at: Date, lang: Lang, timeZone: string, withDate: boolean): string {
  const options: Intl.DateTimeFormatOptions = {
    ...(withDate ? { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  const locale = lang === 'es' ? 'es-US' : 'en-US';
  let text: string;
  try {
    text = new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(at);
  } catch {
    text = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }).format(at);
  }
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * Who hears about an appointment, and in which words: the holder's e-mail (their login id, when
 * it is an address), phone and language, and the provider's name.
 */
export async function appointmentAudience(
  accounts: Pick<AccountsPort, 'loginId' | 'holderContact' | 'displayName'>,
  appointment: Pick<AppointmentRecord, 'accountId' | 'providerId'>,
): Promise<{ lang: Lang; provider: string; email: string | undefined; phone: string | undefined }> {
  const [contact, provider, loginId] = await Promise.all([
    accounts.holderContact(appointment.accountId),
    accounts.displayName(appointment.providerId),
    accounts.loginId(appointment.accountId),
  ]);
  return {
    lang: contact?.language === 'es' ? 'es' : 'en',
    provider: provider ?? '',
    email: loginId?.includes('@') ? loginId : undefined,
    phone: contact?.phone || undefined,
  };
}

/** The e-mail's calendar attachment: the invitation, or its cancellation (appointment-ics.ts). */
export function calendarAttachment(
  method: AppointmentCalendarMethod,
  appointment: Pick<AppointmentRecord, 'id' | 'startAt' | 'endAt'>,
  mail: {
    to: string;
    subject: string;
    text: string;
    url: string;
    stamp: Date;
    organizer: CalendarOrganizer;
  },
): MailAttachment {
  return {
    filename: 'appointment.ics',
    contentType: appointmentCalendarType(method),
    content: appointmentIcs({
      method,
      id: appointment.id,
      start: appointment.startAt,
      end: appointment.endAt,
      stamp: mail.stamp,
      summary: mail.subject,
      description: mail.text,
      url: mail.url,
      organizer: mail.organizer,
      attendee: mail.to,
    }),
  };
}
