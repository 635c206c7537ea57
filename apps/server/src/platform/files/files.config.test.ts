import { describe, expect, it } from 'vitest';
import { parseFilesConfig } from './files.config';

const hexKey = '0f'.repeat(32);
const base64Key = Buffer.alloc(32, 7).toString('base64');

describe('parseFilesConfig', () => {
  it('defaults to local storage, 10 MiB, key generated later', () => {
    const parsed = parseFilesConfig({ FILES_KEY: '', FILES_S3_BUCKET: '' });
    expect(parsed).toMatchObject({
      ok: true,
      config: { maxBytes: 10 * 1024 * 1024, key: undefined, storage: { kind: 'local' } },
    });
  });

  it('reads the key in hex or base64', () => {
    for (const text of [hexKey, base64Key]) {
      const parsed = parseFilesConfig({ FILES_KEY: text });
      expect(parsed.ok && parsed.config.key?.reveal().length).toBe(32);
    }
  });

  it('refuses a wrong key without repeating it', () => {
    const parsed = parseFilesConfig({ FILES_KEY: 'short-secret-value' });
    expect(parsed).toEqual({
      ok: false,
      lines: [
        'Invalid environment variable FILES_KEY: must be 32 bytes, written as 64 hex digits or in base64',
      ],
    });
  });

  it('needs FILES_KEY with S3, and both credentials or neither', () => {
    expect(parseFilesConfig({ FILES_S3_BUCKET: 'records' })).toEqual({
      ok: false,
      lines: [
        'Invalid environment variable FILES_KEY: must be set when FILES_S3_BUCKET is set (32 bytes, hex or base64)',
      ],
    });
    const half = parseFilesConfig({
      FILES_S3_BUCKET: 'records',
      FILES_KEY: hexKey,
      FILES_S3_ACCESS_KEY_ID: 'id',
    });
    expect(half.ok).toBe(false);
    expect(!half.ok && half.lines[0]).toMatch(
      /^Invalid environment variable FILES_S3_SECRET_ACCESS_KEY/,
    );
  });

  it('reads the S3 settings', () => {
    expect(
      parseFilesConfig({
        FILES_KEY: hexKey,
        FILES_S3_BUCKET: 'records',
        FILES_S3_ENDPOINT: 'http://127.0.0.1:9000',
        FILES_S3_REGION: 'eu-west-1',
        FILES_S3_ACCESS_KEY_ID: 'id',
        FILES_S3_SECRET_ACCESS_KEY: 'secret',
        FILES_S3_FORCE_PATH_STYLE: 'true',
        FILES_MAX_BYTES: '2048',
      }),
    ).toMatchObject({
      ok: true,
      config: {
        maxBytes: 2048,
        storage: {
          kind: 's3',
          bucket: 'records',
          endpoint: 'http://127.0.0.1:9000',
          region: 'eu-west-1',
          credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
          forcePathStyle: true,
        },
      },
    });
  });

  it('names a bad limit or bucket', () => {
    const parsed = parseFilesConfig({ FILES_MAX_BYTES: '12', FILES_S3_BUCKET: 'Bad_Bucket' });
    expect(!parsed.ok && parsed.lines.map((l) => l.split(':')[0])).toEqual([
      'Invalid environment variable FILES_MAX_BYTES',
      'Invalid environment variable FILES_S3_BUCKET',
    ]);
  });
});
