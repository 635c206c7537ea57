import type { Redis } from 'ioredis';

/**
 * Counting limiter for failed logins: per account and per client address. In memory for one
 * process; in Redis (shared by every API process) when REDIS_URL is set.
 */
export interface RateLimiter {
  /** Counts one event under `key` and returns how many fell in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** How many events are counted now, without adding one. */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowSeconds) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowSeconds * 1000 };
      entry.count += 1;
      counters.set(key, entry);
      if (counters.size > 100_000) {
        for (const [k, v] of counters) if (v.resetAt <= now()) counters.delete(k);
      }
      return entry.count;
    },
    async peek(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

export function redisRateLimiter(redis: Redis, prefix = 'apothecall:rl:'): RateLimiter {
  return {
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const results = await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
      const count = results?.[0]?.[1];
      return typeof count === 'number' ? count : Number(count ?? 0);
    },
    async peek(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
