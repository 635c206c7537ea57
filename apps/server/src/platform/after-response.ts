import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * Work a request causes that its caller need not wait for (telling a queue's waiters it moved):
 * `afterResponse(task)` runs the task once the answer has been handed to the client (or the client
 * went away), so the caller is answered first. Outside a request (a socket handler, a job) the
 * task runs on the next turn of the event loop.
 */
interface Pending {
  tasks: (() => void)[];
  answered: boolean;
}

const current = new AsyncLocalStorage<Pending>();

export function afterResponse(task: () => void): void {
  const pending = current.getStore();
  if (pending && !pending.answered) pending.tasks.push(task);
  else setImmediate(task);
}

declare module 'fastify' {
  interface FastifyRequest {
    afterResponse: Pending | undefined;
  }
}

/** The hooks that give every request its list (registered once, on the root instance). */
export function trackResponses(app: FastifyInstance): void {
  app.decorateRequest('afterResponse', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const pending: Pending = { tasks: [], answered: false };
    request.afterResponse = pending;
    // 'close' follows 'finish' once the answer is sent, and also comes when the client left.
    reply.raw.once('close', () => {
      pending.answered = true;
      for (const task of pending.tasks.splice(0)) setImmediate(task);
    });
    done();
  });
  // Entered right before the route's own hooks and handler (body parsing runs outside any
  // context), so everything the handler awaits sees this request's list.
  app.addHook('preHandler', (request, _reply, done) => {
    const pending = request.afterResponse;
    if (pending) current.run(pending, done);
    else done();
  });
}
