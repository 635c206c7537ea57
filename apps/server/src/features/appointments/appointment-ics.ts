import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/** The two iTIP methods (RFC 5546) an appointment's calendar file is sent with. */
export type AppointmentCalendarMethod = 'REQUEST' | 'CANCEL';

/**
 * The event's SEQUENCE (RFC 5546 section 2.1.4: each revision the organizer sends counts up, and a
 * client keeps the highest). An appointment's time never changes (rebooking is a new appointment,
 * with a new UID) and a deleted one never comes back, so it has two revisions only: 0 while it is
 * booked (every reminder sends the same one again, with a newer DTSTAMP) and 1 once it is
 * cancelled. No column is needed; one would be if appointments could be moved.
 */
export function appointmentSequence(method: AppointmentCalendarMethod): number {
  return method === 'CANCEL' ? 1 : 0;
}

/** The calendar file's MIME type, with the iTIP method mail clients read it by. */
export function appointmentCalendarType(method: AppointmentCalendarMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/**
 * An appointment as an iCalendar invitation (RFC 5545, with RFC 5546's iTIP methods), for the
 * reminder and cancellation e-mails' attachment, written by ical-generator (escaping, and lines
 * folded at 75 octets, not characters). METHOD:REQUEST while booked, METHOD:CANCEL with
 * STATUS:CANCELLED once deleted; the UID is the appointment's (`{id}@apothecall`, the same in
 * every e-mail), so a client updates or drops the event it filed. The start and end are in UTC. The
 * organizer is the address the mail comes from and the one attendee is the recipient (the
 * message's own To), both required by RFC 5546 for REQUEST and CANCEL, no names. The summary and
 * description are the e-mail's own subject and text: the provider and the time, nothing about the
 * patient's health (no reason, no notes).
 */
export function appointmentIcs(input: {
  method: AppointmentCalendarMethod;
  id: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  url: string;
  organizer: { name: string; email: string };
  attendee: string;
}): string {
  const cancelled = input.method === 'CANCEL';
  const calendar = ical({
    prodId: { company: 'Apothecall', product: 'Appointments', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${input.id}@apothecall`,
    sequence: appointmentSequence(input.method),
    stamp: input.stamp,
    start: input.start,
    end: input.end,
    summary: input.summary,
    description: input.description,
    url: input.url,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: input.organizer.name, email: input.organizer.email },
    attendees: [
      {
        email: input.attendee,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  // RFC 5545 ends every content line, the last one too, with CRLF; ical-generator leaves the
  // last one bare.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
