import {
  mayClaim,
  placesInLine,
  type QueueItem,
  standing,
} from '@apothecall/domain/care/visit-queue.rules';
import { afterResponse } from './after-response';

/**
 * What the owning area gives the queue: its own SQL (the queue never reads an area's tables).
 * On-demand visits give care's visits table; asynchronous prescription visits and the pharmacy
 * dashboard give theirs.
 */
export interface VisitQueueStore<V extends QueueItem> {
  /** Items waiting in these states, in any order (the rule orders them). */
  waiting(states: readonly string[]): Promise<V[]>;
  /**
   * Claims a waiting item in one of the claimant's states in ONE conditional statement (only
   * from waiting, only in those states): true for exactly one of any number of racing claimants.
   */
  claim(id: string, claimantId: string, states: readonly string[], at: Date): Promise<boolean>;
  /** Accounts that work this state's line (told when it changes). */
  claimants(state: string): Promise<string[]>;
  /** Claimants on duty in the state, for wait estimates. */
  onDuty(state: string): Promise<number>;
}

/** Where live updates go: an account's sockets, on every API process. */
export type Push = (accountId: string, event: string, payload: unknown) => void;

export interface VisitQueue<V extends QueueItem> {
  /** Claims `item` for the claimant if licensed in its state; false when someone else won. */
  claim(item: V, claimantId: string, licensedStates: readonly string[], at: Date): Promise<boolean>;
  /**
   * After a change in a state's line: tells its claimants (`lineChanged`) and every waiter its
   * new place and wait (`waiterUpdate`). Three queries, whatever the line's length: O(n) work.
   */
  changed(state: string): Promise<void>;
  /**
   * `changed`, once the answer of the request that caused it was sent (platform/after-response):
   * a claim, a start or a cancel answers before anyone is told. Calls for one state before its
   * update starts, or while it runs, coalesce into one more update. Failures go to `onError`.
   */
  changedLater(state: string): void;
}

export function createVisitQueue<V extends QueueItem>(deps: {
  store: VisitQueueStore<V>;
  push: Push;
  /** `waiterUpdate` and `waiter` are left out by a line whose waiters are told nothing. */
  events: { lineChanged: string; waiterUpdate?: string };
  /** The waiter's own view of its item (who waits, its place and wait), built without queries. */
  waiter?: (
    item: V,
    place: number,
    waitTime: number | null,
  ) => { accountId: string; payload: unknown };
  onError?: (error: unknown) => void;
}): VisitQueue<V> {
  const scheduled = new Set<string>();
  const running = new Set<string>();
  const again = new Set<string>();
  const queue: VisitQueue<V> = {
    async claim(item, claimantId, licensedStates, at) {
      if (!mayClaim(item, licensedStates)) return false;
      return deps.store.claim(item.id, claimantId, licensedStates, at);
    },

    async changed(state) {
      const { waiter } = deps;
      const waiterUpdate = deps.events.waiterUpdate;
      const tellWaiters = Boolean(waiter && waiterUpdate);
      const [claimants, waiting, onDuty] = await Promise.all([
        deps.store.claimants(state),
        tellWaiters ? deps.store.waiting([state]) : Promise.resolve([]),
        tellWaiters ? deps.store.onDuty(state) : Promise.resolve(0),
      ]);
      for (const accountId of claimants) deps.push(accountId, deps.events.lineChanged, { state });
      if (!waiter || !waiterUpdate) return;
      const places = placesInLine(waiting);
      for (const item of waiting) {
        const place = places.get(item.id);
        if (place === undefined) continue;
        const { waitTime } = standing(place, onDuty);
        const { accountId, payload } = waiter(item, place, waitTime);
        deps.push(accountId, waiterUpdate, payload);
      }
    },

    changedLater(state) {
      if (running.has(state)) {
        again.add(state);
        return;
      }
      if (scheduled.has(state)) return;
      scheduled.add(state);
      afterResponse(() => {
        scheduled.delete(state);
        running.add(state);
        queue
          .changed(state)
          .catch((error: unknown) => deps.onError?.(error))
          .finally(() => {
            running.delete(state);
            if (again.delete(state)) queue.changedLater(state);
          });
      });
    },
  };
  return queue;
}
