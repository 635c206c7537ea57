import { type PatientVisit, patientVisitSchema } from '@apothecall/domain/care/visits.api';
import { isActiveVisitState } from '@apothecall/domain/care/visits.rules';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { appStoragePrefix } from '../../../lib/session-store';
import { setActiveVisitCount } from '../../../lib/visit-presence';
import {
  isOlderVisit,
  useActiveVisitList,
  useApplyActiveVisit,
  useRefreshActiveVisits,
} from '../api/get-active-visits';

/**
 * The account's active visits, live (spec section 4: "Restore active visits from local
 * storage"). GET /visits/active is the truth and is fetched on open and after every
 * (re)connection of the socket; between them, the server's 'visitUpdate' pushes move each visit
 * (place, wait, claimed, ended) — no polling. The ids are kept in localStorage so a reload
 * knows a visit is under way before the list answers, and a visit that ended while the page
 * was closed still gets its closing message.
 */
const storageKey = `${appStoragePrefix}care.activeVisits`;
const idsSchema = z.array(z.string().max(64)).max(20);

export function storedVisitIds(): string[] {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey);
    const parsed = idsSchema.safeParse(raw ? JSON.parse(raw) : []);
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function storeVisitIds(ids: readonly string[]): void {
  try {
    if (ids.length === 0) globalThis.localStorage?.removeItem(storageKey);
    else globalThis.localStorage?.setItem(storageKey, JSON.stringify([...new Set(ids)]));
  } catch {
    // Storage unavailable: the list from the server still drives the screen.
  }
}

/** Called when a visit starts, so the waiting room (and a reload) knows it at once. */
export function rememberActiveVisit(visitId: string): void {
  storeVisitIds([...storedVisitIds(), visitId]);
}

/** A visit that left the active list: its last known state (final), or unknown. */
export type EndedVisit = PatientVisit | { visitId: string; state: 'unknown' };

export function useActiveVisits() {
  const applyToList = useApplyActiveVisit();
  const refresh = useRefreshActiveVisits();
  const socket = useSocket();
  const connected = socket?.connected ?? false;
  const query = useActiveVisitList({ staleTime: 0 });
  const [ended, setEnded] = useState<EndedVisit[]>([]);
  const remembered = useRef(storedVisitIds());
  // The newest copy of each visit seen here (listed, pushed or ended): an older push is dropped.
  const newest = useRef(new Map<string, PatientVisit>());

  const endVisit = useCallback((visit: EndedVisit) => {
    setEnded((list) => [visit, ...list.filter((v) => v.visitId !== visit.visitId)]);
  }, []);

  // A push: move the visit in the cached list; a final state moves it to the ended list.
  const apply = useCallback(
    (visit: PatientVisit) => {
      if (isOlderVisit(newest.current.get(visit.visitId), visit)) return;
      newest.current.set(visit.visitId, visit);
      applyToList(visit);
      if (!isActiveVisitState(visit.state)) endVisit(visit);
    },
    [applyToList, endVisit],
  );

  useSocketEvent<unknown>(socket, realtimeEvents.visitUpdate, (payload) => {
    const parsed = patientVisitSchema.safeParse(payload);
    if (parsed.success) apply(parsed.data);
  });

  // Pushes sent while the socket was down are lost: fetch the truth again on (re)connect.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (connected && !wasConnected.current) {
      refresh();
    }
    wasConnected.current = connected;
  }, [connected, refresh]);

  // Keep the stored ids in step with the server's list; a remembered id the server no longer
  // lists ended while this page was closed.
  const visits = query.data;
  useEffect(() => {
    if (!visits) return;
    setActiveVisitCount(visits.length);
    for (const visit of visits) {
      if (!isOlderVisit(newest.current.get(visit.visitId), visit)) {
        newest.current.set(visit.visitId, visit);
      }
    }
  }, [visits]);
  useEffect(() => {
    if (!visits) return;
    const active = visits.map((v) => v.visitId);
    const gone = remembered.current.filter((id) => !active.includes(id));
    for (const visitId of gone) {
      setEnded((list) =>
        list.some((v) => v.visitId === visitId) ? list : [...list, { visitId, state: 'unknown' }],
      );
    }
    remembered.current = active;
    storeVisitIds(active);
  }, [visits]);

  return {
    query,
    visits: visits ?? [],
    ended,
    /** The visit was cancelled here (the answer of POST /visits/:id/cancel). */
    apply,
    socket,
    /** Ids known before the list answered (a reload during a visit). */
    restoring: query.isPending && remembered.current.length > 0,
  };
}
