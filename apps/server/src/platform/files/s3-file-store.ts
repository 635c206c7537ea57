import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { DecryptStream, EncryptStream, type FilesKey } from './file-crypto';
import { assertStorageKey, FileNotFoundError, type FileStore, primed } from './file-store';

export interface S3FileStoreOptions {
  bucket: string;
  endpoint?: string | undefined;
  region: string;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  key: FilesKey;
  /** Bytes per multipart part (S3's minimum is 5 MiB); default 8 MiB. */
  partBytes?: number;
}

/**
 * Encrypted objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). The envelope is
 * the same as on disk (file-crypto.ts), made here, so the bucket holds ciphertext only.
 *
 * An object up to one part is sent with one PutObject; a larger one streams as a multipart
 * upload, holding one part in memory at a time, and is aborted if anything fails. Checksums are
 * only sent where S3 requires them: several S3-compatible servers refuse the newer default
 * (flexible checksums), and GCM already authenticates every byte.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { bucket, key: master } = options;
  const partBytes = options.partBytes ?? 8 * 1024 * 1024;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });

  async function multipart(key: string, first: Buffer, rest: AsyncIterable<Buffer>) {
    const created = await client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 answered no upload id');
    const parts: { ETag: string; PartNumber: number }[] = [];
    const send = async (body: Buffer) => {
      const partNumber = parts.length + 1;
      const sent = await client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: body,
          ContentLength: body.length,
        }),
      );
      parts.push({ ETag: sent.ETag ?? '', PartNumber: partNumber });
    };
    try {
      await send(first);
      for await (const part of rest) await send(part);
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId }))
        .catch(() => undefined);
      throw error;
    }
  }

  return {
    async put(key, body) {
      assertStorageKey(key);
      const encrypt = new EncryptStream(master, key);
      const flowing = pipeline(body, encrypt);
      flowing.catch(() => undefined);
      const parts = partsOf(encrypt, partBytes);
      try {
        const first = await parts.next();
        const second = first.done ? first : await parts.next();
        if (first.done || second.done) {
          const whole = first.done ? Buffer.alloc(0) : first.value;
          await client.send(
            new PutObjectCommand({
              Bucket: bucket,
              Key: key,
              Body: whole,
              ContentLength: whole.length,
            }),
          );
        } else {
          const more = (async function* () {
            yield second.value;
            yield* parts;
          })();
          await multipart(key, first.value, more);
        }
      } catch (error) {
        // Stop reading the body: the pipeline then closes it.
        encrypt.destroy();
        throw error;
      }
      await flowing;
      return { size: encrypt.plaintextBytes };
    },

    async get(key) {
      assertStorageKey(key);
      let body: unknown;
      try {
        body = (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body;
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) {
          throw new FileNotFoundError();
        }
        throw error;
      }
      if (!(body instanceof Readable)) throw new Error('S3 answered no body stream');
      const decrypt = new DecryptStream(master, key);
      pipeline(body, decrypt).catch(() => undefined);
      return primed(decrypt);
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async close() {
      client.destroy();
    },
  };
}

/** The stream's bytes regrouped into buffers of exactly `size` (the last one shorter). */
async function* partsOf(stream: AsyncIterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk);
    length += chunk.length;
    while (length >= size) {
      const all = Buffer.concat(chunks);
      yield all.subarray(0, size);
      const rest = all.subarray(size);
      chunks = rest.length > 0 ? [rest] : [];
      length = rest.length;
    }
  }
  if (length > 0) yield Buffer.concat(chunks);
}
