import type { Context, Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set:
 * one SERVER span per HTTP request, sent over OTLP/HTTP (JSON) to `<endpoint>/v1/traces`
 * (docs/operations.md, "Traces"). An incoming W3C `traceparent` makes the span part of the
 * caller's trace; the request runs inside the span's context (AsyncLocalStorage), so a span a
 * service starts (`trace.getTracer('apothecall').startActiveSpan`) becomes its child.
 *
 * The OpenTelemetry packages are loaded here, on first use (dynamic imports that the bundle keeps
 * as such): a server without the variable never loads them.
 *
 * Like the metrics, a span is named and labelled by the route pattern (`GET /api/notes/:id`),
 * never the concrete URL, the query, a header or a body: nothing in it can be PHI. Health checks
 * and /metrics are not traced.
 */
export interface TracingOptions {
  endpoint: string;
  serviceName: string;
  /** Share of new traces recorded, 0 to 1 (a caller's sampled flag is followed). */
  sampleRatio: number;
  version: string;
}

const untraced = new Set(['/metrics', '/api/health', '/api/health/live', '/api/health/ready']);

export async function registerTracing(
  app: FastifyInstance,
  options: TracingOptions,
): Promise<void> {
  const [api, core, resources, sdk, exporter, contextManager] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/context-async-hooks'),
  ]);
  const { SpanKind, SpanStatusCode, ROOT_CONTEXT, context, propagation, trace } = api;

  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': options.serviceName,
      'service.version': options.version,
    }),
    sampler: new sdk.ParentBasedSampler({
      root: new sdk.TraceIdRatioBasedSampler(options.sampleRatio),
    }),
    spanProcessors: [
      new sdk.BatchSpanProcessor({
        exporter: new exporter.OTLPTraceExporter({
          url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
        }),
      }),
    ],
  });
  // The process-wide registrations (the API refuses a second one): the latest app's win, which
  // matters only where one process builds several apps (the tests).
  context.disable();
  context.setGlobalContextManager(new contextManager.AsyncLocalStorageContextManager().enable());
  propagation.disable();
  propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  trace.disable();
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer('apothecall', options.version);

  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (request, _reply, done) => {
    const route = request.routeOptions.url;
    if (route && untraced.has(route)) {
      done();
      return;
    }
    const parent: Context = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      `${request.method} ${route ?? 'unmatched'}`,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': route ?? 'unmatched',
          'url.scheme': request.protocol,
        },
      },
      parent,
    );
    spans.set(request, span);
    // The rest of the request (its hooks, handler and what they await) runs in the span's
    // context.
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });

  app.addHook('onRequestAbort', async (request) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.request.aborted', true);
    span.end();
  });
  // Spans still batched are sent before the process lets go.
  app.addHook('onClose', async () => {
    await provider.shutdown();
  });
}
