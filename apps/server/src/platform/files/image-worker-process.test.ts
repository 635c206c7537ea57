import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  createImageWorkerProcess,
  ImageWorkerFailure,
  imageWorkerModule,
} from './image-worker-process';

// The worker runs at nice 19: on a machine busy with other tests it may take seconds to start
// and load sharp. A job is timed from when the worker is ready, so the hang test's short timeout
// bounds only the job itself (a clean-clone run of bb52a16: its timer used to run from the fork,
// and a start that took over 8 s on a loaded machine failed the job before the worker stopped).
const worker = createImageWorkerProcess();
const hanging = createImageWorkerProcess({ timeoutMs: 8_000 });
afterAll(() => Promise.all([worker.close(), hanging.close()]));

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c87828' } })
    .jpeg()
    .toBuffer();
const job = async () => ({
  kind: 'jpeg' as const,
  bytes: await photo(),
  maxPixels: 40_000_000,
  maxSide: 4096,
});

describe('the image worker process', () => {
  it('re-encodes in a child process at the lowest priority', async () => {
    const answer = await worker.reencode(await job());
    expect(answer.ok).toBe(true);
    expect(worker.pid).toBeDefined();
    expect(worker.pid).not.toBe(process.pid);
    expect(getPriority(worker.pid)).toBe(19);
    expect(worker.inFlight).toBe(0);
  });

  it('fails a job whose worker hangs with ImageWorkerFailure, and starts a new one for the next', async () => {
    await hanging.reencode(await job());
    const pid = hanging.pid!;
    const started = hanging.started;
    // Stopped, the worker never answers: the timeout stops it and fails the job.
    process.kill(pid, 'SIGSTOP');
    await expect(hanging.reencode(await job())).rejects.toBeInstanceOf(ImageWorkerFailure);
    expect(hanging.pid).toBeUndefined();
    const next = await hanging.reencode(await job());
    expect(next.ok).toBe(true);
    expect(hanging.started).toBe(started + 1);
    expect(hanging.pid).not.toBe(pid);
  });

  /** A worker module of the test's own, in a folder removed after the file. */
  const dir = mkdtempSync(path.join(tmpdir(), 'image-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const module = (name: string, source: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, source);
    return file;
  };

  it('stops a worker that never gets ready and fails its job with ImageWorkerFailure', async () => {
    // It listens and never loads: its job is never sent, and the start limit ends it.
    const stuck = module('stuck-worker.mjs', "process.on('message', () => {});\n");
    const never = createImageWorkerProcess({ module: stuck, startTimeoutMs: 1_000 });
    try {
      await expect(never.reencode(await job())).rejects.toThrow(/did not start within 1000 ms/);
      expect(never.pid).toBeUndefined();
      expect(never.inFlight).toBe(0);
    } finally {
      await never.close();
    }
  });

  it('fails the jobs waiting for a worker that exits before it is ready', async () => {
    const dying = module('dying-worker.mjs', 'process.exit(3);\n');
    const gone = createImageWorkerProcess({ module: dying });
    const jobs = [gone.reencode(await job()), gone.reencode(await job())];
    for (const waiting of jobs) {
      await expect(waiting).rejects.toBeInstanceOf(ImageWorkerFailure);
    }
    expect(gone.inFlight).toBe(0);
  });

  it('does not count a slow start against the job: the job is timed from ready', async () => {
    // The real worker, loaded 5 s after the fork; the job's own limit is 4 s (room for a small
    // job at nice 19 on a busy machine, less than the start).
    const slow = module(
      'slow-worker.mjs',
      `setTimeout(() => import(${JSON.stringify(imageWorkerModule())}), 5000);\n`,
    );
    const late = createImageWorkerProcess({ module: slow, timeoutMs: 4_000 });
    try {
      expect((await late.reencode(await job())).ok).toBe(true);
      expect(late.started).toBe(1);
    } finally {
      await late.close();
    }
  });

  it('refuses from the header what is over the pixel limit', async () => {
    const answer = await worker.reencode({ ...(await job()), maxPixels: 1000 });
    expect(answer).toMatchObject({ ok: false, reason: 'too-large' });
  });

  it('answers unreadable for bytes that are no image', async () => {
    const answer = await worker.reencode({ ...(await job()), bytes: Buffer.from('not an image') });
    expect(answer).toMatchObject({ ok: false, reason: 'unreadable' });
    await vi.waitFor(() => expect(worker.inFlight).toBe(0));
  });
});
