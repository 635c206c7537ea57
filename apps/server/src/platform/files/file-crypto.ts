import {
  createCipheriv,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { inspect } from 'node:util';

/**
 * Encryption at rest for stored files: one streaming envelope for every adapter (local disk and
 * S3 alike), so whatever holds the objects only ever sees ciphertext.
 *
 * Format 1 (the "STREAM" construction of Hoang, Reyhanitabar, Rogaway and Vizár, as in Tink's
 * AES-GCM-HKDF streaming AEAD):
 *
 *   header   "ACF1" | salt (32 random bytes) | nonce prefix (7 random bytes)
 *   segments AES-256-GCM(segment key, nonce, plaintext segment) | tag (16 bytes), ...
 *
 * - segment key = HKDF-SHA256(master key, salt, "apothecall/files/v1/" + storage key): a fresh
 *   key per file, bound to the key the object is stored under, so an object copied or moved to
 *   another key fails authentication. The same envelope seals the outbox's message bodies
 *   (`sealBytes`, purpose "outbox": "apothecall/outbox/v1/" + the message's channel and
 *   recipient), so a file never opens as a message, nor a message as a file;
 * - nonce = prefix (7) | segment number (4, big-endian) | 1 for the last segment, else 0;
 * - plaintext segments are 64 KiB; the last one holds the rest (0 to 64 KiB), so an empty file
 *   is one empty, authenticated last segment.
 *
 * Reading authenticates each segment before releasing its bytes: a changed byte, a reordered,
 * missing or appended segment, or a cut at a segment boundary (the last segment's flag no
 * longer matches) fails closed with FileIntegrityError.
 */

const magic = Buffer.from('ACF1', 'latin1');
const saltBytes = 32;
const prefixBytes = 7;
export const headerBytes = magic.length + saltBytes + prefixBytes;
const tagBytes = 16;
export const segmentBytes = 64 * 1024;
const maxSegments = 2 ** 32 - 1;

/** A stored object failed authentication: changed, cut short, or not ours. */
export class FileIntegrityError extends Error {
  override readonly name = 'FileIntegrityError';
  readonly code = 'FILE_INTEGRITY';
  constructor() {
    super('stored file failed authentication');
  }
}

/** What an envelope seals: part of the key derivation, so one purpose's never opens as another's. */
export type EnvelopePurpose = 'files' | 'outbox';

/**
 * The 32-byte master key. It never prints: not in logs, `JSON.stringify` or `util.inspect`.
 */
export class FilesKey {
  readonly #bytes: Buffer;
  #id: string | undefined;
  constructor(bytes: Buffer) {
    if (bytes.length !== 32) throw new Error('FILES_KEY must be 32 bytes');
    this.#bytes = Buffer.from(bytes);
  }
  /** The key material, for the key-derivation step only. */
  reveal(): Buffer {
    return this.#bytes;
  }
  /**
   * The key's id: 16 hex digits derived from the key (HKDF, its own label), stored beside what
   * it sealed so a reader knows which key a row needs once keys rotate. It tells nothing about
   * the key.
   */
  get id(): string {
    this.#id ??= Buffer.from(
      hkdfSync('sha256', this.#bytes, Buffer.alloc(0), 'apothecall/key-id/v1', 8),
    ).toString('hex');
    return this.#id;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'FilesKey [redacted]';
  }
}

/** FILES_KEY as 64 hex digits or base64 (standard or URL-safe) of 32 bytes; else undefined. */
export function parseFilesKey(text: string): FilesKey | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return new FilesKey(Buffer.from(value, 'hex'));
  if (/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) {
    const bytes = Buffer.from(value.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    if (bytes.length === 32) return new FilesKey(bytes);
  }
  return undefined;
}

export function generateFilesKey(): FilesKey {
  return new FilesKey(randomBytes(32));
}

function segmentKey(
  master: FilesKey,
  salt: Buffer,
  storageKey: string,
  purpose: EnvelopePurpose,
): Buffer {
  return Buffer.from(
    hkdfSync('sha256', master.reveal(), salt, `apothecall/${purpose}/v1/${storageKey}`, 32),
  );
}

function nonceFor(prefix: Buffer, index: number, last: boolean): Buffer {
  if (index > maxSegments) throw new Error('file too large for one envelope');
  const nonce = Buffer.alloc(12);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, prefixBytes);
  nonce[11] = last ? 1 : 0;
  return nonce;
}

/** Chunks collected until a whole segment is there. */
class Pending {
  private chunks: Buffer[] = [];
  length = 0;
  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
  }
  take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const head = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return head;
  }
}

/** Plaintext in, envelope out. `plaintextBytes` counts what went in. */
export class EncryptStream extends Transform {
  plaintextBytes = 0;
  private readonly key: Buffer;
  private readonly salt = randomBytes(saltBytes);
  private readonly prefix = randomBytes(prefixBytes);
  private readonly pending = new Pending();
  private index = 0;
  private headerSent = false;

  constructor(master: FilesKey, storageKey: string, purpose: EnvelopePurpose = 'files') {
    super();
    this.key = segmentKey(master, this.salt, storageKey, purpose);
  }

  private header(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(Buffer.concat([magic, this.salt, this.prefix]));
  }

  private seal(plaintext: Buffer, last: boolean): void {
    const cipher = createCipheriv('aes-256-gcm', this.key, nonceFor(this.prefix, this.index, last));
    this.index += 1;
    this.push(Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]));
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.header();
      this.plaintextBytes += chunk.length;
      this.pending.add(chunk);
      // Strictly more than a segment: the last segment is only known at the end.
      while (this.pending.length > segmentBytes) this.seal(this.pending.take(segmentBytes), false);
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.header();
      this.seal(this.pending.take(this.pending.length), true);
      done();
    } catch (error) {
      done(error as Error);
    }
  }
}

/** Envelope in, authenticated plaintext out; anything wrong errors with FileIntegrityError. */
export class DecryptStream extends Transform {
  private key: Buffer | undefined;
  private prefix: Buffer | undefined;
  private readonly pending = new Pending();
  private index = 0;

  constructor(
    private readonly master: FilesKey,
    private readonly storageKey: string,
    private readonly purpose: EnvelopePurpose = 'files',
  ) {
    super();
  }

  private open(sealed: Buffer, last: boolean): void {
    if (!this.key || !this.prefix || sealed.length < tagBytes) throw new FileIntegrityError();
    const decipher = createDecipheriv(
      'aes-256-gcm',
      this.key,
      nonceFor(this.prefix, this.index, last),
      { authTagLength: tagBytes },
    );
    this.index += 1;
    decipher.setAuthTag(sealed.subarray(sealed.length - tagBytes));
    const body = decipher.update(sealed.subarray(0, sealed.length - tagBytes));
    let tail: Buffer;
    try {
      tail = decipher.final();
    } catch {
      throw new FileIntegrityError();
    }
    const plaintext = tail.length > 0 ? Buffer.concat([body, tail]) : body;
    if (plaintext.length > 0) this.push(plaintext);
  }

  private readHeader(): void {
    if (this.key || this.pending.length < headerBytes) return;
    const header = this.pending.take(headerBytes);
    if (!timingSafeEqual(header.subarray(0, magic.length), magic)) throw new FileIntegrityError();
    const salt = header.subarray(magic.length, magic.length + saltBytes);
    this.prefix = Buffer.from(header.subarray(magic.length + saltBytes));
    this.key = segmentKey(this.master, salt, this.storageKey, this.purpose);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      this.pending.add(chunk);
      this.readHeader();
      if (this.key) {
        while (this.pending.length > segmentBytes + tagBytes) {
          this.open(this.pending.take(segmentBytes + tagBytes), false);
        }
      }
      done();
    } catch (error) {
      done(error instanceof FileIntegrityError ? error : new FileIntegrityError());
    }
  }

  override _flush(done: TransformCallback): void {
    try {
      this.readHeader();
      this.open(this.pending.take(this.pending.length), true);
      done();
    } catch (error) {
      done(error instanceof FileIntegrityError ? error : new FileIntegrityError());
    }
  }
}

/** A small buffer through `EncryptStream` in one go (an outbox message's body). */
export async function sealBytes(
  master: FilesKey,
  storageKey: string,
  plaintext: Buffer,
  purpose: EnvelopePurpose,
): Promise<Buffer> {
  const stream = new EncryptStream(master, storageKey, purpose);
  stream.end(plaintext);
  return Buffer.concat(await stream.toArray());
}

/** The reverse of `sealBytes`; rejects with FileIntegrityError when anything is wrong. */
export async function openBytes(
  master: FilesKey,
  storageKey: string,
  sealed: Buffer,
  purpose: EnvelopePurpose,
): Promise<Buffer> {
  const stream = new DecryptStream(master, storageKey, purpose);
  stream.end(sealed);
  return Buffer.concat(await stream.toArray());
}
