import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, startTestApp, type TestApp } from '../../test/harness';
import { registerTracing } from './tracing';

/**
 * OpenTelemetry traces: with OTEL_EXPORTER_OTLP_ENDPOINT set, each request
 * is a SERVER span sent over OTLP/HTTP; here to a loopback receiver standing in for a collector.
 */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

function otlpReceiver(): { server: Server; bodies: string[]; spans: () => OtlpSpan[] } {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  const spans = () =>
    bodies.flatMap((body) =>
      (
        JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        }
      ).resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
    );
  return { server, bodies, spans };
}

const attribute = (span: OtlpSpan | undefined, key: string) => {
  const value = span?.attributes.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
};

describe('OpenTelemetry traces to an OTLP/HTTP collector', () => {
  let receiver: ReturnType<typeof otlpReceiver>;
  let t: TestApp;
  const traceId = randomBytes(16).toString('hex');
  const parentSpanId = randomBytes(8).toString('hex');
  const noteId = randomUUID();

  beforeAll(async () => {
    receiver = otlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    t = await startTestApp('pglite', {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`,
      OTEL_SERVICE_NAME: 'apothecall-test',
    });
    const token = await login(t);
    await t.fastify.inject({
      method: 'GET',
      url: `/api/notes/${noteId}?q=secret`,
      headers: { ...bearer(token), traceparent: `00-${traceId}-${parentSpanId}-01` },
    });
    await t.fastify.inject({ method: 'GET', url: '/api/health' });
    // Closing the app flushes the spans still batched.
    await t.close();
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  });

  it('sends a SERVER span per request, named by its route pattern, in the caller’s trace', () => {
    const spans = receiver.spans();
    const note = spans.find((s) => s.name === 'GET /api/notes/:id');
    expect(note, JSON.stringify(spans.map((s) => s.name))).toBeDefined();
    expect(note?.kind).toBe(2); // SPAN_KIND_SERVER
    expect(note?.traceId).toBe(traceId);
    expect(note?.parentSpanId).toBe(parentSpanId);
    expect(attribute(note, 'http.route')).toBe('/api/notes/:id');
    expect(attribute(note, 'http.request.method')).toBe('GET');
    expect(Number(attribute(note, 'http.response.status_code'))).toBe(404);
    // The login too, in a trace of its own.
    const token = spans.find((s) => s.name === 'POST /api/account/token');
    expect(token).toBeDefined();
    expect(token?.traceId).not.toBe(traceId);
    const resource = JSON.stringify(JSON.parse(receiver.bodies[0] ?? '{}').resourceSpans[0]);
    expect(resource).toContain('apothecall-test');
  });

  it('sends no URL, id, query or credentials, and leaves health checks out', () => {
    const all = receiver.bodies.join('\n');
    expect(all).not.toContain(noteId);
    expect(all).not.toContain('secret');
    expect(all).not.toContain('patient@apothecall.test');
    expect(all).not.toContain('Bearer');
    expect(receiver.spans().some((s) => s.name.includes('/api/health'))).toBe(false);
  });
});

describe('a span started while a request runs', () => {
  it('is a child of the request span (the request runs in its context)', async () => {
    const receiver = otlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.server.address() as AddressInfo;
    const app = Fastify();
    await registerTracing(app, {
      endpoint: `http://127.0.0.1:${port}`,
      serviceName: 'apothecall-test',
      sampleRatio: 1,
      version: 'test',
    });
    app.get('/work/:id', async () => {
      await new Promise((r) => setTimeout(r, 5));
      return trace.getTracer('apothecall').startActiveSpan('service work', async (span) => {
        await new Promise((r) => setTimeout(r, 5));
        span.end();
        return { ok: true };
      });
    });
    expect((await app.inject({ method: 'GET', url: '/work/1' })).statusCode).toBe(200);
    await app.close();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    const spans = receiver.spans();
    const request = spans.find((s) => s.name === 'GET /work/:id');
    const work = spans.find((s) => s.name === 'service work');
    expect(request).toBeDefined();
    expect(work?.traceId).toBe(request?.traceId);
    expect(work?.parentSpanId).toBe(request?.spanId);
  });
});
