import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession } from './session-store';

/**
 * What the route guard reads of the signed-in patient's Rx visits (spec section 4, guard step
 * 6: a visit waiting for an ID or an attachment sends every route to /rxvisits), and the count
 * of visits that became 'unclaimed' over the socket. The rx feature fills it from
 * GET /rx/visits (and its socket updates); the shell's guard only reads it, so the first
 * screen does not carry the rx contracts. A logout empties it.
 */
export interface RxGuardVisit {
  readonly idPending: boolean;
  readonly attachmentsPending: boolean;
  readonly status: string;
}

interface RxVisitsState {
  readonly visits: readonly RxGuardVisit[];
  readonly newUnclaimedCount: number;
}

const empty: RxVisitsState = { visits: [], newUnclaimedCount: 0 };
let state: RxVisitsState = empty;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function setRxGuardVisits(visits: readonly RxGuardVisit[]): void {
  const same =
    visits.length === state.visits.length &&
    visits.every(
      (v, i) =>
        v.idPending === state.visits[i]?.idPending &&
        v.attachmentsPending === state.visits[i]?.attachmentsPending &&
        v.status === state.visits[i]?.status,
    );
  if (same) return;
  state = { ...state, visits };
  emit();
}

export function raiseNewUnclaimed(): void {
  state = { ...state, newUnclaimedCount: state.newUnclaimedCount + 1 };
  emit();
}

export function clearNewUnclaimed(): void {
  if (state.newUnclaimedCount === 0) return;
  state = { ...state, newUnclaimedCount: 0 };
  emit();
}

// Another login (or none): forget the last one's visits.
let token = getSession()?.token ?? null;
subscribeSession(() => {
  const next = getSession()?.token ?? null;
  if (next === token) return;
  token = next;
  state = empty;
  emit();
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => state;

export function useRxVisitsState(): RxVisitsState {
  return useSyncExternalStore(subscribe, read, read);
}
