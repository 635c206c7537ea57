import { getPriority } from 'node:os';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createImageWorkerProcess, ImageWorkerFailure } from './image-worker-process';

// The worker runs at nice 19: on a machine busy with other tests it may take seconds to start
// and load sharp, so the jobs that must succeed get the real timeout; only the hang test uses a
// short one (and its next job is the first of a fresh worker, so it gets some room too).
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
