import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers a private file through `sendPrivateFile` (`privateFileRoute`). */
    privateFile?: boolean;
  }
}

/**
 * Every download of the API (an uploaded file, an ID photo, a message's or an e-mail's
 * attachment, a generated PDF: note, receipt, prescription, consents, signed form) is sent by
 * `sendPrivateFile`, with the same headers:
 * - `Content-Type` as stored or generated, and `X-Content-Type-Options: nosniff`, so a browser
 *   never reads the bytes as anything else;
 * - `Content-Security-Policy: default-src 'none'; sandbox`: an uploaded HTML, SVG or PDF opened
 *   in a tab is a sandboxed document of an opaque origin, running no script in the app's origin
 *   and loading nothing;
 * - `Content-Disposition: attachment` (RFC 6266) with the exact name as `filename*` (UTF-8);
 * - `Cache-Control: no-store`: no browser or proxy keeps a copy;
 * - `Content-Length`: the body's length (a stream's from its stored size).
 *
 * A download route says so in its options (`...privateFileRoute`): `sendPrivateFile` refuses a
 * route that does not, and `guardPrivateFiles` refuses bytes an /api route sends any other way,
 * so a download cannot skip these headers; `privateFileRoutes` lists the routes (the tests fetch
 * each).
 */
export const privateFileRoute = { config: { privateFile: true } } as const;

export interface PrivateFile {
  /** The bytes, or a stream of them with their `size`. */
  body: Buffer | Readable;
  /** The number of bytes a stream holds (a Buffer's own length otherwise). */
  size?: number;
  contentType: string;
  /** The name it saves under (never a person's name; the caller chooses it). */
  filename: string;
  /** `attachment` (saved, the default) or `inline` (shown, still sandboxed). */
  disposition?: 'attachment' | 'inline';
}

/** The sandbox every private file is sent under: no script, no subresource, an opaque origin. */
export const privateFileCsp = "default-src 'none'; sandbox";

const sentAsPrivateFile = new WeakSet<FastifyReply>();

export function sendPrivateFile(reply: FastifyReply, file: PrivateFile): FastifyReply {
  const length = Buffer.isBuffer(file.body) ? file.body.length : file.size;
  const refusal =
    reply.routeOptions.config.privateFile !== true
      ? `${reply.routeOptions.url} sends a private file without privateFileRoute`
      : length === undefined
        ? 'a streamed private file needs its size'
        : undefined;
  if (refusal !== undefined || length === undefined) {
    if (!Buffer.isBuffer(file.body)) file.body.destroy();
    throw new Error(refusal);
  }
  sentAsPrivateFile.add(reply);
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(length))
    .header('content-disposition', contentDisposition(file.filename, file.disposition))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .header('content-security-policy', privateFileCsp)
    .send(file.body);
}

/** A generated PDF (a prescription, a note, a receipt, a form) sent as a private download. */
export function sendPrivatePdf(reply: FastifyReply, body: Buffer, filename: string): FastifyReply {
  return sendPrivateFile(reply, { body, contentType: 'application/pdf', filename });
}

/**
 * `attachment` (or `inline`) with the name twice (RFC 6266): an ASCII fallback (`filename`,
 * quotes, backslashes, `%` and non-ASCII replaced) and the exact UTF-8 name (`filename*`,
 * RFC 8187).
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const downloads = new WeakMap<FastifyInstance, string[]>();

/** `METHOD /path` of every route registered with `privateFileRoute`. */
export function privateFileRoutes(app: FastifyInstance): readonly string[] {
  return downloads.get(app) ?? [];
}

const isStream = (payload: unknown): boolean =>
  typeof (payload as { pipe?: unknown } | null)?.pipe === 'function';

/**
 * Registers the download routes as they are added, and refuses (500, logged) an /api answer
 * whose body is bytes (a Buffer or a stream) that `sendPrivateFile` did not send. The API docs
 * (/api/docs: swagger-ui's own static files) are the one exception.
 */
export function guardPrivateFiles(app: FastifyInstance): void {
  const list: string[] = [];
  downloads.set(app, list);
  app.addHook('onRoute', (route) => {
    if (route.config?.privateFile !== true) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') list.push(`${method} ${route.url}`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (sentAsPrivateFile.has(reply)) return payload;
    if (!Buffer.isBuffer(payload) && !isStream(payload)) return payload;
    const url = request.routeOptions.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return payload;
    if (isStream(payload)) (payload as Readable).destroy();
    throw new Error(`${url} sent bytes without sendPrivateFile`);
  });
}
