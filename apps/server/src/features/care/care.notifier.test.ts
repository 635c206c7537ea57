import type { PatientVisit } from '@apothecall/domain/care/visits.api';
import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { describe, expect, it } from 'vitest';
import { memoryCareRepo } from '../../../test/fakes';
import { createEventBus } from '../../platform/events';
import type { Realtime } from '../../platform/realtime';
import type { VisitQueue } from '../../platform/visit-queue';
import { subscribeCareNotifier } from './care.notifier';
import type { VisitRecord } from './care.repo';
import { careVisitSnapshot } from './care.views';

const maria = '5b0f7a52-0000-4000-8000-0000000000a1';

function setUp(options: { meetLinkFails?: boolean } = {}) {
  const failures: string[] = [];
  const events = createEventBus({ onError: (what) => failures.push(what) });
  const care = memoryCareRepo();
  const pushes: { accountId: string; event: string; payload: PatientVisit }[] = [];
  const evicted: string[] = [];
  const meetLinks: string[] = [];
  const realtime = {
    push: (accountId: string, event: string, payload: unknown) =>
      pushes.push({ accountId, event, payload: payload as PatientVisit }),
    io: {
      in: (room: string) => ({
        fetchSockets: async () => {
          evicted.push(room);
          return [];
        },
      }),
    },
  } as unknown as Realtime;
  const lines: string[] = [];
  subscribeCareNotifier({
    events,
    realtime,
    queue: {
      changedLater: (state: string) => lines.push(state),
    } as unknown as VisitQueue<VisitRecord>,
    repo: care.repo,
    care: {
      view: async (visit) => ({
        visitId: visit.id,
        patientId: visit.personId,
        state: 'waiting',
        reason: visit.reason,
        startTime: visit.createdAt.toISOString(),
        place: null,
        waitTime: null,
        dueTime: null,
        providerName: null,
        version: visit.version,
      }),
    },
    room: {
      async sendMeetLink(visit) {
        if (options.meetLinkFails) throw new Error('SMS provider down');
        meetLinks.push(visit.id);
      },
    },
    onError: (error) => failures.push(String(error)),
  });
  return { events, care, pushes, evicted, meetLinks, lines, failures };
}

describe('care notifier', () => {
  it("pushes a changed visit's view to its patient, at the version the event names", async () => {
    const { events, care, pushes, evicted } = setUp();
    const visit = care.seed({ accountId: maria, personId: maria });
    const moved = await care.repo.move(visit.id, 'waiting', 'cancelled', { at: new Date() });
    if (!moved) throw new Error('not moved');
    await events.emit('care.visitChanged', { visit: careVisitSnapshot(moved) });
    expect(pushes).toEqual([
      {
        accountId: maria,
        event: realtimeEvents.visitUpdate,
        payload: expect.objectContaining({ visitId: visit.id, version: 1 }),
      },
    ]);
    // A final state closes the visit's meet-link sockets, from the snapshot alone.
    expect(evicted).toEqual([`visit:${visit.id}`]);
  });

  it('sends nothing for an event the visit has already moved past (its own event pushes)', async () => {
    const { events, care, pushes, evicted } = setUp();
    const visit = care.seed({ accountId: maria, personId: maria });
    const stranded = await care.repo.markStranded(visit.id, new Date());
    if (!stranded) throw new Error('not marked');
    await care.repo.move(visit.id, 'waiting', 'cancelled', { at: new Date() });
    await events.emit('care.visitChanged', { visit: careVisitSnapshot(stranded) });
    expect(pushes).toEqual([]);
    expect(evicted).toEqual([]);
  });

  it('texts the meet link when a visit is claimed; a failed text is logged and fails nothing', async () => {
    const ok = setUp();
    const visit = ok.care.seed({ accountId: maria, personId: maria, state: 'inProgress' });
    await ok.events.emit('care.visitClaimed', { visit: careVisitSnapshot(visit) });
    expect(ok.meetLinks).toEqual([visit.id]);

    const down = setUp({ meetLinkFails: true });
    const other = down.care.seed({ accountId: maria, personId: maria, state: 'inProgress' });
    await expect(
      down.events.emit('care.visitClaimed', { visit: careVisitSnapshot(other) }),
    ).resolves.toBeUndefined();
    expect(down.failures).toEqual(['event handler for care.visitClaimed failed']);
  });

  it("tells a state's line after a change in it", async () => {
    const { events, lines } = setUp();
    await events.emit('care.queueChanged', { state: 'TX' });
    expect(lines).toEqual(['TX']);
  });
});
