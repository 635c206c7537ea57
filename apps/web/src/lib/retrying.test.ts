import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retried, retrying } from './retrying';

/** A function that fails `failures` times, then answers with the number of the ask. */
function flaky(failures: number) {
  let asks = 0;
  const ask = vi.fn(async () => {
    asks += 1;
    if (asks <= failures) throw new Error('offline');
    return asks;
  });
  return ask;
}

describe('retrying', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again after each failure, waiting each delay in turn, until it is answered', async () => {
    const ask = flaky(2);
    const answers: number[] = [];
    retrying(ask, [1_000, 5_000, 10_000], (a) => answers.push(a));
    await vi.advanceTimersByTimeAsync(0);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(ask).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ask).toHaveBeenCalledTimes(3);
    expect(answers).toEqual([3]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('gives up quietly when the delays run out', async () => {
    const ask = flaky(10);
    const answers: number[] = [];
    retrying(ask, [1_000, 1_000], (a) => answers.push(a));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ask).toHaveBeenCalledTimes(3);
    expect(answers).toEqual([]);
  });

  it('once cancelled, starts no further ask and drops an answer on its way', async () => {
    const failing = flaky(1);
    const answers: number[] = [];
    const cancel = retrying(failing, [1_000], (a) => answers.push(a));
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(failing).toHaveBeenCalledTimes(1);

    let answer: (value: number) => void = () => undefined;
    const slow = () => new Promise<number>((resolve) => (answer = resolve));
    const cancelSlow = retrying(slow, [], (a) => answers.push(a));
    cancelSlow();
    answer(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(answers).toEqual([]);
  });
});

describe('retried', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the first answer after the failures before it, each delay in turn', async () => {
    const ask = flaky(2);
    const answer = retried(ask, [1_000, 5_000, 10_000]);
    await vi.advanceTimersByTimeAsync(5_999);
    expect(ask).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe(3);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('rejects with the last failure once the delays run out', async () => {
    const ask = flaky(10);
    const answer = retried(ask, [1_000]);
    const settled = answer.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled).toEqual(new Error('offline'));
    expect(ask).toHaveBeenCalledTimes(2);
  });
});
