import { Redis } from 'ioredis';
import { disconnectRedis } from './redis-disconnect';

/**
 * Counting limiter (failed logins, reset requests, prepay token sends...). In memory for one
 * process; in Redis (shared by every API process) when REDIS_URL is set. Redis is a shared convenience, not a
 * dependency: while it does not answer, the counts are kept in this process's memory (each
 * process then counts on its own) and every call keeps working.
 */
export interface RateLimiter {
  /** Counts one event under `key` and returns how many fell in the current window. */
  hit(key: string, windowSeconds: number): Promise<number>;
  /** How many events are counted now, without adding one. */
  peek(key: string): Promise<number>;
  /** Seconds until the count under `key` ends (rounded up); 0 when nothing is counted. */
  secondsLeft(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

/** Where the counts live: this process only, Redis, or this process while Redis is away. */
export type LimiterHealth = 'memory' | 'up' | 'degraded';

export interface SharedRateLimiter extends RateLimiter {
  /** 'memory' without REDIS_URL; 'up' while Redis answers; 'degraded' while it does not. */
  health(): LimiterHealth;
  /**
   * Asks Redis now (PING, answered within `timeoutMs`): 'memory' without REDIS_URL, 'up' when it
   * answered, 'down' otherwise. For the readiness check; health() is what the limiter last saw.
   */
  ping(timeoutMs?: number): Promise<'memory' | 'up' | 'down'>;
  close(): Promise<void>;
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
    async secondsLeft(key) {
      const entry = live(key);
      return entry ? Math.ceil((entry.resetAt - now()) / 1000) : 0;
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

/** The Redis commands the limiter uses (an ioredis client satisfies it). */
export type LimiterRedis = Pick<Redis, 'status' | 'multi' | 'get' | 'del' | 'pttl'>;

export interface RedisLimiterOptions {
  prefix?: string;
  /** Where counts go while Redis does not answer; default a fresh memory limiter. */
  fallback?: RateLimiter;
  /** A Redis call slower than this counts as Redis not answering (default 500 ms). */
  timeoutMs?: number;
  /** Told once when the counts move to memory, with what went wrong. */
  onDegraded?: (error: unknown) => void;
  /** Told once when Redis answers again. */
  onRecovered?: () => void;
}

/**
 * Counts in Redis; while Redis is not connected, fails or is slow, counts in memory instead (so
 * a login or a reset request never fails because Redis is away), and tells `onDegraded` once
 * per outage. A command is only sent while the client is connected, so nobody waits for
 * reconnection attempts.
 */
export function redisRateLimiter(
  redis: LimiterRedis,
  options: RedisLimiterOptions | string = {},
): RateLimiter & { health(): 'up' | 'degraded' } {
  const opts = typeof options === 'string' ? { prefix: options } : options;
  const prefix = opts.prefix ?? 'apothecall:rl:';
  const fallback = opts.fallback ?? memoryRateLimiter();
  const timeoutMs = opts.timeoutMs ?? 500;
  let degraded = false;

  const markDegraded = (error: unknown) => {
    if (degraded) return;
    degraded = true;
    opts.onDegraded?.(error);
  };
  const markUp = () => {
    if (!degraded) return;
    degraded = false;
    opts.onRecovered?.();
  };

  async function withRedis<T>(command: () => Promise<T>, inMemory: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') {
      // Still connecting at start-up is not an outage; anything else is.
      if (redis.status !== 'connecting' && redis.status !== 'wait') {
        markDegraded(new Error(`redis ${redis.status}`));
      }
      return inMemory();
    }
    let timer: NodeJS.Timeout | undefined;
    // When the timeout wins, the command may still fail later (Redis gone: "Connection is
    // closed"); that late failure is expected and must not surface as an unhandled rejection.
    const pending = command();
    pending.catch(() => undefined);
    try {
      const result = await Promise.race([
        pending,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('redis timeout')), timeoutMs);
        }),
      ]);
      markUp();
      return result;
    } catch (error) {
      markDegraded(error);
      return inMemory();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    hit(key, windowSeconds) {
      const k = prefix + key;
      return withRedis(
        async () => {
          const results = await redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec();
          const [incrError, count] = results?.[0] ?? [new Error('redis: no reply'), 0];
          if (incrError) throw incrError;
          return typeof count === 'number' ? count : Number(count ?? 0);
        },
        () => fallback.hit(key, windowSeconds),
      );
    },
    peek(key) {
      return withRedis(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => fallback.peek(key),
      );
    },
    secondsLeft(key) {
      return withRedis(
        // PTTL: -2 no key, -1 no expiry (never left by hit's EXPIRE NX): both count as none.
        async () => Math.max(0, Math.ceil(Number(await redis.pttl(prefix + key)) / 1000)),
        () => fallback.secondsLeft(key),
      );
    },
    async reset(key) {
      // Both places: a count taken in memory during an outage ends too.
      await fallback.reset(key);
      await withRedis(
        async () => {
          await redis.del(prefix + key);
        },
        async () => undefined,
      );
    },
    health() {
      return redis.status === 'ready' && !degraded ? 'up' : 'degraded';
    },
  };
}

/** What the limiter tells the operator: once when Redis goes away, once when it is back. */
export interface LimiterLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The app's limiter: in memory without `redisUrl`; otherwise shared in Redis, falling back to
 * memory while Redis is away (logged once per outage, never per reconnection attempt).
 */
export function createRateLimiter(opts: {
  redisUrl: string | undefined;
  log: LimiterLog;
  timeoutMs?: number;
  /** The clock of the in-memory counts (tests move it); default the system clock. */
  now?: () => number;
}): SharedRateLimiter {
  if (!opts.redisUrl) {
    const memory = memoryRateLimiter(opts.now);
    return {
      ...memory,
      health: () => 'memory',
      ping: async () => 'memory',
      close: async () => undefined,
    };
  }
  const client = new Redis(opts.redisUrl, {
    // Never queue a limiter command while disconnected: the memory fallback answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  const summary = (error: unknown) => ({
    name: error instanceof Error ? error.name : 'Error',
    code: (error as { code?: unknown })?.code,
  });
  let outage = false;
  const degraded = (error: unknown) => {
    if (outage) return;
    outage = true;
    opts.log.warn(
      { error: summary(error) },
      'Redis is not answering: rate-limit counters are kept in memory (per process) until it is back',
    );
  };
  const recovered = () => {
    if (!outage) return;
    outage = false;
    opts.log.info({}, 'Redis answers again: rate-limit counters are shared in Redis again');
  };
  // ioredis reports every failed reconnection attempt; the operator hears of the outage once.
  client.on('error', degraded);
  client.on('ready', recovered);
  const limiter = redisRateLimiter(client, {
    ...(opts.timeoutMs ? { timeoutMs: opts.timeoutMs } : {}),
    fallback: memoryRateLimiter(opts.now),
    onDegraded: degraded,
    onRecovered: recovered,
  });
  return {
    ...limiter,
    health: () => (!outage && client.status === 'ready' ? 'up' : 'degraded'),
    async ping(timeoutMs = 1_000) {
      // No offline queue: a PING while disconnected is refused at once.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'down'>((resolve) => {
        timer = setTimeout(() => resolve('down'), timeoutMs);
      });
      const answer = client.ping().then(
        (reply) => (reply === 'PONG' ? ('up' as const) : ('down' as const)),
        () => 'down' as const,
      );
      try {
        return await Promise.race([answer, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      disconnectRedis(client);
    },
  };
}
