import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { filesModule } from '../src/features/files/files.module';
import { createAuditRepo } from '../src/platform/audit.repo';
import { createAuditService } from '../src/platform/audit.service';
import { generatedKeyFile } from '../src/platform/files/file-store-factory';
import { type FilesConfig, parseFilesConfig } from '../src/platform/files/files.config';
import { httpConventions } from '../src/platform/http';
import { loggerOptions } from '../src/platform/logger';
import { memoryRateLimiter } from '../src/platform/rate-limit';
import { createSessionsRepo } from '../src/platform/sessions/sessions.repo';
import { createSessionsService } from '../src/platform/sessions/sessions.service';
import { type DatabaseKind, startTestApp, type TestApp } from './harness';
import { type S3Double, startS3Double } from './s3-double';

export type StoreKind = 'local' | 's3';
export const storeKinds: StoreKind[] = ['local', 's3'];

/**
 * The files area on its own Fastify instance (the HTTP conventions and the files routes under
 * /api, as app.ts will register them), beside a whole test app on the same database for
 * logging in and registering. Files go to a temporary DATA_DIR (key generated there) or to an
 * s3rver bucket on loopback (FILES_KEY set, as production S3 requires).
 */
export interface FilesTestApp {
  /** The whole app: log in and register through it. */
  main: TestApp;
  /** The files routes: upload, download and remove through it. */
  files: FastifyInstance;
  store: StoreKind;
  /** The files instance's log lines. */
  logs: string[];
  /** The master key's encodings, to prove they are never logged. */
  keyTexts: string[];
  /** Every stored object's raw bytes (below the encryption). */
  storedObjects(): Promise<Buffer[]>;
  close(): Promise<void>;
}

export async function startFilesTestApp(
  kind: DatabaseKind,
  store: StoreKind,
  env: Record<string, string> = {},
): Promise<FilesTestApp> {
  const main = await startTestApp(kind);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-files-int-'));
  let s3: S3Double | undefined;
  let raw: S3Client | undefined;
  let fileEnv: Record<string, string> = { ...env };
  if (store === 's3') {
    s3 = await startS3Double();
    fileEnv = {
      ...fileEnv,
      FILES_KEY: Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64'),
      FILES_S3_BUCKET: s3.bucket,
      FILES_S3_ENDPOINT: s3.endpoint,
      FILES_S3_ACCESS_KEY_ID: s3.accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      FILES_S3_FORCE_PATH_STYLE: 'true',
    };
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  const parsed = parseFilesConfig(fileEnv);
  if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
  const config: { dataDir: string; files: FilesConfig } = { dataDir, files: parsed.config };

  const db = main.database.db;
  const logs: string[] = [];
  const app = Fastify({
    logger: {
      ...loggerOptions('trace'),
      stream: new Writable({
        write(chunk, _encoding, done) {
          logs.push(String(chunk));
          done();
        },
      }),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(httpConventions, {
    sessions: createSessionsService({
      repo: createSessionsRepo(db),
      policy: main.config.session,
    }),
  });
  const module = filesModule(
    {
      db,
      config,
      platform: {
        audit: createAuditService(createAuditRepo(db)),
        limiter: memoryRateLimiter(),
        warn: (what) => () => app.log.warn(what),
        clock: {},
      },
    },
    { overLimitPauseMs: 10 },
  );
  const routes = module.routes;
  if (!routes) throw new Error('the files module has no routes');
  await app.register(async (api) => api.register(routes), { prefix: '/api' });
  await app.ready();

  const keyTexts = parsed.config.key
    ? [parsed.config.key.reveal().toString('base64'), parsed.config.key.reveal().toString('hex')]
    : [(await readFile(path.join(dataDir, generatedKeyFile), 'utf8')).trim()];

  return {
    main,
    files: app,
    store,
    logs,
    keyTexts,
    storedObjects: async () => {
      if (s3 && raw) {
        const listed = await raw.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
        return Promise.all(
          (listed.Contents ?? []).map(async ({ Key }) => {
            const res = await raw.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
            return Buffer.from(await res.Body!.transformToByteArray());
          }),
        );
      }
      const root = path.join(dataDir, 'files');
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      return Promise.all(
        entries.filter((e) => e.isFile()).map((e) => readFile(path.join(e.parentPath, e.name))),
      );
    },
    close: async () => {
      await app.close();
      await module.close?.();
      raw?.destroy();
      await s3?.close();
      await main.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart/form-data body, built the way a browser builds one. */
export async function multipartBody(form: {
  purpose?: string;
  files?: { name: string; bytes: Buffer; type?: string }[];
  /** Put the purpose field after the file(s). */
  purposeLast?: boolean;
}): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  const purpose = () => {
    if (form.purpose !== undefined) data.append('purpose', form.purpose);
  };
  if (!form.purposeLast) purpose();
  for (const file of form.files ?? []) {
    data.append(
      'file',
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  if (form.purposeLast) purpose();
  const request = new Request('http://localhost/api/files', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
