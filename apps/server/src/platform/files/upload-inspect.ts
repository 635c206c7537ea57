import {
  type FileKind,
  type FilePurpose,
  fileKindLabels,
  purposeAccepts,
} from '@apothecall/domain/files/files.rules';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../errors';
import { createImageQueue, type ImageQueue } from './image-queue';

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
 * - all sharp work runs in one process-wide queue (`imageQueue`, image-queue.ts): one image at
 *   a time, so images never take more than one of libuv's worker threads from the password
 *   hashing; when too many already wait, the upload is refused with 503 FILES_BUSY;
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

/** Image jobs running at once (one: the other libuv threads stay free for argon2). */
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

// libvips uses one thread per image (sharp's default on glibc already; set so that it holds on
// every platform): with one image job at a time, images take at most one core.
sharp.concurrency(1);

/** The process's one image queue (libuv's thread pool is the process's too). */
export const imageQueue: ImageQueue = createImageQueue({
  running: imageJobsAtOnce,
  waiting: imageJobsWaiting,
  onFull: fileErrors.busy,
});

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
  const maxPixels = options.maxPixels ?? defaultMaxPixels;
  const queue = options.queue ?? imageQueue;
  return queue.run(() => reencode(bytes, kind, maxPixels));
}

async function reencode(
  bytes: Buffer,
  kind: Exclude<FileKind, 'pdf'>,
  maxPixels: number,
): Promise<InspectedUpload> {
  const input = { limitInputPixels: maxPixels, failOn: 'error' } as const;
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header only (no decoding), so the pixel limit is checked here with a clear message.
    ({ width, height } = await sharp(bytes, {
      failOn: 'error',
      limitInputPixels: false,
    }).metadata());
  } catch {
    throw kind === 'heic' ? fileErrors.heicUnsupported() : fileErrors.unreadable();
  }
  if (!width || !height) throw fileErrors.unreadable();
  if (width * height > maxPixels) throw fileErrors.imageTooLarge(maxPixels);
  try {
    // No withMetadata/keepExif: sharp writes none of the input's metadata. Resizing lets
    // libjpeg decode a large JPEG at 1/2, 1/4 or 1/8 scale (shrink-on-load).
    const upright = sharp(bytes, input).autoOrient().resize({
      width: maxImageSide,
      height: maxImageSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    if (kind === 'png') {
      return {
        kind,
        contentType: 'image/png',
        extension: 'png',
        bytes: await upright.png({ compressionLevel: 9 }).toBuffer(),
      };
    }
    // libjpeg-turbo, not mozjpeg: mozjpeg's smaller files cost about six times the encoding
    // time (2.9 s against 0.44 s for a 40-megapixel photo), which every upload waits for.
    return {
      kind,
      contentType: 'image/jpeg',
      extension: 'jpg',
      bytes: await upright.jpeg({ quality: 90 }).toBuffer(),
    };
  } catch {
    throw kind === 'heic' ? fileErrors.heicUnsupported() : fileErrors.unreadable();
  }
}
