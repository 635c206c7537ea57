import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from '../../platform/events';
import type { VisitQueue } from '../../platform/visit-queue';
import type { RxVisitSnapshot } from './rx.events';
import { subscribeRxNotifier } from './rx.notifier';
import type { RxQueueItem } from './rx-review.service';

/**
 * The Rx notifier tells a visit's change from the snapshot the event carries:
 * the patient gets the update at the visit's version, its prescriber their line, its pharmacy
 * its dashboard, and nothing reads the visit again.
 */
describe('subscribeRxNotifier', () => {
  function setUp() {
    const events = createEventBus({ onError: (what, error) => expect.fail(`${what}: ${error}`) });
    const pushes: [string, string, unknown][] = [];
    const visit = vi.fn(async () => {
      throw new Error('the notifier read the visit again');
    });
    const pharmacyLine = { changedLater: vi.fn() };
    subscribeRxNotifier({
      events,
      realtime: { push: (to, event, payload) => pushes.push([to, event, payload]) },
      queue: { changedLater: vi.fn() } as unknown as VisitQueue<RxQueueItem>,
      pharmacyLine,
      repo: { visit },
    });
    return { events, pushes, visit, pharmacyLine };
  }

  const snapshot: RxVisitSnapshot = {
    id: 'v1',
    accountId: 'patient-1',
    version: 7,
    status: 'rxed',
    pharmacyStatus: 'ready',
    prescriberId: 'prescriber-1',
    location: 'FL',
    pharmacyId: 'sunrise',
  };

  it("pushes the patient's update, the prescriber's line and the pharmacy's dashboard from the snapshot", async () => {
    const { events, pushes, visit, pharmacyLine } = setUp();
    await events.emit('rx.visitChanged', { visit: snapshot, by: 'pharmacy' });
    expect(pushes).toEqual([
      [
        'patient-1',
        realtimeEvents.updateRxVisit,
        { id: 'v1', status: 'rxed', version: 7, pharmacyStatus: 'ready' },
      ],
      ['prescriber-1', realtimeEvents.rxQueueChanged, { state: 'FL' }],
    ]);
    expect(pharmacyLine.changedLater).toHaveBeenCalledWith('sunrise');
    expect(visit).not.toHaveBeenCalled();
  });

  it('tells no prescriber and no pharmacy a visit has not reached', async () => {
    const { events, pushes, pharmacyLine } = setUp();
    await events.emit('rx.visitChanged', {
      visit: { ...snapshot, prescriberId: null, pharmacyId: null, pharmacyStatus: null },
      by: 'patient',
    });
    expect(pushes.map(([to, event]) => [to, event])).toEqual([
      ['patient-1', realtimeEvents.updateRxVisit],
    ]);
    expect(pharmacyLine.changedLater).not.toHaveBeenCalled();
  });
});
