import {
  type DashboardTab,
  dashboardTabs,
  type PharmacyRxSearchRequest,
} from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { isPharmacyStatus } from '@apothecall/domain/pharmacy/pharmacy-status.rules';

/**
 * The prescription dashboard's state without React: which tab, what was searched, which page.
 * Choosing a tab or searching goes back to page 1; paging stays within the pages there are.
 */
export interface DashboardState {
  readonly tab: DashboardTab;
  /** The search as submitted (the box's text is the screen's own until submitted). */
  readonly query: string;
  readonly page: number;
}

export const dashboardPageSize = 20;

export const initialDashboardState: DashboardState = { tab: 'unclaimed', query: '', page: 1 };

/** The tabs in the order shown: All, then the pharmacy statuses in the spec's order. */
export const dashboardTabOrder: readonly DashboardTab[] = dashboardTabs;

export function isDashboardTab(value: unknown): value is DashboardTab {
  return value === 'all' || isPharmacyStatus(value);
}

export type DashboardAction =
  | { readonly type: 'tab'; readonly tab: DashboardTab }
  | { readonly type: 'search'; readonly query: string }
  | { readonly type: 'page'; readonly page: number; readonly pages: number };

export function dashboardReducer(state: DashboardState, action: DashboardAction): DashboardState {
  switch (action.type) {
    case 'tab':
      return action.tab === state.tab && state.page === 1
        ? state
        : { ...state, tab: action.tab, page: 1 };
    case 'search': {
      const query = action.query.trim().slice(0, 100);
      return { ...state, query, page: 1 };
    }
    case 'page': {
      const page = Math.min(Math.max(1, Math.trunc(action.page)), Math.max(1, action.pages));
      return page === state.page ? state : { ...state, page };
    }
  }
}

/** The POST body of the search for a state. */
export function searchRequestOf(state: DashboardState): PharmacyRxSearchRequest {
  return { tab: state.tab, query: state.query, page: state.page, pageSize: dashboardPageSize };
}

/** How many pages a result has (at least one, so 'Page 1 of 1' reads for an empty tab). */
export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/**
 * A tab's count: a status's own count, and for All the server's 'all' when it sends one, else
 * the sum of every status (a status the server does not count is 0).
 */
export function tabCount(counts: Readonly<Record<string, number>>, tab: DashboardTab): number {
  if (tab !== 'all') return counts[tab] ?? 0;
  if (typeof counts.all === 'number') return counts.all;
  return Object.entries(counts)
    .filter(([status]) => isPharmacyStatus(status))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** A visit id as shown in a row: its first eight characters (the search accepts the start). */
export function shortVisitId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}
