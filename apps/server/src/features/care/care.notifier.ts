import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { EventBus } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { VisitQueue } from '../../platform/visit-queue';
import './care.events';
import type { CareRepo, VisitRecord } from './care.repo';
import type { CareService } from './care.service';

/**
 * Turns care's events into live pushes (socket.io's Redis adapter carries them to every API
 * process): a state's line changed -> its providers and every waiting patient (the shared visit
 * queue, O(n)); one visit changed -> its patient, and a meet-link socket of an ended visit is
 * closed.
 */
export function subscribeCareNotifier(deps: {
  events: EventBus;
  realtime: Realtime;
  queue: VisitQueue<VisitRecord>;
  repo: Pick<CareRepo, 'visit'>;
  care: Pick<CareService, 'view'>;
  onError: (error: unknown) => void;
}): void {
  // The claim, start or cancel that changed the line answers before the line is told.
  deps.events.on('care.queueChanged', ({ state }) => deps.queue.changedLater(state));
  deps.events.on('care.visitChanged', async ({ visitId }) => {
    const visit = await deps.repo.visit(visitId);
    if (!visit) return;
    if (visit.state !== 'waiting' && visit.state !== 'inProgress') evictMeetSockets(visit.id);
    deps.realtime.push(visit.accountId, realtimeEvents.visitUpdate, await deps.care.view(visit));
  });

  /** A meet link's socket ends with its visit. */
  function evictMeetSockets(visitId: string) {
    deps.realtime.io
      .in(`visit:${visitId}`)
      .fetchSockets()
      .then((sockets) => {
        for (const s of sockets) if (s.data?.meetVisitId === visitId) s.disconnect(true);
      }, deps.onError);
  }
}
