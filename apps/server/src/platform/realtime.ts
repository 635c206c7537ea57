import {
  handshakeAuthSchema,
  type PingAck,
  realtimeEvents,
  realtimeUnauthorized,
} from '@apothecall/domain/realtime/realtime.events';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { SessionsService } from './sessions/sessions.service';

export interface Realtime {
  readonly io: Server;
  close(): Promise<void>;
}

/**
 * socket.io on the API's own HTTP server at /socket.io. The session token travels in the
 * handshake `auth` payload (never the URL); an unknown, idle or revoked token is refused.
 * With REDIS_URL set, the Redis adapter fans events out across API processes.
 */
export function attachRealtime(
  app: FastifyInstance,
  opts: { sessions: SessionsService; redisUrl: string | undefined },
): Realtime {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (opts.redisUrl) {
    pub = new Redis(opts.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    sub = pub.duplicate();
    pub.on('error', (err) => app.log.warn({ err: err.message }, 'redis publisher error'));
    sub.on('error', (err) => app.log.warn({ err: err.message }, 'redis subscriber error'));
    io.adapter(createAdapter(pub, sub));
  }

  io.use((socket, next) => {
    const auth = handshakeAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success || !('token' in auth.data)) return next(new Error(realtimeUnauthorized));
    opts.sessions.resolve(auth.data.token).then(
      (resolved) => {
        if (!resolved.ok) return next(new Error(realtimeUnauthorized));
        socket.data.accountId = resolved.accountId;
        socket.data.sessionId = resolved.sessionId;
        void socket.join(`account:${resolved.accountId}`);
        next();
      },
      () => next(new Error(realtimeUnauthorized)),
    );
  });

  io.on('connection', (socket) => {
    socket.on(realtimeEvents.ping, (ack: unknown) => {
      if (typeof ack === 'function')
        ack({ ok: true, at: new Date().toISOString() } satisfies PingAck);
    });
  });

  return {
    io,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify closes itself
      // after letting in-flight requests finish.
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all([pub?.quit().catch(() => undefined), sub?.quit().catch(() => undefined)]);
    },
  };
}
