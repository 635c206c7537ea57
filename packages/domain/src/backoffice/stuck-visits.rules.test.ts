import { describe, expect, it } from 'vitest';
import {
  ageMinutes,
  compareAdminVisits,
  pharmacyUnclaimedMs,
  rxUnreviewedMs,
  stuckReason,
  waitingNoProviderMs,
} from './stuck-visits.rules';

const now = Date.parse('2026-11-27T12:00:00Z');

describe('stuck visits', () => {
  it('a video visit waiting unclaimed past 10 minutes is stuck, not at the limit', () => {
    const facts = { kind: 'video' as const, status: 'waiting', claimed: false };
    expect(stuckReason({ ...facts, since: now - waitingNoProviderMs - 1 }, now)).toBe(
      'waitingNoProvider',
    );
    expect(stuckReason({ ...facts, since: now - waitingNoProviderMs }, now)).toBeNull();
    expect(
      stuckReason({ ...facts, status: 'inProgress', claimed: true, since: now - 3_600_000 }, now),
    ).toBeNull();
    expect(
      stuckReason({ ...facts, kind: 'appointment', since: now - waitingNoProviderMs - 1 }, now),
    ).toBe('waitingNoProvider');
  });

  it('an Rx visit unreviewed past 24 hours is stuck; one started is not', () => {
    const facts = { kind: 'rx' as const, status: 'waiting', claimed: false };
    expect(stuckReason({ ...facts, since: now - rxUnreviewedMs - 1 }, now)).toBe('rxUnreviewed');
    expect(stuckReason({ ...facts, since: now - rxUnreviewedMs + 60_000 }, now)).toBeNull();
    expect(
      stuckReason(
        { ...facts, status: 'started', claimed: true, since: now - 2 * rxUnreviewedMs },
        now,
      ),
    ).toBeNull();
  });

  it('a prescription unclaimed by its pharmacy past 24 hours is stuck', () => {
    const facts = {
      kind: 'rx' as const,
      status: 'rxed',
      claimed: true,
      since: now - 2 * pharmacyUnclaimedMs,
      pharmacyId: 'org-1',
      prescribedAt: now - pharmacyUnclaimedMs - 1,
      pharmacyStatus: 'unclaimed',
    };
    expect(stuckReason(facts, now)).toBe('pharmacyUnclaimed');
    expect(stuckReason({ ...facts, pharmacyStatus: 'claimed' }, now)).toBeNull();
    expect(stuckReason({ ...facts, pharmacyId: null }, now)).toBeNull();
    expect(stuckReason({ ...facts, status: 'refund' }, now)).toBeNull();
  });

  it('ages in whole minutes and orders stuck first, oldest first, then newest', () => {
    expect(ageMinutes(now - 125_000, now)).toBe(2);
    expect(ageMinutes(now + 5_000, now)).toBe(0);
    const rows = [
      { id: 'new', stuck: null, since: now - 1000, createdAt: now - 1000 },
      { id: 'old', stuck: null, since: now - 9000, createdAt: now - 9000 },
      { id: 'stuckNew', stuck: 'rxUnreviewed' as const, since: now - 100, createdAt: now - 100 },
      { id: 'stuckOld', stuck: 'waitingNoProvider' as const, since: now - 500, createdAt: now },
    ];
    expect(rows.sort(compareAdminVisits).map((r) => r.id)).toEqual([
      'stuckOld',
      'stuckNew',
      'new',
      'old',
    ]);
  });
});
