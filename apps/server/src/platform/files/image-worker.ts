/**
 * The image worker: a child process (image-worker-process.ts forks it) that does every sharp
 * decode and re-encode of uploads, at the lowest CPU priority, so a large photo never takes a
 * core from the API process's logins (argon2) and requests.
 *
 * It reads jobs from its IPC channel (advanced serialization: the bytes arrive as a
 * Uint8Array) and answers each with the re-encoded bytes or a refusal reason. It exits when
 * the API process goes away (the channel closes).
 *
 * This file runs on its own: it imports only node: modules and sharp (loaded after the
 * priority is lowered, so libvips's threads inherit it), and is run as TypeScript by Node's
 * type stripping in development and tests, and as dist/image-worker.js once built
 * (apps/server/build.mjs).
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { ImageJob, ImageJobAnswer, ImageWorkerReady } from './image-job';

/** nice 19: the scheduler gives this process CPU only when nothing else wants it. */
const lowest = 19;

// On Linux a priority belongs to one thread, and a new thread takes its creator's: lower this
// (the main) thread first, so libuv's and libvips's threads created from here on inherit it,
// then every thread Node already started.
try {
  setPriority(lowest);
  if (process.platform === 'linux') {
    for (const tid of readdirSync('/proc/self/task')) setPriority(Number(tid), lowest);
  }
} catch {
  // Not allowed here (some sandboxes): the work still runs, at normal priority.
}

/** sharp, loaded once the priority is lowered. */
const loading = import('sharp').then(({ default: sharp }) => {
  // libvips on one thread per image: one job at a time takes at most one core.
  sharp.concurrency(1);
  // No cache: each image is seen once, and the memory goes back between jobs.
  sharp.cache(false);
  return sharp;
});

async function reencode(job: ImageJob): Promise<ImageJobAnswer> {
  const sharp = await loading;
  const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  const refused = (reason: 'unreadable' | 'too-large'): ImageJobAnswer => ({
    id: job.id,
    ok: false,
    reason: reason === 'unreadable' && job.kind === 'heic' ? 'heic-unsupported' : reason,
  });
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only (no decoding), so the pixel limit is checked here with a clear answer.
    ({ width, height } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: false,
    }).metadata());
  } catch {
    return refused('unreadable');
  }
  if (!width || !height) return refused('unreadable');
  if (width * height > job.maxPixels) return refused('too-large');
  try {
    // No withMetadata/keepExif: sharp writes none of the input's metadata. Resizing lets
    // libjpeg decode a large JPEG at 1/2, 1/4 or 1/8 scale (shrink-on-load).
    const upright = sharp(bytes, { limitInputPixels: job.maxPixels, failOn: 'error' })
      .autoOrient()
      .resize({
        width: job.maxSide,
        height: job.maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    // libjpeg-turbo, not mozjpeg: mozjpeg's smaller files cost about six times the encoding
    // time (2.9 s against 0.44 s for a 40-megapixel photo), which every upload waits for.
    const out =
      job.kind === 'png'
        ? await upright.png({ compressionLevel: 9 }).toBuffer()
        : await upright.jpeg({ quality: 90 }).toBuffer();
    return { id: job.id, ok: true, bytes: out };
  } catch {
    return refused('unreadable');
  }
}

// Ready once sharp is loaded (or failed to: each job then answers for itself): the API process
// times a job from here, so a slow start on a busy machine is not taken for a hang.
void loading.then(
  () => process.send?.({ ready: true } satisfies ImageWorkerReady),
  () => process.send?.({ ready: true } satisfies ImageWorkerReady),
);

// Listening from the start: a job sent while sharp still loads waits for it.
process.on('message', (job: ImageJob) => {
  void reencode(job).then((answer) => process.send?.(answer));
});
// The API process is gone: nothing more will come.
process.on('disconnect', () => process.exit(0));
