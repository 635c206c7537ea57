import { describe, expect, it } from 'vitest';
import { usStateCodes } from '../places/places.rules';
import {
  grantCoversEveryState,
  grantCoversState,
  grantShows,
  mayClaim,
  nameMatches,
  nextStatusesFor,
  parseDashboardQuery,
} from './pharmacy-dashboard.rules';

const fl = { states: ['FL'], links: [], claimedOnly: false };

describe('grantShows', () => {
  it('shows the admin (no grant) every visit of the pharmacy', () => {
    expect(grantShows(null, { state: 'TX', linkId: null, status: 'unclaimed' })).toBe(true);
  });
  it("shows a pharmacist only their states' visits", () => {
    expect(grantShows(fl, { state: 'FL', linkId: null, status: 'unclaimed' })).toBe(true);
    expect(grantShows(fl, { state: 'TX', linkId: null, status: 'unclaimed' })).toBe(false);
  });
  it('with links, shows only visits that came through one of them', () => {
    const linked = { ...fl, links: ['abc'] };
    expect(grantShows(linked, { state: 'FL', linkId: 'abc', status: 'unclaimed' })).toBe(true);
    expect(grantShows(linked, { state: 'FL', linkId: 'other', status: 'unclaimed' })).toBe(false);
    expect(grantShows(linked, { state: 'FL', linkId: null, status: 'unclaimed' })).toBe(false);
  });
  it('claimed-only shows claimed visits and their fulfilment, nothing before the claim', () => {
    const claimedOnly = { ...fl, claimedOnly: true };
    expect(grantShows(claimedOnly, { state: 'FL', linkId: null, status: 'unclaimed' })).toBe(false);
    expect(grantShows(claimedOnly, { state: 'FL', linkId: null, status: 'review' })).toBe(false);
    expect(grantShows(claimedOnly, { state: 'FL', linkId: null, status: 'claimed' })).toBe(true);
    expect(grantShows(claimedOnly, { state: 'FL', linkId: null, status: 'ready' })).toBe(true);
  });
});

describe('grantCoversState (assessments, CRM customers)', () => {
  const ga = { ...fl, states: ['GA'] };
  const all = { ...fl, states: [...usStateCodes] };
  it("covers the admin's every record, with or without a state", () => {
    expect(grantCoversState(null, 'FL')).toBe(true);
    expect(grantCoversState(null, null)).toBe(true);
  });
  it("covers a pharmacist's own states only", () => {
    expect(grantCoversState(ga, 'GA')).toBe(true);
    expect(grantCoversState(ga, 'FL')).toBe(false);
  });
  it('leaves a record with no state to the admin and a grant naming every state', () => {
    expect(grantCoversState(ga, null)).toBe(false);
    expect(grantCoversState(all, null)).toBe(true);
    expect(grantCoversEveryState(ga)).toBe(false);
    expect(grantCoversEveryState(all)).toBe(true);
  });
});

describe('nextStatusesFor and mayClaim', () => {
  it('offers the table without claimed (the claim is its own action)', () => {
    expect(nextStatusesFor('unclaimed', fl)).toEqual(['voided', 'contacted', 'review']);
    expect(nextStatusesFor('claimed', fl)).toEqual(['ready', 'shipped', 'picked-up', 'delivered']);
    expect(nextStatusesFor('delivered', fl)).toEqual([]);
    expect(mayClaim('unclaimed', fl)).toBe(true);
    expect(mayClaim('contacted', fl)).toBe(false);
  });
  it('gives a claimed-only pharmacist no move before the claim and no claim', () => {
    const claimedOnly = { ...fl, claimedOnly: true };
    expect(nextStatusesFor('unclaimed', claimedOnly)).toEqual([]);
    expect(mayClaim('unclaimed', claimedOnly)).toBe(false);
    expect(nextStatusesFor('ready', claimedOnly)).toEqual(['shipped', 'picked-up', 'delivered']);
  });
});

describe('parseDashboardQuery', () => {
  it('reads dates in both forms and refuses impossible ones', () => {
    expect(parseDashboardQuery(' 2026-11-25 ')).toEqual({ kind: 'date', date: '2026-11-25' });
    expect(parseDashboardQuery('3/7/1985')).toEqual({ kind: 'date', date: '1985-03-07' });
    expect(parseDashboardQuery('2026-02-30').kind).toBe('id');
  });
  it('reads a visit id or its start', () => {
    expect(parseDashboardQuery('3F2a9C01')).toEqual({ kind: 'id', prefix: '3f2a9c01' });
  });
  it('reads anything else as name words, folded', () => {
    expect(parseDashboardQuery('  José  GARCÍA ')).toEqual({
      kind: 'name',
      words: ['jose', 'garcia'],
    });
    expect(parseDashboardQuery('cafe').kind).toBe('name');
    // An id whose first 8 characters are all letters is still an id.
    expect(parseDashboardQuery('cbefeceb')).toEqual({ kind: 'id', prefix: 'cbefeceb' });
    expect(parseDashboardQuery('   ')).toEqual({ kind: 'none' });
  });
  it('matches name words against the start of name parts', () => {
    expect(nameMatches(['jo', 'gar'], { firstName: 'José', lastName: 'García López' })).toBe(true);
    expect(nameMatches(['ose'], { firstName: 'José', lastName: 'García' })).toBe(false);
  });
});
