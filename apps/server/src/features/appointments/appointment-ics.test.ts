import { describe, expect, it } from 'vitest';
import { readCalendar } from '../../../test/calendar';
import { appointmentIcs, appointmentSequence } from './appointment-ics';
import { appointmentWhen, organizerOf } from './appointment-mail';

// Fixed instants (not the machine's day): a winter and a summer morning in New York.
const winter = new Date('2026-01-15T15:30:00Z');
const summer = new Date('2026-07-15T14:30:00Z');
const ny = 'America/New_York';

const spanish =
  'Recordatorio: su cita por video con la Dra. María José Núñez Peñalosa es mañana, miércoles, ' +
  '15 de julio de 2026, 10:30 a.m. EDT. Abra https://apothecall.example/#/appointment dentro de ' +
  'los 15 minutos de la hora para pagar e iniciar. Ñandú, pingüino, acción; 😀 y €.';

function ics(method: 'REQUEST' | 'CANCEL', description = spanish) {
  return appointmentIcs({
    method,
    id: '5f0c4a9e-2b7d-4c55-9d8e-0a1b2c3d4e5f',
    start: summer,
    end: new Date(summer.getTime() + 30 * 60_000),
    stamp: winter,
    summary: 'Su cita por video',
    description,
    url: 'https://apothecall.example/#/appointment',
    organizer: { name: 'Apothecall', email: 'no-reply@apothecall.test' },
    attendee: 'nora@example.test',
  });
}

describe('an appointment as a calendar file (RFC 5545/5546, issue 34)', () => {
  it('folds every content line at 75 octets, accents and emoji included, and reads back whole', () => {
    const text = ics('REQUEST', spanish.repeat(3));
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // Folded (continuation lines), never inside a character.
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    const read = readCalendar(text);
    expect(read.longLines).toEqual([]);
    expect(read.description).toBe(spanish.repeat(3));
  });

  it('an invitation: METHOD:REQUEST, the stable UID, SEQUENCE 0, the slot in UTC, organizer and attendee', () => {
    const read = readCalendar(ics('REQUEST'));
    expect(read).toMatchObject({
      method: 'REQUEST',
      uid: '5f0c4a9e-2b7d-4c55-9d8e-0a1b2c3d4e5f@apothecall',
      sequence: 0,
      status: 'CONFIRMED',
      start: summer.getTime(),
      end: summer.getTime() + 30 * 60_000,
      summary: 'Su cita por video',
      organizer: 'mailto:no-reply@apothecall.test',
      attendees: ['mailto:nora@example.test'],
    });
    expect(ics('REQUEST')).toContain('DTSTART:20260715T143000Z');
  });

  it('its cancellation: METHOD:CANCEL, the same UID, a higher SEQUENCE, STATUS:CANCELLED', () => {
    const request = readCalendar(ics('REQUEST'));
    const cancel = readCalendar(ics('CANCEL'));
    expect(cancel).toMatchObject({
      method: 'CANCEL',
      uid: request.uid,
      status: 'CANCELLED',
      start: request.start,
      organizer: request.organizer,
      attendees: request.attendees,
    });
    expect(cancel.sequence).toBeGreaterThan(request.sequence);
    expect(appointmentSequence('CANCEL')).toBeGreaterThan(appointmentSequence('REQUEST'));
  });
});

describe('the time in a reminder or cancellation names its zone', () => {
  it('in English and Spanish, standard and daylight time, with or without the date', () => {
    expect(appointmentWhen(winter, 'en', ny, true)).toBe(
      'Thursday, January 15, 2026 at 10:30 AM EST',
    );
    expect(appointmentWhen(summer, 'en', ny, false)).toBe('10:30 AM EDT');
    expect(appointmentWhen(winter, 'es', ny, true)).toBe(
      'jueves, 15 de enero de 2026, 10:30 a.m. EST',
    );
    expect(appointmentWhen(summer, 'es', 'America/Los_Angeles', false)).toBe('7:30 a.m. PDT');
    expect(appointmentWhen(winter, 'en', 'Pacific/Honolulu', false)).toBe('5:30 AM HST');
  });

  it('plain spaces only (an English SMS stays in the GSM alphabet); an unknown zone reads as UTC', () => {
    expect(appointmentWhen(winter, 'en', ny, true)).not.toMatch(/[\u202f\u00a0]/);
    expect(appointmentWhen(winter, 'en', 'Mars/Olympus', false)).toBe('3:30 PM UTC');
  });

  it('the organizer is MAIL_FROM, with or without a display name', () => {
    expect(organizerOf('Apothecall <no-reply@apothecall.test>')).toEqual({
      name: 'Apothecall',
      email: 'no-reply@apothecall.test',
    });
    expect(organizerOf('"Clinic, Inc." <care@clinic.test>')).toEqual({
      name: 'Clinic, Inc.',
      email: 'care@clinic.test',
    });
    expect(organizerOf('care@clinic.test')).toEqual({
      name: 'care@clinic.test',
      email: 'care@clinic.test',
    });
  });
});
