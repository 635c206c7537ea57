import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ImageJob, ImageJobAnswer, ImageWorkerReady } from './image-job';

/**
 * The API process's side of the image worker (image-worker.ts): a child process, started on
 * the first image and kept, that re-encodes images at the lowest CPU priority, bytes in and
 * out over IPC. The image queue (image-queue.ts) in front of it bounds how many jobs run and
 * wait; this only carries them.
 *
 * When the worker dies (killed, out of memory, crashed on an image) the jobs it held fail at
 * once with `ImageWorkerFailure` and the next job starts a new worker; a job that takes longer
 * than `timeoutMs` kills the worker the same way, so an upload never waits forever. A job is
 * timed from when the worker says it is ready (sharp loaded): at nice 19 on a busy machine the
 * start alone can take seconds, which is no hang; a worker that is not ready within
 * `imageWorkerStartMs` is stopped the same way. While no
 * job is in flight the worker does not keep the API process alive, and it exits when the API
 * process goes away.
 */
export interface ImageWorkerProcess {
  /** The job's answer; rejects with ImageWorkerFailure when the worker dies or times out. */
  reencode(job: Omit<ImageJob, 'id'>): Promise<ImageJobAnswer>;
  /** The worker's process id while one runs. */
  readonly pid: number | undefined;
  /** Jobs sent to the worker and not answered yet. */
  readonly inFlight: number;
  /** Workers started so far (1 plus the restarts). */
  readonly started: number;
  /** Stops the worker (jobs in flight fail); a later job starts a new one. */
  close(): Promise<void>;
}

/** The worker died or was stopped while it held the job. */
export class ImageWorkerFailure extends Error {
  override name = 'ImageWorkerFailure';
}

/** How long one job may take before the worker is stopped (a hang guard, not a budget). */
export const imageJobTimeoutMs = 60_000;

/** How long a new worker may take to load sharp before it is taken for stuck. */
export const imageWorkerStartMs = 60_000;

/**
 * The worker module next to this one: image-worker.ts when running from sources (tsx,
 * vitest; Node strips the types), dist/image-worker.js in the built server, whose bundle
 * (dist/main.js) is then this module's URL.
 */
export function imageWorkerModule(): string {
  const file = import.meta.url.endsWith('.ts') ? 'image-worker.ts' : 'image-worker.js';
  return fileURLToPath(new URL(`./${file}`, import.meta.url));
}

export function createImageWorkerProcess(
  options: { module?: string; timeoutMs?: number; startTimeoutMs?: number } = {},
): ImageWorkerProcess {
  const timeoutMs = options.timeoutMs ?? imageJobTimeoutMs;
  const startTimeoutMs = options.startTimeoutMs ?? imageWorkerStartMs;
  const pending = new Map<
    number,
    { resolve: (answer: ImageJobAnswer) => void; reject: (error: Error) => void }
  >();
  let child: ChildProcess | undefined;
  /** Jobs waiting for the current worker to be ready (each sends itself and starts its timer). */
  let waiting: (() => void)[] = [];
  let ready = false;
  let started = 0;
  let nextId = 1;

  /** Fails every job the worker held and forgets the worker. */
  const lost = (which: ChildProcess, why: string) => {
    if (child !== which) return;
    child = undefined;
    waiting = [];
    const jobs = [...pending.values()];
    pending.clear();
    if (jobs.length > 0) {
      process.emitWarning(`image worker ${why} with ${jobs.length} job(s); the next starts anew`);
    }
    for (const job of jobs) job.reject(new ImageWorkerFailure(`image worker ${why}`));
  };

  /** Keeps the API process alive only while a job is in flight. */
  const hold = (worker: ChildProcess, busy: boolean) => {
    if (busy) {
      worker.ref();
      worker.channel?.ref();
    } else {
      worker.unref();
      worker.channel?.unref();
    }
  };

  const worker = (): ChildProcess => {
    if (child) return child;
    const spawned = fork(options.module ?? imageWorkerModule(), [], {
      // Not the parent's flags (tsx's loader, vitest's, --inspect): Node runs the module itself.
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started += 1;
    child = spawned;
    ready = false;
    const startTimer = setTimeout(() => {
      lost(spawned, `did not start within ${startTimeoutMs} ms`);
      spawned.kill('SIGKILL');
    }, startTimeoutMs);
    startTimer.unref();
    spawned.on('exit', () => clearTimeout(startTimer));
    spawned.on('message', (answer: ImageJobAnswer | ImageWorkerReady) => {
      if ('ready' in answer) {
        clearTimeout(startTimer);
        if (child !== spawned) return;
        ready = true;
        for (const send of waiting.splice(0)) send();
        return;
      }
      const job = pending.get(answer.id);
      if (!job) return;
      pending.delete(answer.id);
      if (pending.size === 0) hold(spawned, false);
      job.resolve(answer);
    });
    spawned.on('exit', (code, signal) => lost(spawned, `exited (${signal ?? code})`));
    spawned.on('error', (error) => {
      lost(spawned, `failed (${error.message})`);
      spawned.kill('SIGKILL');
    });
    return spawned;
  };

  return {
    reencode(job) {
      const target = worker();
      const id = nextId++;
      return new Promise<ImageJobAnswer>((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        pending.set(id, {
          resolve: (answer) => {
            clearTimeout(timer);
            resolve(answer);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        hold(target, true);
        const send = () => {
          timer = setTimeout(() => {
            lost(target, `took over ${timeoutMs} ms`);
            target.kill('SIGKILL');
          }, timeoutMs);
          timer.unref();
          target.send({ ...job, id } satisfies ImageJob, (error) => {
            if (error) {
              lost(target, `could not be sent a job (${error.message})`);
              target.kill('SIGKILL');
            }
          });
        };
        if (ready) send();
        else waiting.push(send);
      });
    },
    get pid() {
      return child?.pid;
    },
    get inFlight() {
      return pending.size;
    },
    get started() {
      return started;
    },
    async close() {
      const running = child;
      if (!running) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      lost(running, 'was stopped');
      running.kill('SIGKILL');
      await exited;
    },
  };
}
