import { describe, expect, it } from 'vitest';
import { createImageQueue } from './image-queue';

class Full extends Error {}

/** A job that runs until `finish` is called, counting how many jobs run at once. */
function jobs() {
  let now = 0;
  let most = 0;
  const started: number[] = [];
  const finishers = new Map<number, (fail?: boolean) => void>();
  const job = (n: number) => () =>
    new Promise<number>((resolve, reject) => {
      now += 1;
      most = Math.max(most, now);
      started.push(n);
      finishers.set(n, (fail) => {
        now -= 1;
        if (fail) reject(new Error(`job ${n} failed`));
        else resolve(n);
      });
    });
  const finish = async (n: number, fail = false) => {
    finishers.get(n)?.(fail);
    // Let the queue hand the slot on.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { job, finish, started, most: () => most };
}

describe('image queue', () => {
  it('runs one job at a time, in the order they came', async () => {
    const queue = createImageQueue({ running: 1, waiting: 10, onFull: () => new Full() });
    const t = jobs();
    const results = [1, 2, 3, 4].map((n) => queue.run(t.job(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.started).toEqual([1]);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 3 });
    for (const n of [1, 2, 3, 4]) await t.finish(n);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(t.started).toEqual([1, 2, 3, 4]);
    expect(t.most()).toBe(1);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job at once when the waiting line is full, and takes jobs again once it moves', async () => {
    const queue = createImageQueue({ running: 1, waiting: 2, onFull: () => new Full() });
    const t = jobs();
    const accepted = [1, 2, 3].map((n) => queue.run(t.job(n)));
    await expect(queue.run(t.job(4))).rejects.toBeInstanceOf(Full);
    expect(t.started).toEqual([1]);
    await t.finish(1);
    const fifth = queue.run(t.job(5));
    for (const n of [2, 3, 5]) await t.finish(n);
    expect(await Promise.all([...accepted, fifth])).toEqual([1, 2, 3, 5]);
    expect(t.started).toEqual([1, 2, 3, 5]);
  });

  it('frees the slot of a job that fails', async () => {
    const queue = createImageQueue({ running: 1, waiting: 2, onFull: () => new Full() });
    const t = jobs();
    const first = expect(queue.run(t.job(1))).rejects.toThrow('job 1 failed');
    const second = queue.run(t.job(2));
    await t.finish(1, true);
    await first;
    expect(t.started).toEqual([1, 2]);
    await t.finish(2);
    expect(await second).toBe(2);
    expect(queue.running).toBe(0);
  });

  it('runs up to `running` jobs side by side', async () => {
    const queue = createImageQueue({ running: 2, waiting: 5, onFull: () => new Full() });
    const t = jobs();
    const results = [1, 2, 3].map((n) => queue.run(t.job(n)));
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.started).toEqual([1, 2]);
    for (const n of [1, 2, 3]) await t.finish(n);
    await Promise.all(results);
    expect(t.most()).toBe(2);
  });
});
