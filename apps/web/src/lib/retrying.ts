/**
 * Asks, and after a failed ask waits the next delay and asks again, until an answer comes or
 * the delays run out; the answer goes to `onAnswer`, a failure after the last delay nowhere.
 * The returned function cancels: no further ask starts, and an answer still on its way is
 * dropped.
 */
export function retrying<T>(
  ask: () => Promise<T>,
  delaysMs: readonly number[],
  onAnswer: (answer: T) => void,
): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (failures: number) => {
    ask().then(
      (answer) => {
        if (!cancelled) onAnswer(answer);
      },
      () => {
        const delay = delaysMs[failures];
        if (cancelled || delay === undefined) return;
        timer = setTimeout(() => attempt(failures + 1), delay);
      },
    );
  };
  attempt(0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/**
 * The same as a promise: resolves with the first answer, or rejects with the last failure once
 * the delays have run out.
 */
export function retried<T>(ask: () => Promise<T>, delaysMs: readonly number[]): Promise<T> {
  return ask().catch(async (error: unknown) => {
    const [delay, ...rest] = delaysMs;
    if (delay === undefined) throw error;
    await new Promise((resolve) => setTimeout(resolve, delay));
    return retried(ask, rest);
  });
}
