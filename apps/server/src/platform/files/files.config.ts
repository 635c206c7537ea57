import { defaultMaxFileBytes } from '@apothecall/domain/files/files.rules';
import { z } from 'zod';
import { type FilesKey, parseFilesKey } from './file-crypto';

/**
 * The files variables, read by config.ts through `parseFilesConfig`. Embedded by default
 * (DATA_DIR/files, key generated into DATA_DIR/files.key); FILES_S3_BUCKET switches to an
 * S3-compatible bucket, which needs FILES_KEY (a bucket has no DATA_DIR to keep a key in, and
 * several processes must share one key).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const maxBytesMessage = 'must be a whole number of bytes from 1024 to 104857600 (100 MiB)';

export const filesEnvSchema = z.object({
  /** 32 bytes as 64 hex digits or base64. Checked below so the value never reaches a message. */
  FILES_KEY: z.string().optional(),
  FILES_MAX_BYTES: z.coerce
    .number({ error: maxBytesMessage })
    .int(maxBytesMessage)
    .min(1024, maxBytesMessage)
    .max(100 * 1024 * 1024, maxBytesMessage)
    .default(defaultMaxFileBytes),
  FILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  FILES_S3_ENDPOINT: z.url('must be a URL such as https://s3.example.com').optional(),
  FILES_S3_REGION: z.string().min(1).default('us-east-1'),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_S3_FORCE_PATH_STYLE: bool.default(false),
});

export type FilesStorageConfig =
  | { readonly kind: 'local' }
  | {
      readonly kind: 's3';
      readonly bucket: string;
      readonly endpoint: string | undefined;
      readonly region: string;
      /** Unset: the SDK's default chain (environment, instance or task role). */
      readonly credentials:
        | { readonly accessKeyId: string; readonly secretAccessKey: string }
        | undefined;
      readonly forcePathStyle: boolean;
    };

export interface FilesConfig {
  /** Largest upload, in bytes. */
  readonly maxBytes: number;
  /** FILES_KEY; undefined means "generate into DATA_DIR on first start" (local storage only). */
  readonly key: FilesKey | undefined;
  readonly storage: FilesStorageConfig;
}

export type FilesConfigResult = { ok: true; config: FilesConfig } | { ok: false; lines: string[] };

/**
 * Reads the files variables (an empty value counts as unset). On failure answers one line per
 * bad variable, "Invalid environment variable NAME: why", never echoing FILES_KEY's value.
 */
export function parseFilesConfig(
  env: Readonly<Record<string, string | undefined>>,
): FilesConfigResult {
  const cleaned = Object.fromEntries(
    Object.keys(filesEnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = filesEnvSchema.safeParse(cleaned);
  const line = (name: string, why: string) => `Invalid environment variable ${name}: ${why}`;
  if (!parsed.success) {
    return {
      ok: false,
      lines: parsed.error.issues.map((issue) =>
        line(String(issue.path[0] ?? 'environment'), issue.message),
      ),
    };
  }
  const e = parsed.data;
  const lines: string[] = [];
  const key = e.FILES_KEY === undefined ? undefined : parseFilesKey(e.FILES_KEY);
  if (e.FILES_KEY !== undefined && !key) {
    lines.push(line('FILES_KEY', 'must be 32 bytes, written as 64 hex digits or in base64'));
  }
  if (e.FILES_S3_BUCKET && e.FILES_KEY === undefined) {
    lines.push(
      line('FILES_KEY', 'must be set when FILES_S3_BUCKET is set (32 bytes, hex or base64)'),
    );
  }
  if (Boolean(e.FILES_S3_ACCESS_KEY_ID) !== Boolean(e.FILES_S3_SECRET_ACCESS_KEY)) {
    lines.push(
      line(
        e.FILES_S3_ACCESS_KEY_ID ? 'FILES_S3_SECRET_ACCESS_KEY' : 'FILES_S3_ACCESS_KEY_ID',
        'FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY go together',
      ),
    );
  }
  if (lines.length > 0) return { ok: false, lines };
  return {
    ok: true,
    config: {
      maxBytes: e.FILES_MAX_BYTES,
      key,
      storage: e.FILES_S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.FILES_S3_BUCKET,
            endpoint: e.FILES_S3_ENDPOINT,
            region: e.FILES_S3_REGION,
            credentials:
              e.FILES_S3_ACCESS_KEY_ID && e.FILES_S3_SECRET_ACCESS_KEY
                ? {
                    accessKeyId: e.FILES_S3_ACCESS_KEY_ID,
                    secretAccessKey: e.FILES_S3_SECRET_ACCESS_KEY,
                  }
                : undefined,
            forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    },
  };
}
