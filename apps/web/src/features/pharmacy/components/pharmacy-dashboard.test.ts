import { pharmacyStatuses } from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { describe, expect, it } from 'vitest';
import {
  dashboardPageSize,
  dashboardReducer,
  dashboardTabOrder,
  initialDashboardState,
  isDashboardTab,
  pageCount,
  searchRequestOf,
  shortVisitId,
  tabCount,
} from './pharmacy-dashboard';

describe('prescription dashboard state', () => {
  it('opens on Unclaimed, page 1, nothing searched', () => {
    expect(initialDashboardState).toEqual({ tab: 'unclaimed', query: '', page: 1 });
    expect(searchRequestOf(initialDashboardState)).toEqual({
      tab: 'unclaimed',
      query: '',
      page: 1,
      pageSize: dashboardPageSize,
    });
  });

  it("shows All first, then every pharmacy status in the spec's order", () => {
    expect(dashboardTabOrder).toEqual(['all', ...pharmacyStatuses]);
    expect(dashboardTabOrder.indexOf('cancel')).toBeLessThan(
      dashboardTabOrder.indexOf('delivered'),
    );
    expect(isDashboardTab('picked-up')).toBe(true);
    expect(isDashboardTab('all')).toBe(true);
    expect(isDashboardTab('rxed')).toBe(false);
    expect(isDashboardTab(null)).toBe(false);
  });

  it('goes back to page 1 when the tab or the search changes', () => {
    const onPage3 = { tab: 'claimed', query: 'ana', page: 3 } as const;
    expect(dashboardReducer(onPage3, { type: 'tab', tab: 'ready' })).toEqual({
      tab: 'ready',
      query: 'ana',
      page: 1,
    });
    expect(dashboardReducer(onPage3, { type: 'search', query: '  Smith  ' })).toEqual({
      tab: 'claimed',
      query: 'Smith',
      page: 1,
    });
    expect(dashboardReducer(onPage3, { type: 'tab', tab: 'claimed' }).page).toBe(1);
  });

  it('keeps the same state object when nothing changes', () => {
    expect(dashboardReducer(initialDashboardState, { type: 'tab', tab: 'unclaimed' })).toBe(
      initialDashboardState,
    );
    expect(dashboardReducer(initialDashboardState, { type: 'page', page: 0, pages: 4 })).toBe(
      initialDashboardState,
    );
  });

  it('pages within the pages there are', () => {
    const s = { ...initialDashboardState, page: 2 };
    expect(dashboardReducer(s, { type: 'page', page: 3, pages: 3 }).page).toBe(3);
    expect(dashboardReducer(s, { type: 'page', page: 4, pages: 3 }).page).toBe(3);
    expect(dashboardReducer(s, { type: 'page', page: 1, pages: 3 }).page).toBe(1);
    expect(dashboardReducer(s, { type: 'page', page: -2, pages: 3 }).page).toBe(1);
    expect(dashboardReducer(s, { type: 'page', page: 5, pages: 0 }).page).toBe(1);
  });

  it('keeps a search within the 100 characters the API takes', () => {
    expect(
      dashboardReducer(initialDashboardState, { type: 'search', query: 'x'.repeat(150) }).query,
    ).toHaveLength(100);
  });

  it("counts pages ('Page 1 of 1' for an empty tab)", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(59, 20)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });

  it("counts a tab: a status's own, All as the server's 'all' or the sum of the statuses", () => {
    const counts = { unclaimed: 4, claimed: 2, ready: 1 };
    expect(tabCount(counts, 'unclaimed')).toBe(4);
    expect(tabCount(counts, 'voided')).toBe(0);
    expect(tabCount(counts, 'all')).toBe(7);
    expect(tabCount({ ...counts, all: 9 }, 'all')).toBe(9);
    expect(tabCount({ unclaimed: 1, somethingElse: 5 }, 'all')).toBe(1);
  });

  it('shows a visit id by its first eight characters', () => {
    expect(shortVisitId('3f2a9c1e-7b4d-4e1a-9f00-123456789abc')).toBe('3F2A9C1E');
  });
});
