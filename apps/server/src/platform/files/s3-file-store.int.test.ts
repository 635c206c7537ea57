import { Readable } from 'node:stream';
import {
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { type S3Double, startS3Double } from '../../../test/s3-double';
import { generateFilesKey } from './file-crypto';
import { describeFileStoreContract } from './file-store.contract';
import { createFileStore } from './file-store-factory';
import { createS3FileStore } from './s3-file-store';

/** A plain client on the same bucket, below the encryption: what the bucket really holds. */
function rawClient(s3: S3Double) {
  return new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

describeFileStoreContract('S3 store (s3rver on loopback)', async () => {
  const s3 = await startS3Double();
  const raw = rawClient(s3);
  const store = createS3FileStore({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: true,
    key: generateFilesKey(),
    // Small parts, so files of a few hundred KiB go through the multipart upload.
    partBytes: 100 * 1024,
  });
  return {
    store,
    raw: {
      read: async (key) => {
        try {
          const res = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
          return Buffer.from(await res.Body!.transformToByteArray());
        } catch {
          return undefined;
        }
      },
      write: async (key, bytes) => {
        await raw.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: bytes }));
      },
      count: async () =>
        (await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).KeyCount ?? 0,
    },
    close: async () => {
      await store.close();
      raw.destroy();
      await s3.close();
    },
  };
});

describe('S3 store configuration', () => {
  it('answers a clear error when the bucket does not exist', async () => {
    const s3 = await startS3Double();
    const store = createS3FileStore({
      bucket: 'no-such-bucket',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      forcePathStyle: true,
      key: generateFilesKey(),
    });
    try {
      await expect(
        store.put('0123456789abcdef', Readable.from([Buffer.from('x')])),
      ).rejects.toMatchObject({ name: 'NoSuchBucket' });
    } finally {
      await store.close();
      await s3.close();
    }
  });

  it('is what createFileStore makes with S3 configured (its module loaded then, not at start)', async () => {
    const s3 = await startS3Double();
    const key = generateFilesKey();
    const store = createFileStore(
      {
        maxBytes: 1024 * 1024,
        key,
        storage: {
          kind: 's3',
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          forcePathStyle: true,
        },
      },
      '/nonexistent-data-dir-unused-with-s3',
    );
    const raw = rawClient(s3);
    try {
      const bytes = Buffer.from('a file in the bucket');
      await expect(store.put('abcdef0123456789', Readable.from([bytes]))).resolves.toEqual({
        size: bytes.length,
      });
      const stored = await raw.send(
        new GetObjectCommand({ Bucket: s3.bucket, Key: 'abcdef0123456789' }),
      );
      // The bucket holds the encrypted envelope, not the plaintext.
      expect(Buffer.from(await stored.Body!.transformToByteArray()).includes(bytes)).toBe(false);
      const chunks: Buffer[] = [];
      for await (const chunk of await store.get('abcdef0123456789')) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(bytes);
      await store.delete('abcdef0123456789');
      await expect(store.get('abcdef0123456789')).rejects.toMatchObject({
        message: 'stored file not found',
      });
    } finally {
      await store.close();
      raw.destroy();
      await s3.close();
    }
  });
});
