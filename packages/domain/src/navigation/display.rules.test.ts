import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayClass, scriptChunkTimeoutMs, throttleMs } from './display.rules';

describe('app shell timings (spec 9)', () => {
  it('times out a script chunk after 120 s and throttles every 60 s', () => {
    expect(scriptChunkTimeoutMs).toBe(120_000);
    expect(throttleMs).toBe(60_000);
  });
});

describe('display breakpoints (spec 9)', () => {
  it('is extra-small below 340 px', () => {
    expect(displayClass({ width: 339, height: 600 }).extraSmall).toBe(true);
    expect(displayClass({ width: 340, height: 600 }).extraSmall).toBe(false);
  });

  it('is a phone at most 767 px wide with aspect ratio at most 3/4', () => {
    expect(displayClass({ width: 767, height: 1024 }).phone).toBe(true);
    expect(displayClass({ width: 768, height: 1024 }).phone).toBe(false);
    expect(displayClass({ width: 600, height: 800 }).phone).toBe(true);
    expect(displayClass({ width: 601, height: 800 }).phone).toBe(false);
    expect(displayClass({ width: 700, height: 400 }).phone).toBe(false);
  });

  it('never calls a landscape or wide screen a phone (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4000 }),
        fc.integer({ min: 1, max: 4000 }),
        (width, height) => {
          const { phone, extraSmall } = displayClass({ width, height });
          if (phone) {
            expect(width).toBeLessThanOrEqual(767);
            expect(width / height).toBeLessThanOrEqual(0.75);
          }
          expect(extraSmall).toBe(width < 340);
        },
      ),
    );
  });
});
