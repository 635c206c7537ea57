import { describe, expect, it } from 'vitest';
import { createVisitQueue, type VisitQueueStore } from './visit-queue';

interface Item {
  id: string;
  location: string;
  createdAt: Date;
  accountId: string;
}

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));

/** A store over an array that counts the calls it gets (each would be one query). */
function fakeStore(items: Item[], claimants: string[], onDuty: number) {
  const calls: string[] = [];
  const store: VisitQueueStore<Item> = {
    async waiting(states) {
      calls.push('waiting');
      return items.filter((i) => states.includes(i.location));
    },
    async claim(id, _claimant, states) {
      calls.push('claim');
      const index = items.findIndex((i) => i.id === id && states.includes(i.location));
      if (index < 0) return false;
      items.splice(index, 1);
      return true;
    },
    async claimants() {
      calls.push('claimants');
      return claimants;
    },
    async onDuty() {
      calls.push('onDuty');
      return onDuty;
    },
  };
  return { store, calls };
}

function queueOver(items: Item[], claimants: string[], onDuty: number) {
  const pushes: { to: string; event: string; payload: unknown }[] = [];
  const { store, calls } = fakeStore(items, claimants, onDuty);
  const queue = createVisitQueue<Item>({
    store,
    push: (to, event, payload) => pushes.push({ to, event, payload }),
    events: { lineChanged: 'line', waiterUpdate: 'waiter' },
    waiter: (item, place, waitTime) => ({
      accountId: item.accountId,
      payload: { id: item.id, place, waitTime },
    }),
  });
  return { queue, pushes, calls };
}

describe('visit queue', () => {
  it('tells every claimant and every waiter with three reads, however long the line', async () => {
    for (const n of [1, 10, 200]) {
      const items = Array.from({ length: n }, (_, k) => ({
        id: `v${String(k).padStart(3, '0')}`,
        location: 'FL',
        createdAt: at(k % 60),
        accountId: `patient-${k}`,
      }));
      const { queue, pushes, calls } = queueOver(items, ['p1', 'p2'], 2);
      await queue.changed('FL');
      expect(calls.sort()).toEqual(['claimants', 'onDuty', 'waiting']);
      expect(pushes.filter((p) => p.event === 'line').map((p) => p.to)).toEqual(['p1', 'p2']);
      expect(pushes.filter((p) => p.event === 'waiter')).toHaveLength(n);
    }
  });

  it('gives each waiter its own place, oldest first', async () => {
    const items = [
      { id: 'late', location: 'FL', createdAt: at(9), accountId: 'b' },
      { id: 'early', location: 'FL', createdAt: at(1), accountId: 'a' },
    ];
    const { queue, pushes } = queueOver(items, [], 1);
    await queue.changed('FL');
    expect(pushes.map((p) => p.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'early', place: 1 }),
        expect.objectContaining({ id: 'late', place: 2 }),
      ]),
    );
  });

  it('estimates no wait with nobody on duty', async () => {
    const { queue, pushes } = queueOver(
      [{ id: 'v', location: 'TX', createdAt: at(0), accountId: 'a' }],
      [],
      0,
    );
    await queue.changed('TX');
    expect(pushes[0]?.payload).toEqual({ id: 'v', place: 1, waitTime: null });
  });

  it('refuses a claim from a state the claimant is not licensed in without asking the store', async () => {
    const item = { id: 'v', location: 'NY', createdAt: at(0), accountId: 'a' };
    const { queue, calls } = queueOver([item], [], 1);
    expect(await queue.claim(item, 'p1', ['FL'], at(5))).toBe(false);
    expect(calls).toEqual([]);
  });

  it('lets exactly one of two claimants win', async () => {
    const item = { id: 'v', location: 'FL', createdAt: at(0), accountId: 'a' };
    const { queue } = queueOver([item], [], 1);
    const results = await Promise.all([
      queue.claim(item, 'p1', ['FL'], at(5)),
      queue.claim(item, 'p2', ['FL'], at(5)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('tells the line after the caller has answered, once for changes made together', async () => {
    const items = [{ id: 'v', location: 'FL', createdAt: at(0), accountId: 'a' }];
    const { queue, pushes, calls } = queueOver(items, ['p1'], 1);
    queue.changedLater('FL');
    queue.changedLater('FL');
    queue.changedLater('FL');
    // Nothing happened yet: the caller answers first.
    expect(pushes).toEqual([]);
    expect(calls).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.sort()).toEqual(['claimants', 'onDuty', 'waiting']);
    expect(pushes.map((p) => p.event)).toEqual(['line', 'waiter']);
  });

  it('runs one more update for a change made while an update runs', async () => {
    const items = [{ id: 'v', location: 'FL', createdAt: at(0), accountId: 'a' }];
    const { store, calls } = fakeStore(items, [], 1);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowWaiting = store.waiting;
    const queue = createVisitQueue<Item>({
      store: {
        ...store,
        waiting: async (states) => {
          await gate;
          return slowWaiting(states);
        },
      },
      push: () => undefined,
      events: { lineChanged: 'line', waiterUpdate: 'waiter' },
      waiter: (item) => ({ accountId: item.accountId, payload: null }),
    });
    queue.changedLater('FL');
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The first update is held in its read; two more changes arrive meanwhile.
    queue.changedLater('FL');
    queue.changedLater('FL');
    expect(calls.filter((c) => c === 'waiting')).toHaveLength(0);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((c) => c === 'waiting')).toHaveLength(2);
  });
});
