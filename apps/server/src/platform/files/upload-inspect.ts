import {
  type FileKind,
  type FilePurpose,
  fileKindLabels,
  purposeAccepts,
} from '@apothecall/domain/files/files.rules';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../errors';
import type { ImageJobAnswer } from './image-job';
import { createImageQueue, type ImageQueue } from './image-queue';
import {
  createImageWorkerProcess,
  ImageWorkerFailure,
  type ImageWorkerProcess,
} from './image-worker-process';

/**
 * What an upload really is, decided from its bytes, and the bytes fit to store:
 * - the type comes from magic numbers (file-type), never from the name or the client's
 *   Content-Type; only JPEG, PNG, HEIC/HEIF and PDF are recognised, and each purpose accepts
 *   its own subset (domain files.rules.ts) — a PDF named `.jpg` is a PDF, refused where an image
 *   is required; SVG, HTML, archives and the rest are refused everywhere;
 * - images are decoded and re-encoded with sharp: rotated upright from the EXIF orientation,
 *   scaled down to fit `maxImageSide` (never up; JPEG is shrunk while it is decoded), then
 *   written with no metadata at all (EXIF with its GPS position, XMP, IPTC, comments, ICC
 *   profile converted to sRGB). JPEG stays JPEG and PNG stays PNG. An image over `maxPixels`
 *   (from its header, before decoding) is refused;
 * - all decoding and re-encoding runs in a child process at the lowest CPU priority
 *   (`imageWorker`, image-worker.ts), so it takes neither a core nor a libuv thread from the
 *   password hashing and the requests; one process-wide queue (`imageQueue`, image-queue.ts)
 *   feeds it one image at a time, and when too many already wait the upload is refused with
 *   503 FILES_BUSY. A worker that dies or hangs on an image fails that upload as unreadable
 *   and is replaced for the next;
 * - HEIC/HEIF is re-encoded to JPEG when this sharp can decode it. The prebuilt sharp (libvips
 *   with libheif and the AV1 decoder only, no HEVC for patent reasons) cannot decode HEVC, which
 *   is what phones write, so such a photo is refused with FILE_HEIC_UNSUPPORTED asking for JPEG
 *   — never stored undecoded, because its EXIF and GPS could not be removed;
 * - PDFs are stored as they came (nothing here can rewrite a PDF safely); they are only ever
 *   served as downloads (`attachment`, `nosniff`).
 * Refusals are AppErrors with 400 (or 413 for size, 503 when busy) and a message in the user's
 * language.
 */

/**
 * Decoding is refused above this many pixels: 40 megapixels (a decompression bomb guard, and
 * a bound on one image job's time; phones take 12 to 24, some 48 or 50 with their "high
 * resolution" mode on).
 */
export const defaultMaxPixels = 40_000_000;

/** Stored images fit inside this many pixels a side (4096: an ID photo's text stays sharp). */
export const maxImageSide = 4096;

/** Image jobs running at once (one: the worker takes at most one core, at the lowest priority). */
export const imageJobsAtOnce = 1;

/** Image jobs that may wait their turn; one more is refused with 503 FILES_BUSY. */
export const imageJobsWaiting = 16;

/** The Retry-After of a FILES_BUSY refusal, in seconds. */
export const busyRetryAfterSeconds = 30;

export const fileErrors = {
  missing: () => new AppError(400, 'FILE_MISSING', 'files.missing'),
  tooMany: () => new AppError(400, 'FILE_TOO_MANY', 'files.tooMany'),
  empty: () => new AppError(400, 'FILE_EMPTY', 'files.empty'),
  tooLarge: (maxBytes: number) =>
    new AppError(413, 'FILE_TOO_LARGE', 'files.tooLarge', {
      maxMb: String(Math.floor((maxBytes / (1024 * 1024)) * 10) / 10),
    }),
  typeNotAllowed: (accepted: readonly FileKind[]) =>
    new AppError(400, 'FILE_TYPE_NOT_ALLOWED', 'files.typeNotAllowed', {
      accepted: accepted.map((kind) => fileKindLabels[kind]).join(', '),
    }),
  heicUnsupported: () => new AppError(400, 'FILE_HEIC_UNSUPPORTED', 'files.heicUnsupported'),
  imageTooLarge: (maxPixels: number) =>
    new AppError(400, 'FILE_IMAGE_TOO_LARGE', 'files.imageTooLarge', {
      megapixels: String(Math.floor(maxPixels / 1_000_000)),
    }),
  unreadable: () => new AppError(400, 'FILE_UNREADABLE', 'files.unreadable'),
  notFound: () => new AppError(404, 'NOT_FOUND', 'files.notFound'),
  busy: () =>
    new AppError(503, 'FILES_BUSY', 'files.busy', undefined, undefined, busyRetryAfterSeconds),
} as const;

/** The process's one image queue, in front of its one image worker. */
export const imageQueue: ImageQueue = createImageQueue({
  running: imageJobsAtOnce,
  waiting: imageJobsWaiting,
  onFull: fileErrors.busy,
});

/** The process's image worker: a child process at the lowest CPU priority, started on first use. */
export const imageWorker: ImageWorkerProcess = createImageWorkerProcess();

export interface InspectedUpload {
  kind: FileKind;
  /** What the stored bytes are (a decoded HEIC is stored as JPEG). */
  contentType: 'image/jpeg' | 'image/png' | 'application/pdf';
  extension: 'jpg' | 'png' | 'pdf';
  bytes: Buffer;
}

const kindOfMime: Readonly<Record<string, FileKind>> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heic',
  'application/pdf': 'pdf',
};

/** True when this sharp build can decode HEVC-coded HEIC (the prebuilt one cannot). */
export function sharpDecodesHeic(): boolean {
  return (sharp.format.heif?.input.fileSuffix ?? []).includes('.heic');
}

/** The kinds a purpose accepts that this server can actually take in (for the refusal text). */
export function acceptedKinds(purpose: FilePurpose): readonly FileKind[] {
  const kinds = purposeAccepts[purpose];
  return sharpDecodesHeic() ? kinds : kinds.filter((kind) => kind !== 'heic');
}

export async function inspectUpload(
  bytes: Buffer,
  options: {
    purpose: FilePurpose;
    maxBytes: number;
    maxPixels?: number;
    /** The queue image work waits in (the process's `imageQueue` unless a test gives one). */
    queue?: ImageQueue;
    /** The worker that re-encodes (the process's `imageWorker` unless a test gives one). */
    worker?: ImageWorkerProcess;
    /**
     * Called once the upload is known to be an image, before it waits for the worker; what it
     * throws refuses the upload (the per-account limit on images).
     */
    beforeImage?: () => Promise<void>;
  },
): Promise<InspectedUpload> {
  if (bytes.length === 0) throw fileErrors.empty();
  if (bytes.length > options.maxBytes) throw fileErrors.tooLarge(options.maxBytes);
  const detected = await fileTypeFromBuffer(bytes);
  const kind = detected ? kindOfMime[detected.mime] : undefined;
  if (!kind || !purposeAccepts[options.purpose].includes(kind)) {
    throw fileErrors.typeNotAllowed(acceptedKinds(options.purpose));
  }
  if (kind === 'pdf') {
    return { kind, contentType: 'application/pdf', extension: 'pdf', bytes };
  }
  await options.beforeImage?.();
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  const queue = options.queue ?? imageQueue;
  const worker = options.worker ?? imageWorker;
  return queue.run(() => reencode(bytes, kind, maxPixels, worker));
}

/** The worker's answer as stored bytes, or its refusal as the user's message. */
async function reencode(
  bytes: Buffer,
  kind: Exclude<FileKind, 'pdf'>,
  maxPixels: number,
  worker: ImageWorkerProcess,
): Promise<InspectedUpload> {
  let answer: ImageJobAnswer;
  try {
    answer = await worker.reencode({ kind, bytes, maxPixels, maxSide: maxImageSide });
  } catch (error) {
    // The worker died or hung while it held this image (perhaps because of it): refused as
    // unreadable, asking to send it again; the next image gets a new worker.
    if (error instanceof ImageWorkerFailure) throw fileErrors.unreadable();
    throw error;
  }
  if (!answer.ok) {
    if (answer.reason === 'too-large') throw fileErrors.imageTooLarge(maxPixels);
    if (answer.reason === 'heic-unsupported') throw fileErrors.heicUnsupported();
    throw fileErrors.unreadable();
  }
  const out = Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength);
  return kind === 'png'
    ? { kind, contentType: 'image/png', extension: 'png', bytes: out }
    : { kind, contentType: 'image/jpeg', extension: 'jpg', bytes: out };
}
