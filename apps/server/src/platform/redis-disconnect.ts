import type { Redis } from 'ioredis';

/** The part of ioredis's queues read here (internals, read defensively: absent means none). */
interface QueuedCommands {
  offlineQueue?: { toArray?: () => { command?: { promise?: Promise<unknown> } }[] };
  commandQueue?: { toArray?: () => { command?: { promise?: Promise<unknown> } }[] };
}

/**
 * Drops a Redis connection at once (not `quit()`: with Redis away or hung, that waits behind the
 * queued commands). ioredis rejects every command still queued with 'Connection is closed';
 * some were sent by code that never handles its promises (socket.io's Redis adapter, a
 * subscriber waiting for Redis to come back), so at shutdown those rejections would be
 * unhandled and could end the process with an error. They are expected here: marked handled.
 */
export function disconnectRedis(client: Redis): void {
  const queues = client as unknown as QueuedCommands;
  for (const queue of [queues.offlineQueue, queues.commandQueue]) {
    for (const item of queue?.toArray?.() ?? []) item.command?.promise?.catch(() => undefined);
  }
  client.disconnect();
}
