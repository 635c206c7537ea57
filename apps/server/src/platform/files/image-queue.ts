/**
 * Image work's own queue (issue 32): at most `running` jobs at once, at most `waiting` more
 * waiting their turn in order; past that a job is refused at once with `onFull()`'s error.
 *
 * Why: each of sharp's asynchronous calls holds one of libuv's worker threads for its whole run
 * (sharp.counters(): tasks wait "for libuv to provide a worker thread"), and so does each argon2
 * hash or verification (@node-rs/argon2). The pool has 4 threads by default and is shared by
 * the whole process; it is sized once, when first used, so setting UV_THREADPOOL_SIZE from
 * inside the process is not reliable. Four large images at once used to hold all four threads
 * and a login waited for them. With one image job at a time, argon2 keeps the other threads.
 * (A worker_threads pool would not help: libuv's pool is the same for every thread.)
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
