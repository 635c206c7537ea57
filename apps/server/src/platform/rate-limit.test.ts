import { describe, expect, it } from 'vitest';
import { type LimiterRedis, memoryRateLimiter, redisRateLimiter } from './rate-limit';

/** A stand-in for the ioredis client: its status, and commands that answer or fail. */
function fakeRedis() {
  const store = new Map<string, number>();
  const state = { status: 'ready', failing: false };
  const fail = () => Promise.reject(new Error('Connection is closed.'));
  const redis = {
    get status() {
      return state.status;
    },
    multi() {
      let key = '';
      const chain = {
        incr(k: string) {
          key = k;
          return chain;
        },
        expire() {
          return chain;
        },
        exec: () => {
          if (state.failing) return fail();
          store.set(key, (store.get(key) ?? 0) + 1);
          return Promise.resolve([[null, store.get(key)]]);
        },
      };
      return chain;
    },
    get: (k: string) =>
      state.failing ? fail() : Promise.resolve(store.has(k) ? String(store.get(k)) : null),
    del: (k: string) => (state.failing ? fail() : Promise.resolve(Number(store.delete(k)))),
    pttl: (k: string) => (state.failing ? fail() : Promise.resolve(store.has(k) ? 90_500 : -2)),
  } as unknown as LimiterRedis;
  return { redis, state, store };
}

describe('redisRateLimiter', () => {
  it('counts in Redis while it answers', async () => {
    const { redis, store } = fakeRedis();
    const limiter = redisRateLimiter(redis);
    expect(await limiter.hit('k', 60)).toBe(1);
    expect(await limiter.hit('k', 60)).toBe(2);
    expect(await limiter.peek('k')).toBe(2);
    expect(store.get('apothecall:rl:k')).toBe(2);
    expect(await limiter.secondsLeft('k')).toBe(91);
    expect(await limiter.secondsLeft('none')).toBe(0);
    expect(limiter.health()).toBe('up');
  });

  it('counts in memory while Redis fails or is disconnected, says so once, and says when it is back', async () => {
    const { redis, state } = fakeRedis();
    const events: string[] = [];
    const limiter = redisRateLimiter(redis, {
      onDegraded: () => events.push('degraded'),
      onRecovered: () => events.push('recovered'),
    });
    state.failing = true;
    expect(await limiter.hit('k', 60)).toBe(1);
    expect(await limiter.hit('k', 60)).toBe(2);
    state.status = 'reconnecting';
    expect(await limiter.hit('k', 60)).toBe(3);
    expect(await limiter.peek('k')).toBe(3);
    expect(limiter.health()).toBe('degraded');
    expect(events).toEqual(['degraded']);
    await limiter.reset('k');
    expect(await limiter.peek('k')).toBe(0);

    state.status = 'ready';
    state.failing = false;
    expect(await limiter.hit('k', 60)).toBe(1);
    expect(limiter.health()).toBe('up');
    expect(events).toEqual(['degraded', 'recovered']);
  });

  it('treats a Redis that does not answer in time as away', async () => {
    const { redis } = fakeRedis();
    const hanging = {
      ...redis,
      status: 'ready',
      multi: () => ({
        incr() {
          return this;
        },
        expire() {
          return this;
        },
        exec: () => new Promise(() => undefined),
      }),
    } as unknown as LimiterRedis;
    const limiter = redisRateLimiter(hanging, { timeoutMs: 20 });
    expect(await limiter.hit('k', 60)).toBe(1);
    expect(limiter.health()).toBe('degraded');
  });
});

describe('memoryRateLimiter', () => {
  it('says how many seconds are left of a count, by its clock', async () => {
    let at = 1_000_000;
    const limiter = memoryRateLimiter(() => at);
    expect(await limiter.secondsLeft('k')).toBe(0);
    await limiter.hit('k', 3600);
    at += 3_599_001;
    expect(await limiter.secondsLeft('k')).toBe(1);
    at += 999;
    expect(await limiter.secondsLeft('k')).toBe(0);
    expect(await limiter.peek('k')).toBe(0);
  });
});
