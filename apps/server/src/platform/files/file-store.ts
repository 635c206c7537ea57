import { Readable } from 'node:stream';

/**
 * Where uploaded files live. Every adapter encrypts on this side (file-crypto.ts), so disks,
 * buckets and their backups hold ciphertext only; `get` authenticates what it reads.
 */
export interface FileStore {
  /** Stores the stream's bytes under `key` (replacing nothing: keys are fresh). */
  put(key: string, body: Readable): Promise<{ size: number }>;
  /**
   * The plaintext. Resolves once the first segment has been authenticated (so a small file is
   * checked whole before anything is sent); rejects with FileNotFoundError or
   * FileIntegrityError; a later segment that fails authentication errors the stream.
   */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (S3); nothing to do on disk. */
  close(): Promise<void>;
}

export class FileNotFoundError extends Error {
  override readonly name = 'FileNotFoundError';
  readonly code = 'FILE_BLOB_MISSING';
  constructor() {
    super('stored file not found');
  }
}

/** Storage keys are generated ids: letters, digits, '-' and '_' only (no paths, no dots). */
const storageKeyPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{7,127}$/;

export function assertStorageKey(key: string): void {
  if (!storageKeyPattern.test(key)) throw new Error('invalid storage key');
}

/**
 * Resolves once the stream has produced its first chunk (or ended), and answers a stream with
 * the same bytes; rejects with the source's error if it fails before that.
 */
export async function primed(source: Readable): Promise<Readable> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next().catch(async (error: unknown) => {
    source.destroy();
    throw error;
  });
  async function* rest(): AsyncGenerator<Buffer> {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return Readable.from(rest(), { objectMode: false });
}
