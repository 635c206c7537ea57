import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import type { FastifyRequest } from 'fastify';
import { appErrors } from './errors';

/** Where a call came from, as the HTTP or socket layer saw it (for the audit trail). */
export interface RequestOrigin {
  ip: string;
  requestId: string;
}

/** The brand (white-label) a call is made under. */
export interface BrandRef {
  id: string;
  name: string;
}

/** Anyone calling, logged in or not: where from, in which language and time zone, under which brand. */
export interface Caller extends RequestOrigin {
  lang: Lang;
  timeZone: string;
  /** The brand of the call (host name, or the `brand` parameter); looked up once, when asked. */
  brand(): Promise<BrandRef>;
}

/**
 * Who is calling, for whom, from where: the one actor every service takes. Built once per request
 * by `actorOf` (HTTP) or per event by the socket layer. `accountId` is the session's account; a
 * meet-link socket has no session and may act only on `meetVisitId`.
 */
export interface Actor extends Caller {
  accountId: string;
  sessionId: string | null;
  meetVisitId: string | null;
}

/** Resolves the brand of a request (the brands area's port, handed to the HTTP layer). */
export type BrandResolver = (where: {
  host: string;
  brandKey: string | undefined;
}) => Promise<BrandRef>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Memo of `callerOf`/`actorOf` for this request. */
    callerMemo: Caller | undefined;
  }
  interface FastifyInstance {
    brandResolver: BrandResolver;
  }
}

export function originOf(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, requestId: String(request.id) };
}

/** The host name the browser used (behind a trusted proxy: the forwarded host). */
export function hostOf(request: FastifyRequest): string {
  return request.hostname ?? '';
}

function memoBrand(resolve: () => Promise<BrandRef>): () => Promise<BrandRef> {
  let found: Promise<BrandRef> | undefined;
  return () => {
    found ??= resolve();
    return found;
  };
}

/** The caller of any route, logged in or not. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.callerMemo) return request.callerMemo;
  const resolver = request.server.brandResolver;
  const caller: Caller = {
    ...originOf(request),
    lang: request.lang,
    timeZone: request.timeZone,
    brand: memoBrand(() => resolver({ host: hostOf(request), brandKey: request.brandId })),
  };
  request.callerMemo = caller;
  return caller;
}

/** The actor of a route behind `requireSession` (it always has a session). */
export function actorOf(request: FastifyRequest): Actor & { sessionId: string } {
  const auth = request.auth;
  if (!auth) throw appErrors.authRequired();
  return {
    ...callerOf(request),
    accountId: auth.accountId,
    sessionId: auth.sessionId,
    meetVisitId: null,
  };
}
