import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  databaseKinds,
  get,
  login,
  socketFor,
  startTestApp,
  type TestApp,
} from '../../test/harness';
import { outbox } from '../db/schema/platform';

/**
 * GET /metrics: Prometheus' text format behind METRICS_TOKEN. The text is
 * parsed as a scraper would read it, and every series the operators' docs name is asserted.
 */
const token = 'metrics-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The exposition format's sample lines (`name{a="b",...} value`); comments skipped. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1] ?? ''] = (l[2] ?? '').replace(/\\(.)/g, (_, c) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

describe.each(databaseKinds)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { METRICS_TOKEN: token });
    // Before the first scrape (the database-backed gauges are read at most every 10 s): a
    // message still to deliver, and one only kept in the outbox (not a backlog).
    await t.database.db.insert(outbox).values([
      { channel: 'email', recipient: 'x@example.test', status: 'sending', bodySealed: 'x' },
      { channel: 'sms', recipient: '+15005550006', status: 'outbox', bodySealed: 'x' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return { text: res.body, samples: parseExposition(res.body) };
  };

  it('is refused without the token, or with another one (401, nothing exposed)', async () => {
    const none = await t.fastify.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: true, errorCode: 'AUTH_REQUIRED' });
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expect(none.body).not.toContain('http_request_duration_seconds');
    const wrong = await t.fastify.inject({
      method: 'GET',
      url: '/metrics',
      headers: bearer(`${token}x`),
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.fastify.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${token}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('labels requests by route pattern, method and status class; no id in any label', async () => {
    const patient = await login(t);
    const noteId = randomUUID();
    const note = await get(t, `/api/notes/${noteId}`, patient);
    expect(note.statusCode).toBe(404);
    await t.fastify.inject({ method: 'GET', url: '/api/health' });
    await t.fastify.inject({ method: 'GET', url: `/api/no-such/${noteId}` });

    const { text, samples } = await scrape();
    const count = (route: string, method: string, statusClass: string) =>
      samples.find(
        (s) =>
          s.name === 'http_request_duration_seconds_count' &&
          s.labels.route === route &&
          s.labels.method === method &&
          s.labels.status_class === statusClass,
      )?.value;
    expect(count('/api/notes/:id', 'GET', '4xx')).toBe(1);
    expect(count('/api/account/token', 'POST', '2xx')).toBeGreaterThanOrEqual(1);
    expect(count('/api/health', 'GET', '2xx')).toBeGreaterThanOrEqual(1);
    // An unknown path is one series, whatever the path was.
    expect(count('unmatched', 'GET', '4xx')).toBeGreaterThanOrEqual(1);
    expect(
      samples.some((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.le),
    ).toBe(true);
    // No concrete URL anywhere: neither the id nor the unknown path.
    expect(text).not.toContain(noteId);
    expect(text).not.toContain('no-such');
    for (const s of samples) {
      for (const value of Object.values(s.labels)) {
        expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
      }
    }
  });

  it('has the process, event loop, socket, job and outbox series (and the pool on PostgreSQL)', async () => {
    const socket = await socketFor(t, await login(t));
    const { samples } = await scrape();
    socket.close();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'apothecall_info',
      'apothecall_socketio_connected_sockets',
      'apothecall_jobs',
      'apothecall_outbox_backlog_messages',
      'apothecall_metrics_refresh_failed',
    ]) {
      expect(names, name).toContain(name);
    }
    const one = (name: string, labels: Record<string, string> = {}) =>
      samples.find(
        (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
      )?.value;
    expect(one('apothecall_info', { database: kind })).toBe(1);
    expect(one('apothecall_socketio_connected_sockets')).toBe(1);
    expect(one('apothecall_metrics_refresh_failed')).toBe(0);
    // Every job queue the app defines, in each state.
    for (const state of ['deferred', 'blocked', 'ready', 'active', 'failed']) {
      expect(one('apothecall_jobs', { queue: 'outbox.deliver', state }), state).toBeTypeOf(
        'number',
      );
    }
    expect(one('apothecall_jobs', { queue: 'dead-letter', state: 'ready' })).toBeTypeOf('number');
    expect(one('apothecall_outbox_backlog_messages', { channel: 'email', status: 'sending' })).toBe(
      1,
    );
    expect(
      samples.filter((s) => s.name === 'apothecall_outbox_backlog_messages').map((s) => s.labels),
    ).toEqual([{ channel: 'email', status: 'sending' }]);
    if (kind === 'postgres') {
      expect(one('apothecall_db_pool_max_connections')).toBe(20);
      expect(one('apothecall_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(one('apothecall_db_pool_idle_connections')).toBeTypeOf('number');
      expect(one('apothecall_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(names).not.toContain('apothecall_db_pool_connections');
    }
  });
});

describe.each(databaseKinds.slice(0, 1))('without METRICS_TOKEN, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves no /metrics at all (404, even with a token)', async () => {
    const res = await t.fastify.inject({ method: 'GET', url: '/metrics', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_cpu');
  });
});
