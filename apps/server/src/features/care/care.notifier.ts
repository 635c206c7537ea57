import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { EventBus } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { VisitQueue } from '../../platform/visit-queue';
import './care.events';
import type { CareRepo, VisitRecord } from './care.repo';
import type { CareService } from './care.service';
import type { VisitRoomService } from './visit-room.service';

/**
 * Turns care's events into live pushes (socket.io's Redis adapter carries them to every API
 * process): a state's line changed -> its providers and every waiting patient (the shared visit
 * queue, O(n)); one visit changed -> its patient, and a meet-link socket of an ended visit is
 * closed (from the event's snapshot); a claimed visit -> its patient is texted the meet link.
 *
 * The patient's push is the visit's view at its version. The view holds what events never carry
 * (the reason, the wait), so the row is read once; when it has already moved past the event's
 * version, the later change's own event pushes it and this one sends nothing.
 */
export function subscribeCareNotifier(deps: {
  events: EventBus;
  realtime: Realtime;
  queue: VisitQueue<VisitRecord>;
  repo: Pick<CareRepo, 'visit'>;
  care: Pick<CareService, 'view'>;
  room: Pick<VisitRoomService, 'sendMeetLink'>;
  onError: (error: unknown) => void;
}): void {
  // The claim, start or cancel that changed the line answers before the line is told.
  deps.events.on('care.queueChanged', ({ state }) => deps.queue.changedLater(state));
  deps.events.on('care.visitChanged', async ({ visit: changed }) => {
    if (changed.state !== 'waiting' && changed.state !== 'inProgress') evictMeetSockets(changed.id);
    const visit = await deps.repo.visit(changed.id);
    if (!visit || visit.version > changed.version) return;
    deps.realtime.push(visit.accountId, realtimeEvents.visitUpdate, await deps.care.view(visit));
  });
  // The claim stands even if the text cannot be sent (the bus logs it; the patient can still
  // join from the waiting room).
  deps.events.on('care.visitClaimed', ({ visit }) => deps.room.sendMeetLink(visit));

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
