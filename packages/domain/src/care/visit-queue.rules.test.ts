import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayClaim, placesInLine, queueOrder, standing } from './visit-queue.rules';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute));

describe('visit queue rule', () => {
  it('orders oldest first, equal times by id', () => {
    const items = [
      { id: 'c', location: 'FL', createdAt: at(5) },
      { id: 'b', location: 'FL', createdAt: at(1) },
      { id: 'a', location: 'FL', createdAt: at(5) },
    ];
    expect(queueOrder(items).map((i) => i.id)).toEqual(['b', 'a', 'c']);
  });

  it('numbers each state its own line', () => {
    const places = placesInLine([
      { id: 'fl-2', location: 'FL', createdAt: at(3) },
      { id: 'tx-1', location: 'TX', createdAt: at(2) },
      { id: 'fl-1', location: 'FL', createdAt: at(1) },
      { id: 'tx-2', location: 'TX', createdAt: at(4) },
    ]);
    expect(Object.fromEntries(places)).toEqual({ 'fl-1': 1, 'fl-2': 2, 'tx-1': 1, 'tx-2': 2 });
  });

  it('places are 1..n in every line, whatever the input order', () => {
    const item = fc.record({
      id: fc.uuid(),
      location: fc.constantFrom('FL', 'TX', 'NY'),
      createdAt: fc.integer({ min: 0, max: 59 }).map(at),
    });
    fc.assert(
      fc.property(fc.uniqueArray(item, { selector: (i) => i.id, maxLength: 30 }), (items) => {
        const places = placesInLine(items);
        for (const state of ['FL', 'TX', 'NY']) {
          const line = items.filter((i) => i.location === state).map((i) => places.get(i.id));
          expect([...line].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(line.map((_, n) => n + 1));
        }
      }),
    );
  });

  it('lets only a claimant licensed in the state claim', () => {
    expect(mayClaim({ location: 'FL' }, ['FL', 'TX'])).toBe(true);
    expect(mayClaim({ location: 'NY' }, ['FL', 'TX'])).toBe(false);
    expect(mayClaim({ location: 'FL' }, [])).toBe(false);
  });

  it('estimates no wait when nobody is on duty', () => {
    expect(standing(3, 0)).toEqual({ place: 3, waitTime: null });
    expect(standing(1, 2).waitTime).not.toBeNull();
  });
});
