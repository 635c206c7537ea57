import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus, type EventBus } from './events';

declare module './events' {
  interface AppEvents {
    'test.crossed': { n: number };
  }
}

const redisUrl = process.env.REDIS_URL;

/** Two API processes' buses over one Redis (two connection pairs, as two processes have). */
describe('event bus across processes', () => {
  const open: { bus: EventBus; pub: Redis; sub: Redis }[] = [];
  const busOnRedis = () => {
    const pub = new Redis(redisUrl ?? '');
    const sub = pub.duplicate();
    const bus = createEventBus({ redis: { pub, sub }, onError: () => undefined });
    open.push({ bus, pub, sub });
    return bus;
  };
  afterEach(async () => {
    for (const { bus, pub, sub } of open.splice(0)) {
      await bus.close();
      pub.disconnect();
      sub.disconnect();
    }
  });

  // Up to 10 s: on a loaded CI machine a message between two connections can take a while.
  async function until(check: () => boolean) {
    for (let i = 0; i < 1000 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
  }

  it('keeps events in their process when there is no Redis', async () => {
    const a = createEventBus({ onError: () => undefined });
    const b = createEventBus({ onError: () => undefined });
    const seen: string[] = [];
    a.onEvery('test.crossed', ({ n }) => {
      seen.push(`a:${n}`);
    });
    b.onEvery('test.crossed', ({ n }) => {
      seen.push(`b:${n}`);
    });
    await a.emit('test.crossed', { n: 7 });
    expect(seen).toEqual(['a:7']);
  });

  // Registered only where Redis is configured (CI sets REDIS_URL), like the PostgreSQL runs.
  if (redisUrl)
    it('runs onEvery handlers in every process and on handlers only in the emitting one', async () => {
      const a = busOnRedis();
      const b = busOnRedis();
      const seen: string[] = [];
      for (const [name, bus] of [
        ['a', a],
        ['b', b],
      ] as const) {
        bus.on('test.crossed', ({ n }) => {
          seen.push(`${name}:once:${n}`);
        });
        bus.onEvery('test.crossed', ({ n }) => {
          seen.push(`${name}:every:${n}`);
        });
      }
      // Both subscriptions confirmed by Redis before publishing (a fixed 100 ms wait was not
      // always enough on a loaded machine: b missed the message).
      await Promise.all([a.listening, b.listening]);
      await a.emit('test.crossed', { n: 1 });
      await until(() => seen.includes('b:every:1'));
      expect(seen.sort()).toEqual(['a:every:1', 'a:once:1', 'b:every:1']);
    });
});
