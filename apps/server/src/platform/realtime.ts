import {
  handshakeAuthSchema,
  type PingAck,
  realtimeEvents,
  realtimeUnauthorized,
  realtimeUnavailable,
} from '@apothecall/domain/realtime/realtime.events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { disconnectRedis } from './redis-disconnect';
import type { SessionsService } from './sessions/sessions.service';

/** Resolves a meet token (the SMS link's visit-scoped credential), given by the care area. */
export type MeetTokenResolver = (
  token: string,
) => Promise<{ accountId: string; visitId: string } | null>;

export interface Realtime {
  readonly io: Server;
  /** Feature handlers for each authenticated connection (areas' modules give them). */
  onConnection(handler: (socket: Socket) => void): void;
  /** Lets meet tokens in (the care area owns them); until then they are refused. */
  useMeetTokens(resolver: MeetTokenResolver): void;
  /** Sends an event to every socket of an account, on every API process. */
  push(accountId: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

/** Who a socket speaks for. A meet socket (SMS link) may only join its one visit. */
export interface SocketIdentity {
  accountId: string;
  sessionId: string | null;
  token: string | null;
  meetVisitId: string | null;
  /** Kept in memory only, to check the meet token again while the socket lives. */
  meetToken?: string | null;
}

export function socketIdentity(socket: Socket): SocketIdentity {
  return socket.data as SocketIdentity;
}

/** One function for every socket (no closure a socket): proves the connection is authenticated. */
function answerPing(ack: unknown): void {
  if (typeof ack === 'function') ack({ ok: true, at: new Date().toISOString() } satisfies PingAck);
}

/** How often (at most) a live socket's session is checked again while it sends events. */
const recheckEveryMs = 5_000;

/**
 * socket.io on the API's own HTTP server at /socket.io. The session token travels in the
 * handshake `auth` payload (never the URL); an unknown, idle or revoked token is refused. A
 * revoked session's sockets are told (`sessionEnded`) and disconnected at once, on every API
 * process (the Redis adapter carries the disconnect); a socket whose session went idle or
 * expired is disconnected at its next event. With REDIS_URL set, the Redis adapter fans events
 * out across API processes.
 */
export function attachRealtime(
  app: FastifyInstance,
  opts: {
    sessions: SessionsService;
    redisUrl: string | undefined;
    /** Other origins whose pages may open a socket: the native apps' web views. */
    corsOrigins?: readonly string[];
    /** Resolves a meet token; an area may also give it later with `useMeetTokens`. */
    resolveMeetToken?: MeetTokenResolver;
    now?: () => Date;
    /** How often every socket's session or meet token is checked again (default 30 s). */
    recheckIntervalMs?: number;
  },
): Realtime {
  // Signalling and chat packets are small: a 128 KB cap (default 1 MB) bounds what one client
  // can make the server parse.
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: 128 * 1024,
    ...(opts.corsOrigins?.length ? { cors: { origin: [...opts.corsOrigins] } } : {}),
  });
  const nowMs = () => (opts.now ? opts.now() : new Date()).getTime();
  let resolveMeetToken = opts.resolveMeetToken;
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (opts.redisUrl) {
    // The adapter never handles its publish/subscribe promises: one rejected while Redis is
    // away would end the process (unhandled rejection). So commands wait for the connection
    // (null: no retry limit) and ioredis subscribes again when it is back. The outage is
    // logged once, not at every reconnection attempt.
    pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: null });
    sub = pub.duplicate();
    let outage = false;
    const lost = (err: Error) => {
      if (outage) return;
      outage = true;
      app.log.warn(
        { err: err.message },
        'Redis is not answering: socket events stay on this process',
      );
    };
    const back = () => {
      if (!outage) return;
      outage = false;
      app.log.info({}, 'Redis answers again: socket events reach every process again');
    };
    pub.on('error', lost);
    sub.on('error', lost);
    pub.on('ready', back);
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error(realtimeUnauthorized));
    if ('meetToken' in auth.data) {
      const meetToken = auth.data.meetToken;
      const resolver = resolveMeetToken;
      if (!resolver) return next(new Error(realtimeUnauthorized));
      resolver(meetToken).then(
        (meet) => {
          if (!meet) return next(new Error(realtimeUnauthorized));
          socket.data = {
            accountId: meet.accountId,
            sessionId: null,
            token: null,
            meetVisitId: meet.visitId,
            meetToken,
          } satisfies SocketIdentity;
          void socket.join(`meet:${meet.accountId}`);
          next();
        },
        () => next(new Error(realtimeUnavailable)),
      );
      return;
    }
    const token = auth.data.token;
    // Connecting is not activity (the page's own requests are): a reconnect storm after a
    // restart reads each session and writes none.
    opts.sessions.resolve(token, { touch: false }).then(
      (resolved) => {
        if (!resolved.ok) return next(new Error(realtimeUnauthorized));
        socket.data = {
          accountId: resolved.accountId,
          sessionId: resolved.sessionId,
          token,
          meetVisitId: null,
        } satisfies SocketIdentity;
        void socket.join(`account:${resolved.accountId}`);
        void socket.join(`session:${resolved.sessionId}`);
        next();
      },
      // Not checked (the database did not answer) is not refused: the client keeps its session.
      () => next(new Error(realtimeUnavailable)),
    );
  });

  const end = (target: { emit: Server['emit']; disconnectSockets(close?: boolean): void }) => {
    target.emit(realtimeEvents.sessionEnded, {});
    target.disconnectSockets(true);
  };
  opts.sessions.onRevoked((revoked) => {
    if (revoked.kind === 'session') {
      end(io.in(`session:${revoked.sessionId}`));
      return;
    }
    // The account's sessions ended for good (password change or reset, removal): its meet
    // links' sockets go too.
    end(io.in(`meet:${revoked.accountId}`));
    const room = io.in(`account:${revoked.accountId}`);
    if (!revoked.exceptSessionId) {
      end(room);
      return;
    }
    const keep = revoked.exceptSessionId;
    room.fetchSockets().then(
      (sockets) => {
        for (const s of sockets) {
          if ((s.data as SocketIdentity).sessionId === keep) continue;
          s.emit(realtimeEvents.sessionEnded, {});
          s.disconnect(true);
        }
      },
      (err: unknown) =>
        app.log.warn({ err: err instanceof Error ? err.message : 'error' }, 'socket revoke failed'),
    );
  });

  const handlers: ((socket: Socket) => void)[] = [];

  // A socket that only listens must not outlive its session or meet token: every socket of this
  // process is checked again regularly, without counting as activity. One timer for the process
  // (not one a socket), and one check per distinct token however many sockets share it.
  const recheckAll = async () => {
    const byCredential = new Map<string, Socket[]>();
    for (const socket of io.of('/').sockets.values()) {
      const { token, meetToken } = socketIdentity(socket);
      const key = token ? `s:${token}` : meetToken ? `m:${meetToken}` : '';
      const list = byCredential.get(key);
      if (list) list.push(socket);
      else byCredential.set(key, [socket]);
    }
    for (const [key, sockets] of byCredential) {
      const value = key.slice(2);
      const stillValid = key.startsWith('s:')
        ? await opts.sessions.resolve(value, { touch: false }).then(
            (r) => r.ok,
            () => true,
          )
        : key.startsWith('m:') && resolveMeetToken
          ? await resolveMeetToken(value).then(
              (m) => m !== null,
              () => true,
            )
          : false;
      if (stillValid) continue;
      for (const socket of sockets) {
        socket.emit(realtimeEvents.sessionEnded, {});
        socket.disconnect(true);
      }
    }
  };
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    recheckAll()
      .catch(() => undefined)
      .finally(() => {
        rechecking = false;
      });
  }, opts.recheckIntervalMs ?? 30_000);
  recheck.unref();
  io.on('connection', (socket) => {
    let checkedAt = nowMs();
    socket.use((_packet, next) => {
      const { token } = socketIdentity(socket);
      if (!token || nowMs() - checkedAt < recheckEveryMs) return next();
      opts.sessions.resolve(token).then(
        (resolved) => {
          if (resolved.ok) {
            checkedAt = nowMs();
            return next();
          }
          socket.emit(realtimeEvents.sessionEnded, {});
          socket.disconnect(true);
        },
        () => next(new Error(realtimeUnauthorized)),
      );
    });
    socket.on(realtimeEvents.ping, answerPing);
    for (const handler of handlers) handler(socket);
  });

  return {
    io,
    onConnection(handler) {
      handlers.push(handler);
    },
    useMeetTokens(resolver) {
      resolveMeetToken = resolver;
    },
    push(accountId, event, payload) {
      io.to(`account:${accountId}`).emit(event, payload);
    },
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself
      // after letting in-flight requests finish.
      // This process's sockets only: `io.disconnectSockets` would ask every API process (through
      // Redis) to drop its clients too, and with Redis away that request never settles.
      clearInterval(recheck);
      io.local.disconnectSockets(true);
      io.engine.close();
      if (pub) disconnectRedis(pub);
      if (sub) disconnectRedis(sub);
    },
  };
}
