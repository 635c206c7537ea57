import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { appErrors } from './errors';
import type { QueueCount } from './jobs/jobs';

/**
 * GET /metrics in Prometheus' text format (prom-client), for a scraper holding METRICS_TOKEN
 * (docs/operations.md, "Metrics"). Off, and no route at all, without the token.
 *
 * Labels never carry a concrete URL, an id or anything about a person: a request is labelled by
 * its route pattern (`/api/notes/:id`), its method and its status class; a request no route
 * matched is `route="unmatched"`. The database-backed gauges (jobs, outbox) are read at most once
 * per `refreshSeconds`, however often the scraper asks, and each read is bounded in time.
 */
export interface MetricsSources {
  /** The app's PostgreSQL pool (PGlite: undefined, one in-process connection). */
  pool: (() => PoolStats) | undefined;
  /** socket.io connections open on this process. */
  sockets: () => number;
  /** pg-boss's counters per queue and state. */
  jobs: () => Promise<QueueCount[]>;
  /** Messages still to deliver. */
  outboxBacklog: () => Promise<{ channel: string; status: string; count: number }[]>;
  version: string;
  databaseKind: 'pglite' | 'postgres';
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function registerMetrics(
  app: FastifyInstance,
  options: { token: string; sources: MetricsSources; refreshSeconds?: number },
): void {
  const { sources } = options;
  const registry = new Registry();
  // Process and runtime: CPU, memory, heap, GC, handles, event loop lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry });

  new Gauge({
    name: 'apothecall_info',
    help: 'Always 1; the labels say which version runs on which database.',
    labelNames: ['version', 'database'],
    registers: [registry],
  })
    .labels(sources.version, sources.databaseKind)
    .set(1);

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class, in seconds.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (route === '/metrics') return;
    duration.observe(
      {
        method: knownMethods.has(request.method) ? request.method : 'OTHER',
        route: route ?? 'unmatched',
        status_class: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  if (sources.pool) {
    const pool = sources.pool;
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    poolGauge('apothecall_db_pool_connections', 'PostgreSQL connections open.', (s) => s.total);
    poolGauge('apothecall_db_pool_idle_connections', 'Open connections idle.', (s) => s.idle);
    poolGauge(
      'apothecall_db_pool_waiting_requests',
      'Queries waiting for a connection (the pool is at its maximum).',
      (s) => s.waiting,
    );
    poolGauge('apothecall_db_pool_max_connections', 'The pool maximum.', (s) => s.max);
  }

  new Gauge({
    name: 'apothecall_socketio_connected_sockets',
    help: 'socket.io connections open on this process.',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  const jobs = new Gauge({
    name: 'apothecall_jobs',
    help: "Jobs per queue and state, as pg-boss's monitor last counted them.",
    labelNames: ['queue', 'state'],
    registers: [registry],
  });
  const outbox = new Gauge({
    name: 'apothecall_outbox_backlog_messages',
    help: 'E-mails and SMS still to deliver (sending, or failed with a retry ahead).',
    labelNames: ['channel', 'status'],
    registers: [registry],
  });
  const refreshFailures = new Gauge({
    name: 'apothecall_metrics_refresh_failed',
    help: '1 when the last read of the database-backed gauges failed or timed out (they keep their earlier values).',
    registers: [registry],
  });

  const refreshMs = (options.refreshSeconds ?? 10) * 1000;
  let lastRefresh = 0;
  let refreshing: Promise<void> | undefined;
  const refresh = async () => {
    try {
      const [queueCounts, backlog] = await within(
        2_000,
        Promise.all([sources.jobs(), sources.outboxBacklog()]),
      );
      jobs.reset();
      for (const c of queueCounts) jobs.labels(c.queue, c.state).set(c.count);
      outbox.reset();
      for (const b of backlog) outbox.labels(b.channel, b.status).set(b.count);
      refreshFailures.set(0);
    } catch {
      refreshFailures.set(1);
    }
    lastRefresh = Date.now();
  };

  const expected = digest(options.token);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization;
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw appErrors.authRequired();
    }
    if (Date.now() - lastRefresh >= refreshMs) {
      refreshing ??= refresh().finally(() => {
        refreshing = undefined;
      });
    }
    if (refreshing) await refreshing;
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return await registry.metrics();
  });
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

async function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('metrics refresh timed out')), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
