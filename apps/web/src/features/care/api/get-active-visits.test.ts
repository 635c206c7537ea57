import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { describe, expect, it } from 'vitest';
import { isOlderVisit } from './get-active-visits';

const visit = (state: PatientVisit['state'], version?: number): PatientVisit => ({
  visitId: 'v1',
  patientId: 'p1',
  state,
  reason: 'soreThroat',
  startTime: '2026-11-28T12:00:00.000Z',
  place: null,
  waitTime: null,
  dueTime: null,
  providerName: null,
  ...(version === undefined ? {} : { version }),
});

describe('isOlderVisit', () => {
  it('drops a push older than the copy held', () => {
    expect(isOlderVisit(visit('cancelled', 2), visit('waiting', 1))).toBe(true);
  });

  it('applies a push at the same version: the line moved (place, wait), not the visit', () => {
    expect(isOlderVisit(visit('waiting', 2), { ...visit('waiting', 2), place: 1 })).toBe(false);
  });

  it('applies a newer push, the first copy, and any copy from a server without versions', () => {
    expect(isOlderVisit(visit('waiting', 1), visit('inProgress', 2))).toBe(false);
    expect(isOlderVisit(undefined, visit('waiting', 0))).toBe(false);
    expect(isOlderVisit(visit('waiting'), visit('inProgress'))).toBe(false);
    expect(isOlderVisit(visit('waiting', 3), visit('inProgress'))).toBe(false);
  });
});
