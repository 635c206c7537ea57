import {
  evaluateScreening,
  type ScreeningAnswers,
  screeningAnswersSchema,
} from '@apothecall/domain/care/screening.evaluate';
import type { QueueEntry, VisitWorkspace } from '@apothecall/domain/care/visits.api';
import { type VisitState, visitStates } from '@apothecall/domain/care/visits.rules';
import { ageOn, calendarDateOfUtc, parseDateInput } from '@apothecall/domain/dates/dates.rules';
import type { PersonFacts } from '../accounts/accounts.port';
import type { VisitRecord } from './care.repo';

/**
 * What the provider sees of a visit, composed from what is already read (no queries, no
 * access checks: clinic.service.ts does those): the queue's entries and the visit workspace.
 */

/** The screening answers stored with a visit ({ passed, answers, alarms }), if readable. */
export function storedAnswers(screening: Record<string, unknown> | null): ScreeningAnswers | null {
  const parsed = screeningAnswersSchema.safeParse(screening?.answers);
  return parsed.success ? parsed.data : null;
}

function ageOf(person: PersonFacts, at: Date): number {
  const dob = parseDateInput(person.dob);
  return dob ? ageOn(dob, calendarDateOfUtc(at)) : 0;
}

function birthGender(gender: string): 'M' | 'F' | 'X' {
  return gender === 'M' || gender === 'F' ? gender : 'X';
}

/** The alarms of the stored answers, evaluated again for the patient's age and gender. */
export function alarmsOf(visit: VisitRecord, person: PersonFacts, at: Date): string[] {
  const answers = storedAnswers(visit.screening);
  if (!answers) return [];
  return [
    ...evaluateScreening(answers, {
      age: ageOf(person, at),
      birthGender: birthGender(person.gender),
    }).alarms,
  ];
}

/** A visit as a provider's queue lists it. */
export function queueEntry(visit: VisitRecord, person: PersonFacts, at: Date): QueueEntry {
  return {
    visitId: visit.id,
    state: visit.state,
    waitingSince: visit.createdAt.toISOString(),
    patientName: `${person.firstName} ${person.lastName}`,
    age: ageOf(person, at),
    gender: person.gender,
    location: visit.location,
    reason: visit.reason,
    alarms: alarmsOf(visit, person, at),
  };
}

/** A stored pharmacy record (the directory's, or an older client copy) in the contract's shape. */
export function pharmacyOf(value: Record<string, unknown> | null): VisitWorkspace['pharmacy'] {
  if (!value) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    ncpdpId: text('ncpdpId') || text('ncpdp') || text('id'),
    name: text('name'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip') || text('zipCode'),
    phone: text('phone'),
    fax: text('fax'),
  };
}

/** Everything the provider needs on one screen: patient, screening, alarms, pharmacy. */
export function visitWorkspace(visit: VisitRecord, person: PersonFacts, at: Date): VisitWorkspace {
  const answers = storedAnswers(visit.screening);
  const state = (visitStates as readonly string[]).includes(visit.state)
    ? (visit.state as VisitState)
    : 'inProgress';
  return {
    visitId: visit.id,
    state,
    startTime: visit.createdAt.toISOString(),
    claimedAt: visit.claimedAt ? visit.claimedAt.toISOString() : null,
    reason: visit.reason,
    notes: visit.notes,
    location: visit.location,
    patient: {
      personId: person.id,
      firstName: person.firstName,
      lastName: person.lastName,
      dob: person.dob,
      age: ageOf(person, at),
      gender: person.gender,
      phone: person.phone ?? '',
    },
    screening: answers
      ? (JSON.parse(JSON.stringify(answers)) as VisitWorkspace['screening'])
      : null,
    alarms: alarmsOf(visit, person, at),
    allergies: answers?.allergies ?? [],
    medications: answers?.medications ?? [],
    pharmacy: pharmacyOf(visit.pharmacy),
    outcome: (['completed', 'refund', 'noShow'] as const).find((o) => o === visit.outcome) ?? null,
  };
}
