/**
 * An appointment as an iCalendar event (RFC 5545), for the reminder e-mail's attachment: the
 * start and end in UTC, a title naming the provider, and the link to start it. Nothing about the
 * patient's health (no reason, no notes).
 */
export function appointmentIcs(input: {
  id: string;
  start: Date;
  end: Date;
  stamp: Date;
  summary: string;
  description: string;
  url: string;
}): string {
  const utc = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const escaped = (text: string) =>
    text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Apothecall//Appointments//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.id}@apothecall`,
    `DTSTAMP:${utc(input.stamp)}`,
    `DTSTART:${utc(input.start)}`,
    `DTEND:${utc(input.end)}`,
    `SUMMARY:${escaped(input.summary)}`,
    `DESCRIPTION:${escaped(input.description)}`,
    `URL:${input.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  // Lines longer than 75 octets are folded (a CRLF and a space), as the RFC asks.
  return `${lines.flatMap(fold).join('\r\n')}\r\n`;
}

function fold(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 75) {
    out.push(out.length === 0 ? rest.slice(0, 75) : ` ${rest.slice(0, 74)}`);
    rest = rest.slice(out.length === 1 ? 75 : 74);
  }
  out.push(out.length === 0 ? rest : ` ${rest}`);
  return out;
}
