import { waitEstimate } from './visits.rules';

/**
 * The one rule of every queue of visits (on-demand today; asynchronous prescription visits and
 * the pharmacy dashboard next): an item waits in one state's line, oldest first; only someone
 * licensed in that state may claim it, and the claim is one conditional change (exactly one
 * claimant wins). The platform's visit-queue service applies it; this file is the rule.
 */
export interface QueueItem {
  id: string;
  /** The state (two letters) whose line the item waits in. */
  location: string;
  createdAt: Date;
}

/** Oldest first; equal times by id, so every reader sees the same order. */
export function queueOrder<T extends QueueItem>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** A claimant may take an item only from a state they are licensed in. */
export function mayClaim(
  item: Pick<QueueItem, 'location'>,
  licensedStates: readonly string[],
): boolean {
  return licensedStates.includes(item.location);
}

/** Each waiting item's place (1 = next) in its own state's line. */
export function placesInLine<T extends QueueItem>(waiting: readonly T[]): Map<string, number> {
  const places = new Map<string, number>();
  const next = new Map<string, number>();
  for (const item of queueOrder(waiting)) {
    const place = (next.get(item.location) ?? 0) + 1;
    next.set(item.location, place);
    places.set(item.id, place);
  }
  return places;
}

/** Place and estimated wait (minutes, or null with nobody to claim) of one waiting item. */
export function standing(
  place: number,
  claimantsOnDuty: number,
): { place: number; waitTime: number | null } {
  return { place, waitTime: waitEstimate(place, claimantsOnDuty) };
}
