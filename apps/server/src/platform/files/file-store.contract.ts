import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileIntegrityError, headerBytes, segmentBytes } from './file-crypto';
import { FileNotFoundError, type FileStore } from './file-store';

/**
 * What every FileStore adapter must do, whatever is behind it. An adapter's test calls
 * `describeFileStoreContract('name', setup)`; `setup` starts the adapter (and whatever it talks
 * to) and gives raw access to the stored objects, below the encryption, so the tests can look
 * at and tamper with what is really kept. Each test uses fresh keys, so tests share nothing.
 */
export interface FileStoreContractSetup {
  store: FileStore;
  raw: {
    /** The object's stored bytes, or undefined when there is none. */
    read(key: string): Promise<Buffer | undefined>;
    write(key: string, bytes: Buffer): Promise<void>;
    /** How many objects are stored (temporary files included). */
    count(): Promise<number>;
  };
  close(): Promise<void>;
}

const tagBytes = 16;

/** Stored size of a plaintext of n bytes: header, then one 16-byte tag per segment. */
function envelopeSize(n: number): number {
  const segments = Math.max(1, Math.ceil(n / segmentBytes));
  return headerBytes + n + segments * tagBytes;
}

/** A readable that yields `chunks` one by one (so writes arrive in several pieces). */
const streamOf = (...chunks: Buffer[]) => Readable.from(chunks, { objectMode: false });

/** The error a promise rejects with (undefined if it resolves). */
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

export function describeFileStoreContract(
  name: string,
  setup: () => Promise<FileStoreContractSetup>,
): void {
  describe(`${name}: the FileStore contract`, () => {
    let ctx: FileStoreContractSetup;
    beforeAll(async () => {
      ctx = await setup();
    });
    afterAll(async () => {
      await ctx?.close();
    });

    const key = () => randomUUID();
    const readBack = async (k: string) => buffer(await ctx.store.get(k));

    it('gives back exactly the bytes it was given, and their count', async () => {
      for (const size of [0, 1, 1000, segmentBytes, 2 * segmentBytes, 2 * segmentBytes + 7]) {
        const k = key();
        const bytes = randomBytes(size);
        const half = Math.floor(size / 2);
        await expect(
          ctx.store.put(k, streamOf(bytes.subarray(0, half), bytes.subarray(half))),
        ).resolves.toEqual({ size });
        expect({ size, same: (await readBack(k)).equals(bytes) }).toEqual({ size, same: true });
      }
    });

    it('stores ciphertext: the plaintext is nowhere in the object, which is the envelope', async () => {
      const k = key();
      const plaintext = Buffer.from(
        `%PDF-1.7 Patient: Ada Lovelace, DOB 1815-12-10 ${'x'.repeat(300)}`,
      );
      await ctx.store.put(k, streamOf(plaintext));
      const stored = await ctx.raw.read(k);
      expect(stored).toBeDefined();
      expect(stored!.includes(Buffer.from('Lovelace'))).toBe(false);
      expect(stored!.includes(Buffer.from('%PDF'))).toBe(false);
      expect(stored!.subarray(0, 4).toString('latin1')).toBe('ACF1');
      expect(stored!.length).toBe(envelopeSize(plaintext.length));
    });

    it('encrypts the same bytes differently every time', async () => {
      const plaintext = randomBytes(500);
      const [a, b] = [key(), key()];
      await ctx.store.put(a, streamOf(plaintext));
      await ctx.store.put(b, streamOf(plaintext));
      const [ra, rb] = [await ctx.raw.read(a), await ctx.raw.read(b)];
      expect(ra!.subarray(headerBytes).equals(rb!.subarray(headerBytes))).toBe(false);
    });

    it('answers FileNotFoundError for a key it does not hold', async () => {
      expect(await rejection(ctx.store.get(key()))).toBeInstanceOf(FileNotFoundError);
    });

    it('deletes, and deleting what is not there is not an error', async () => {
      const k = key();
      await ctx.store.put(k, streamOf(Buffer.from('to be removed')));
      await ctx.store.delete(k);
      expect(await ctx.raw.read(k)).toBeUndefined();
      expect(await rejection(ctx.store.get(k))).toBeInstanceOf(FileNotFoundError);
      await expect(ctx.store.delete(k)).resolves.toBeUndefined();
    });

    it('refuses to read a changed byte before giving out any of the file', async () => {
      const k = key();
      await ctx.store.put(k, streamOf(randomBytes(2000)));
      const stored = (await ctx.raw.read(k))!;
      stored[headerBytes + 100]! ^= 0x01;
      await ctx.raw.write(k, stored);
      expect(await rejection(ctx.store.get(k))).toBeInstanceOf(FileIntegrityError);
    });

    it('refuses a changed header, and an object copied under another key', async () => {
      const k = key();
      await ctx.store.put(k, streamOf(randomBytes(100)));
      const stored = (await ctx.raw.read(k))!;
      const salted = Buffer.from(stored);
      salted[10]! ^= 0x80;
      await ctx.raw.write(k, salted);
      expect(await rejection(ctx.store.get(k))).toBeInstanceOf(FileIntegrityError);
      const other = key();
      await ctx.raw.write(other, stored);
      expect(await rejection(ctx.store.get(other))).toBeInstanceOf(FileIntegrityError);
    });

    it('fails the stream when a later segment is changed, cut off or extended', async () => {
      const plaintext = randomBytes(3 * segmentBytes + 10);
      const k = key();
      await ctx.store.put(k, streamOf(plaintext));
      const stored = (await ctx.raw.read(k))!;
      const segment = segmentBytes + tagBytes;
      const variants = {
        changed: (() => {
          const b = Buffer.from(stored);
          b[headerBytes + 2 * segment + 5]! ^= 0x01;
          return b;
        })(),
        cutAtSegment: stored.subarray(0, headerBytes + 2 * segment),
        cutInside: stored.subarray(0, stored.length - 3),
        extended: Buffer.concat([stored, randomBytes(tagBytes + 4)]),
        reordered: Buffer.concat([
          stored.subarray(0, headerBytes),
          stored.subarray(headerBytes + segment, headerBytes + 2 * segment),
          stored.subarray(headerBytes, headerBytes + segment),
          stored.subarray(headerBytes + 2 * segment),
        ]),
      };
      for (const [what, bytes] of Object.entries(variants)) {
        await ctx.raw.write(k, bytes);
        const error = await rejection(ctx.store.get(k).then((s) => buffer(s)));
        expect({ what, integrity: error instanceof FileIntegrityError }).toEqual({
          what,
          integrity: true,
        });
      }
    });

    it('stores nothing when the body fails part-way', async () => {
      const k = key();
      const before = await ctx.raw.count();
      const failing = new Readable({
        read() {
          this.push(randomBytes(segmentBytes * 2));
          this.destroy(new Error('client went away'));
        },
      });
      expect(await rejection(ctx.store.put(k, failing))).toBeInstanceOf(Error);
      expect(await ctx.raw.read(k)).toBeUndefined();
      expect(await ctx.raw.count()).toBe(before);
    });

    it('refuses keys that could name a path', async () => {
      for (const bad of ['../escape-attempt', 'a/b/c/d/e/f', '.hidden-key', 'short']) {
        expect(await rejection(ctx.store.put(bad, streamOf(Buffer.from('x'))))).toBeInstanceOf(
          Error,
        );
      }
    });
  });
}
