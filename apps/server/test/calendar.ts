import ICAL from 'ical.js';

/** The one event of a calendar file as a calendar program reads it (ical.js, Mozilla's parser). */
export interface ParsedCalendar {
  method: string | null;
  uid: string;
  sequence: number;
  status: string | null;
  start: number;
  end: number;
  summary: string;
  description: string;
  organizer: string | null;
  attendees: string[];
  /** Content lines, as sent (folded), longer than RFC 5545's 75 octets. */
  longLines: string[];
}

/**
 * Parses an .ics with ical.js (a real client's parser, not the generator's own) and reads its
 * single VEVENT; throws when the file does not parse or holds no event.
 */
export function readCalendar(ics: string): ParsedCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar');
  const event = new ICAL.Event(vevent);
  const text = (name: string) => {
    const value = vevent.getFirstPropertyValue(name);
    return value === null || value === undefined ? null : String(value);
  };
  // A calendar address's scheme is case-insensitive (RFC 3986): read as `mailto:`.
  const address = (value: unknown) => String(value).replace(/^mailto:/i, 'mailto:');
  return {
    method: calendar.getFirstPropertyValue('method')?.toString() ?? null,
    uid: event.uid,
    sequence: event.sequence,
    status: text('status'),
    start: event.startDate.toJSDate().getTime(),
    end: event.endDate.toJSDate().getTime(),
    summary: event.summary,
    description: event.description,
    organizer: vevent.hasProperty('organizer') ? address(text('organizer')) : null,
    attendees: vevent.getAllProperties('attendee').map((p) => address(p.getFirstValue())),
    longLines: ics.split('\r\n').filter((line) => Buffer.byteLength(line, 'utf8') > 75),
  };
}
