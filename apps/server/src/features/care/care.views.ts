import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { type VisitState, visitStates } from '@apothecall/domain/care/visits.rules';
import type { CareVisitSnapshot } from './care.events';
import type { VisitRecord } from './care.repo';

/**
 * The patient's view of a visit, from what is already known (no queries): the waiting room's
 * place, wait and due time, or who took the visit.
 */
export function patientVisit(
  visit: VisitRecord,
  place: number | null,
  waitTime: number | null,
  providerName: string | null,
): PatientVisit {
  const state = (visitStates as readonly string[]).includes(visit.state)
    ? (visit.state as VisitState)
    : 'waiting';
  const waiting = state === 'waiting';
  const shownWait = waiting ? waitTime : null;
  return {
    visitId: visit.id,
    patientId: visit.personId,
    state,
    reason: visit.reason,
    startTime: visit.createdAt.toISOString(),
    place: waiting ? place : null,
    waitTime: shownWait,
    dueTime:
      shownWait === null
        ? null
        : new Date(visit.createdAt.getTime() + shownWait * 60_000).toISOString(),
    providerName,
    // No wait estimate while waiting means no provider is available in the state now.
    noProvider: waiting && place !== null && waitTime === null,
    version: visit.version,
  };
}

/** The visit as its events carry it (care.events.ts). */
export function careVisitSnapshot(visit: VisitRecord): CareVisitSnapshot {
  return {
    id: visit.id,
    accountId: visit.accountId,
    version: visit.version,
    state: visit.state,
    location: visit.location,
    providerId: visit.providerId,
  };
}
