import { describe, expect, it } from 'vitest';
import { createEventBus } from './events';

declare module './events' {
  interface AppEvents {
    'test.happened': { id: string };
  }
}

describe('event bus (in process)', () => {
  it('runs every subscriber once per emit, in subscription order, before emit resolves', async () => {
    const bus = createEventBus({ onError: () => undefined });
    const seen: string[] = [];
    bus.on('test.happened', ({ id }) => {
      seen.push(`once:${id}`);
    });
    bus.onEvery('test.happened', async ({ id }) => {
      seen.push(`every:${id}`);
    });
    await bus.emit('test.happened', { id: 'a' });
    expect(seen).toEqual(['once:a', 'every:a']);
  });

  it('logs a failing handler and still runs the others; the emitter never fails', async () => {
    const errors: string[] = [];
    const bus = createEventBus({ onError: (what) => errors.push(what) });
    const seen: string[] = [];
    bus.on('test.happened', () => {
      throw new Error('boom');
    });
    bus.on('test.happened', ({ id }) => {
      seen.push(id);
    });
    await expect(bus.emit('test.happened', { id: 'b' })).resolves.toBeUndefined();
    expect(seen).toEqual(['b']);
    expect(errors).toEqual(['event handler for test.happened failed']);
  });

  it('stops calling a handler once unsubscribed', async () => {
    const bus = createEventBus({ onError: () => undefined });
    let calls = 0;
    const off = bus.on('test.happened', () => {
      calls += 1;
    });
    await bus.emit('test.happened', { id: 'c' });
    off();
    await bus.emit('test.happened', { id: 'd' });
    expect(calls).toBe(1);
  });
});
