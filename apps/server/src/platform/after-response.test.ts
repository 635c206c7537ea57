import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterResponse, trackResponses } from './after-response';

describe('afterResponse', () => {
  it('runs a task a handler schedules only once its answer was sent, body or not', async () => {
    const app = Fastify();
    trackResponses(app);
    const ran: { route: string; answerSent: boolean }[] = [];
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/work',
        preHandler: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
        handler: async (_request, reply) => {
          await new Promise((resolve) => setImmediate(resolve));
          afterResponse(() => ran.push({ route: method, answerSent: reply.raw.writableFinished }));
          // Still in the handler: the task has not run.
          await new Promise((resolve) => setImmediate(resolve));
          return { ran: ran.length };
        },
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const got = await fetch(`${base}/work`);
      const posted = await fetch(`${base}/work`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ some: 'body' }),
      });
      expect(await got.json()).toEqual({ ran: 0 });
      expect(await posted.json()).toEqual({ ran: 1 });
      for (let i = 0; i < 50 && ran.length < 2; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(ran).toEqual([
        { route: 'GET', answerSent: true },
        { route: 'POST', answerSent: true },
      ]);
    } finally {
      await app.close();
    }
  });

  it('runs a task scheduled outside any request on the next turn', async () => {
    let ran = false;
    afterResponse(() => {
      ran = true;
    });
    expect(ran).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toBe(true);
  });
});
