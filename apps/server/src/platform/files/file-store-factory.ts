import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FilesKey, generateFilesKey, parseFilesKey } from './file-crypto';
import type { FileStore } from './file-store';
import type { FilesConfig } from './files.config';
import { createLocalFileStore } from './local-file-store';
import type { S3FileStoreOptions } from './s3-file-store';

/** The name of the generated key file inside DATA_DIR. */
export const generatedKeyFile = 'files.key';

/**
 * The master key: FILES_KEY when set; otherwise (embedded storage only — files.config.ts
 * refuses S3 without FILES_KEY) the key in DATA_DIR/files.key, created on the first start with
 * mode 0600 and reused after. The key is never logged.
 */
export function resolveFilesKey(config: FilesConfig, dataDir: string): FilesKey {
  if (config.key) return config.key;
  if (config.storage.kind === 's3') throw new Error('FILES_KEY is required with S3 storage');
  const file = path.join(dataDir, generatedKeyFile);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': exactly one process creates it, even when two start at once.
    writeFileSync(file, `${generateFilesKey().reveal().toString('base64')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseFilesKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key`);
  try {
    chmodSync(file, 0o600);
  } catch {
    // best effort (read-only mounts)
  }
  return key;
}

/** The configured store: encrypted files under DATA_DIR/files, or an S3-compatible bucket. */
export function createFileStore(config: FilesConfig, dataDir: string): FileStore {
  const key = resolveFilesKey(config, dataDir);
  if (config.storage.kind === 's3') return lazyS3FileStore({ ...config.storage, key });
  return createLocalFileStore({ root: path.join(dataDir, 'files'), key });
}

/**
 * The S3 store, its module (and the AWS SDK with it) loaded here, only when S3 is configured:
 * most starts keep files on disk and never need it (docs/performance.md, "Memory"). Each call
 * waits for the store; a failure to load is each call's error.
 */
function lazyS3FileStore(options: S3FileStoreOptions): FileStore {
  const store = import('./s3-file-store').then((s3) => s3.createS3FileStore(options));
  store.catch(() => {});
  return {
    put: async (key, body) => (await store).put(key, body),
    get: async (key) => (await store).get(key),
    delete: async (key) => (await store).delete(key),
    close: async () => (await store).close(),
  };
}
