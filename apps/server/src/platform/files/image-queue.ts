/**
 * Image work's own queue: at most `running` jobs at once, at most `waiting` more
 * waiting their turn in order; past that a job is refused at once with `onFull()`'s error.
 *
 * Why: each image job is seconds of one core and up to a few hundred megabytes of memory in the
 * image worker (image-worker.ts, a child process at the lowest CPU priority). One job at a time
 * keeps the worker to one core and one image's memory; the bounded line keeps a burst from
 * piling up requests (each holding its upload in memory) that would wait minutes.
 * (It began as the guard of libuv's thread pool, which sharp and argon2 shared while images
 * were re-encoded in the API process: four large images held all four threads.)
 */
export interface ImageQueue {
  /** Runs `job` when its turn comes; refuses at once when `waiting` jobs already wait. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now. */
  readonly running: number;
  /** Jobs waiting their turn. */
  readonly waiting: number;
}

export function createImageQueue(limits: {
  running: number;
  waiting: number;
  onFull: () => Error;
}): ImageQueue {
  let running = 0;
  const turns: Array<() => void> = [];

  const release = () => {
    const next = turns.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async run(job) {
      if (running >= limits.running) {
        if (turns.length >= limits.waiting) throw limits.onFull();
        // The job that finishes hands its slot straight to the next (running stays the same).
        await new Promise<void>((resolve) => turns.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return turns.length;
    },
  };
}
