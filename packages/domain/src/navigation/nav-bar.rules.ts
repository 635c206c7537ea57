/**
 * How the app's navigation fits its screen: a row of primary entries plus
 * "More", never squeezed, cut or wrapped. The bar has a number of slots for the window's width;
 * a role with more entries than slots gets its most used entries in the bar (one slot fewer,
 * the last slot is "More") and the rest, in navigation order, in the "More" list. The entry of
 * the screen the person is on is always in the bar: when it lives under "More" it takes the
 * place of the bar's least used entry (never Home), which moves to the list.
 *
 * The slot counts fit both languages at the narrowest width of each band with room to spare
 * (about 100 px or more on a wide screen, for fonts wider than the test's), labels at their size
 * (12 px on the phone's bar, 14 px on the wider row), checked in Chromium by
 * apps/web/src/app/app-navigation.browser.test.tsx at 320 and 360 px and from 768 to 1600 px.
 */
import type { NavArea, NavItem, Workspace } from './role-navigation.rules';
import { workspaceOf } from './role-navigation.rules';

/** The width bands (CSS px of the window) and their slots; the phone's band is below 768 px. */
export const navSlotBands: readonly { readonly fromWidthPx: number; readonly slots: number }[] = [
  { fromWidthPx: 0, slots: 5 },
  { fromWidthPx: 768, slots: 6 },
  { fromWidthPx: 1024, slots: 8 },
  { fromWidthPx: 1280, slots: 10 },
  { fromWidthPx: 1440, slots: 12 },
];

/** The bar's slots (entries plus "More") at a window width. */
export function navSlots(widthPx: number): number {
  let slots = navSlotBands[0]?.slots ?? 5;
  for (const band of navSlotBands) if (widthPx >= band.fromWidthPx) slots = band.slots;
  return slots;
}

/**
 * Each workspace's entries from most to least used: the first ones get the bar. A patient
 * comes for care, their Rx visits and the notes of their visits; a pharmacy's staff for the
 * prescriptions referred to it, the in-store assessment and its inbox. Profile is last
 * everywhere: the header's profile menu reaches it too.
 */
const priorityOf: Record<Workspace, readonly NavArea[]> = {
  patient: ['home', 'care', 'rxVisits', 'notes', 'appointments', 'docs', 'payments', 'profile'],
  provider: ['home', 'clinic', 'rxReviews', 'appointments', 'profile'],
  pharmacy: [
    'home',
    'prescriptions',
    'assessment',
    'inbox',
    'crm',
    'analytics',
    'links',
    'pharmacists',
    'programs',
    'referred',
    'profile',
  ],
  rxAdmin: ['home', 'rxAdmin', 'referred', 'profile'],
  admin: ['home', 'profile'],
};

export interface NavSplit {
  /** The entries shown in the bar, in navigation order. */
  readonly bar: readonly NavItem[];
  /** The entries under "More", in navigation order; empty when every entry fits the bar. */
  readonly more: readonly NavItem[];
}

/**
 * Splits a role's navigation (navigationFor, in navigation order) between the bar and "More"
 * for a number of slots; `current` is the area of the screen shown (activeArea).
 */
export function splitNavigation(
  role: string | null | undefined,
  items: readonly NavItem[],
  slots: number,
  current?: NavArea,
): NavSplit {
  if (items.length <= slots) return { bar: [...items], more: [] };
  const priority = priorityOf[workspaceOf(role)];
  const rank = (area: NavArea) => {
    const i = priority.indexOf(area);
    return i < 0 ? priority.length : i;
  };
  const byUse = [...items].sort((a, b) => rank(a.area) - rank(b.area));
  const inBar = new Set(byUse.slice(0, Math.max(1, slots - 1)).map((item) => item.area));
  if (current !== undefined && !inBar.has(current) && items.some((i) => i.area === current)) {
    const leastUsed = [...inBar]
      .filter((area) => area !== 'home' || inBar.size === 1)
      .sort((a, b) => rank(b) - rank(a))[0];
    if (leastUsed !== undefined) inBar.delete(leastUsed);
    inBar.add(current);
  }
  return {
    bar: items.filter((item) => inBar.has(item.area)),
    more: items.filter((item) => !inBar.has(item.area)),
  };
}
