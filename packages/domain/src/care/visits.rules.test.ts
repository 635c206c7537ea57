import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveVisit,
  isActiveVisitState,
  isFinalVisitState,
  visitStates,
  waitEstimate,
} from './visits.rules';

describe('on-demand visit states', () => {
  it('waits, is claimed, then ends one way; the patient may cancel only while waiting', () => {
    expect(canMoveVisit('waiting', 'inProgress')).toBe(true);
    expect(canMoveVisit('waiting', 'cancelled')).toBe(true);
    expect(canMoveVisit('inProgress', 'cancelled')).toBe(false);
    expect(canMoveVisit('inProgress', 'refunded')).toBe(true);
    expect(canMoveVisit('inProgress', 'noShow')).toBe(true);
  });

  it('has no exit from a final state (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...visitStates), fc.constantFrom(...visitStates), (from, to) => {
        if (isFinalVisitState(from)) expect(canMoveVisit(from, to)).toBe(false);
      }),
    );
  });

  it('counts waiting and in-progress visits as active', () => {
    expect(visitStates.filter(isActiveVisitState)).toEqual(['waiting', 'inProgress']);
  });

  it('estimates the wait from the place and the providers on duty', () => {
    expect(waitEstimate(1, 1)).toBe(5);
    expect(waitEstimate(3, 1)).toBe(25);
    expect(waitEstimate(3, 2)).toBe(15);
    expect(waitEstimate(1, 0)).toBeNull();
  });
});
