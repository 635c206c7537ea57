import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateFilesKey } from './file-crypto';
import { describeFileStoreContract } from './file-store.contract';
import { createFileStore, generatedKeyFile, resolveFilesKey } from './file-store-factory';
import { parseFilesConfig } from './files.config';
import { createLocalFileStore } from './local-file-store';

const shardedPath = (root: string, key: string) =>
  path.join(root, key.slice(0, 2), key.slice(2, 4), key);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describeFileStoreContract('local encrypted store', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'apothecall-files-'));
  return {
    store: createLocalFileStore({ root, key: generateFilesKey() }),
    raw: {
      read: (key) => readFile(shardedPath(root, key)).catch(() => undefined),
      write: async (key, bytes) => {
        await mkdir(path.dirname(shardedPath(root, key)), { recursive: true });
        await writeFile(shardedPath(root, key), bytes);
      },
      count: async () => (await filesUnder(root)).length,
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe('local encrypted store on disk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-data-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const localConfig = () => {
    const parsed = parseFilesConfig({});
    if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
    return parsed.config;
  };

  it('keeps each file owner-only under DATA_DIR/files, with no temporary file left', async () => {
    const store = createFileStore(localConfig(), dataDir);
    const key = randomUUID();
    await store.put(key, Readable.from([Buffer.from('hello')]));
    const file = shardedPath(path.join(dataDir, 'files'), key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await filesUnder(path.join(dataDir, 'files'))).map((f) => path.basename(f))).toEqual([
      key,
    ]);
  });

  it('generates the key into DATA_DIR/files.key once (mode 0600) and reuses it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-key-'));
    try {
      const first = createFileStore(localConfig(), dir);
      const key = randomUUID();
      await first.put(key, Readable.from([Buffer.from('kept across restarts')]));
      const keyFile = path.join(dir, generatedKeyFile);
      expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
      const written = await readFile(keyFile, 'utf8');
      // A restart reads the same key and can still open what was stored.
      const second = createFileStore(localConfig(), dir);
      expect(await readFile(keyFile, 'utf8')).toBe(written);
      const again = await second.get(key);
      expect(Buffer.concat(await again.toArray()).toString()).toBe('kept across restarts');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses FILES_KEY when set, and never prints it', async () => {
    const hex = 'ab'.repeat(32);
    const parsed = parseFilesConfig({ FILES_KEY: hex });
    if (!parsed.ok) throw new Error(parsed.lines.join('\n'));
    const dir = await mkdtemp(path.join(os.tmpdir(), 'apothecall-key-'));
    try {
      const key = resolveFilesKey(parsed.config, dir);
      expect(key.reveal().toString('hex')).toBe(hex);
      await expect(stat(path.join(dir, generatedKeyFile))).rejects.toThrow();
      const printed = [
        JSON.stringify(parsed.config),
        String(key),
        inspect(parsed.config, { depth: 5 }),
      ].join('\n');
      expect(printed).not.toContain(hex);
      expect(printed).not.toContain(key.reveal().toString('base64'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
