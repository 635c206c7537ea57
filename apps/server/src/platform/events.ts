import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The app's events, by name. Platform knows none of them: each area adds its own by declaration
 * merging, beside the code that emits them, e.g. in `care.events.ts`:
 *
 *   declare module '../../platform/events' {
 *     interface AppEvents { 'care.queueChanged': { state: string } }
 *   }
 *
 * Payloads carry ids and states only (never PHI): with Redis they cross the network.
 */
// biome-ignore lint/suspicious/noEmptyInterface: areas extend it by declaration merging.
export interface AppEvents {}

export type EventName = keyof AppEvents & string;
export type EventHandler<N extends EventName> = (payload: AppEvents[N]) => Promise<void> | void;

/**
 * A typed in-process event bus, fanned out across API processes through Redis when `REDIS_URL`
 * is set. Two kinds of subscriber:
 * - `on`: runs once per event, in the process that emitted it (work that must happen once, such
 *   as pushing to sockets: socket.io's Redis adapter already reaches every process's sockets);
 * - `onEvery`: runs in every process (work on each process's own state: caches, local timers).
 * A failing handler is logged and never fails the emitter; handlers run in subscription order
 * and `emit` resolves when this process's handlers have finished.
 */
export interface EventBus {
  emit<N extends EventName>(name: N, payload: AppEvents[N]): Promise<void>;
  on<N extends EventName>(name: N, handler: EventHandler<N>): () => void;
  onEvery<N extends EventName>(name: N, handler: EventHandler<N>): () => void;
  /**
   * Settles once this process listens to the other processes' events: at once without Redis,
   * after Redis confirmed the subscription with it (or refused it: that is logged, and events
   * then stay in this process). Messages published before it settles do not reach this process.
   */
  readonly listening: Promise<void>;
  close(): Promise<void>;
}

interface Envelope {
  name: string;
  payload: unknown;
  from: string;
}

const channel = 'apothecall:events';

export function createEventBus(opts: {
  /** Redis connections for the fan-out (a subscriber connection cannot publish). */
  redis?: { pub: Redis; sub: Redis } | undefined;
  onError: (what: string, error: unknown) => void;
}): EventBus {
  const once = new Map<string, Set<EventHandler<EventName>>>();
  const every = new Map<string, Set<EventHandler<EventName>>>();
  const processId = randomUUID();

  function add(map: typeof once, name: string, handler: EventHandler<EventName>) {
    let set = map.get(name);
    if (!set) {
      set = new Set();
      map.set(name, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  async function run(handlers: Iterable<EventHandler<EventName>>, name: string, payload: unknown) {
    for (const handler of [...handlers]) {
      try {
        await handler(payload as never);
      } catch (error) {
        opts.onError(`event handler for ${name} failed`, error);
      }
    }
  }

  const redis = opts.redis;
  let listening = Promise.resolve();
  if (redis) {
    listening = redis.sub.subscribe(channel).then(
      () => undefined,
      (error: unknown) => opts.onError('event fan-out', error),
    );
    redis.sub.on('message', (from, raw: string) => {
      if (from !== channel) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(raw) as Envelope;
      } catch {
        return;
      }
      if (envelope.from === processId) return;
      const handlers = every.get(envelope.name);
      if (handlers) void run(handlers, envelope.name, envelope.payload);
    });
  }

  return {
    listening,
    async emit(name, payload) {
      if (redis && every.has(name)) {
        const envelope: Envelope = { name, payload, from: processId };
        redis.pub
          .publish(channel, JSON.stringify(envelope))
          .catch((error: unknown) => opts.onError('event fan-out', error));
      }
      await run([...(once.get(name) ?? []), ...(every.get(name) ?? [])], name, payload);
    },
    on(name, handler) {
      return add(once, name, handler as EventHandler<EventName>);
    },
    onEvery(name, handler) {
      return add(every, name, handler as EventHandler<EventName>);
    },
    async close() {
      // The Redis connections belong to the caller, which disconnects them: an UNSUBSCRIBE sent
      // to a Redis that just went away would wait for it forever.
      once.clear();
      every.clear();
    },
  };
}
