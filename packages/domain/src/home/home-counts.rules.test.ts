import { describe, expect, it } from 'vitest';
import { matchRoute } from '../navigation/routes';
import { homeCountKeys, homeCountKeysOf, homeCountPath } from './home-counts.rules';

describe('home counts (issue 36, finding 13)', () => {
  it('gives each staff role the counts it acts on, and patients none', () => {
    expect(homeCountKeysOf('provider')).toEqual(['rxChangeRequests', 'rxWaiting', 'videoWaiting']);
    expect(homeCountKeysOf('pharmacist')).toEqual(['rxUnclaimed', 'rxUnclaimedUnseen']);
    expect(homeCountKeysOf('admin')).toContain('pharmaciesUnverified');
    expect(homeCountKeysOf('support')).toEqual(['stuckVisits']);
    for (const role of ['patient', 'tester', '', null, undefined, 'toString', '__proto__']) {
      expect(homeCountKeysOf(role)).toEqual([]);
    }
  });
  it('leads every count to a screen', () => {
    for (const key of homeCountKeys) expect(matchRoute(homeCountPath[key])).toBeDefined();
  });
});
