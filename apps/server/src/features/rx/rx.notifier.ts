import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import type { RxVisitUpdate } from '@apothecall/domain/rx/rx-visits.api';
import type { EventBus } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { VisitQueue } from '../../platform/visit-queue';
import type { RxRepo } from './rx.repo';
import type { RxQueueItem } from './rx-review.service';

/**
 * Turns the Rx area's events into live pushes (socket.io's Redis adapter carries them to every
 * API process): a state's review line changed -> the prescribers licensed there
 * (`rxQueueChanged`, through the shared visit queue); one visit changed -> its patient
 * (`updateRxVisit`: id, status, version, pharmacy status), its prescriber (the line event, to
 * refetch) and, once it reached a pharmacy, that pharmacy's staff (`pharmacyQueueChanged`).
 */
export function subscribeRxNotifier(deps: {
  events: EventBus;
  realtime: Pick<Realtime, 'push'>;
  queue: VisitQueue<RxQueueItem>;
  /** The pharmacy dashboards' lines, one per pharmacy id. */
  pharmacyLine: Pick<VisitQueue<RxQueueItem>, 'changedLater'>;
  repo: Pick<RxRepo, 'visit'>;
}): void {
  deps.events.on('rx.queueChanged', ({ state }) => deps.queue.changedLater(state));
  deps.events.on('rx.messageSent', async ({ visitId }) => {
    const visit = await deps.repo.visit(visitId);
    if (!visit) return;
    deps.realtime.push(visit.accountId, realtimeEvents.rxMessage, { visitId });
    if (visit.prescriberId)
      deps.realtime.push(visit.prescriberId, realtimeEvents.rxMessage, { visitId });
  });
  // From the snapshot the change carries: nothing is read again.
  deps.events.on('rx.visitChanged', ({ visit }) => {
    const update: RxVisitUpdate = {
      id: visit.id,
      status: visit.status,
      version: visit.version,
      pharmacyStatus: visit.pharmacyStatus,
    };
    deps.realtime.push(visit.accountId, realtimeEvents.updateRxVisit, update);
    if (visit.prescriberId) {
      deps.realtime.push(visit.prescriberId, realtimeEvents.rxQueueChanged, {
        state: visit.location,
      });
    }
    // The pharmacy's staff refetch their dashboard (ids only on the wire).
    if (visit.pharmacyId && visit.pharmacyStatus) deps.pharmacyLine.changedLater(visit.pharmacyId);
  });
}
