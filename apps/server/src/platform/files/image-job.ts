/**
 * What the API process and its image worker (image-worker.ts) say to each other over IPC:
 * types only, so the worker can import this file and still run on its own.
 */

/** The image kinds the worker re-encodes (JPEG and PNG stay what they are; HEIC becomes JPEG). */
export type ImageJobKind = 'jpeg' | 'png' | 'heic';

export interface ImageJob {
  id: number;
  kind: ImageJobKind;
  bytes: Uint8Array;
  /** Refused above this many pixels, read from the header before decoding. */
  maxPixels: number;
  /** The stored image fits inside this many pixels a side. */
  maxSide: number;
}

/** Why the worker refused an image (the API process turns it into the user's message). */
export type ImageRefusal = 'unreadable' | 'heic-unsupported' | 'too-large';

export type ImageJobAnswer =
  | { id: number; ok: true; bytes: Uint8Array }
  | { id: number; ok: false; reason: ImageRefusal };

/** The worker's first message: sharp is loaded and jobs are timed from now on. */
export interface ImageWorkerReady {
  ready: true;
}
