import { createServer, type Socket } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { disconnectRedis } from './redis-disconnect';

/**
 * Shutting down while Redis does not answer: commands that wait for it (no retry limit, as the
 * socket adapter's and the event subscriber's clients do) are rejected when the connection
 * closes, and nobody handled their promises. Those rejections must not surface as unhandled
 * at shutdown (one failed a clean-clone CI run through redis-outage.int.test.ts).
 */
describe('disconnecting from a Redis that does not answer', () => {
  it('leaves no unhandled rejection for the commands still waiting', async () => {
    // A Redis that accepts the connection and never answers: commands wait in ioredis's queue.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const client = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: null });
      client.on('error', () => undefined);
      // Sent the way socket.io's adapter sends: the promises are dropped.
      void client.publish('channel', 'message');
      void client.psubscribe('pattern*');
      await new Promise((resolve) => setTimeout(resolve, 100));
      disconnectRedis(client);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    expect(unhandled).toEqual([]);
  });
});
