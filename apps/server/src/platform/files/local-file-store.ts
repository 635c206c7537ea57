import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DecryptStream, EncryptStream, type FilesKey } from './file-crypto';
import { assertStorageKey, FileNotFoundError, type FileStore, primed } from './file-store';

/**
 * Encrypted files on local disk (the embedded default): `<root>/<k0k1>/<k2k3>/<key>`, two
 * levels of sharding so no directory grows past a few thousand entries. A write goes to a
 * temporary file in the same directory (mode 0600, flushed to disk) and is renamed into place,
 * so a reader never sees half a file and a crash leaves at most a `.tmp` to sweep.
 */
export function createLocalFileStore(options: { root: string; key: FilesKey }): FileStore {
  const { root, key: master } = options;
  const pathOf = (key: string) => {
    assertStorageKey(key);
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };

  return {
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = path.join(path.dirname(target), `.${key}.${randomBytes(6).toString('hex')}.tmp`);
      const encrypt = new EncryptStream(master, key);
      try {
        await pipeline(
          body,
          encrypt,
          createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }),
        );
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { size: encrypt.plaintextBytes };
    },

    async get(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError();
        throw error;
      }
      const decrypt = new DecryptStream(master, key);
      // Errors reach the consumer through `decrypt`; a consumer that stops early closes the file.
      pipeline(handle.createReadStream(), decrypt).catch(() => undefined);
      return primed(decrypt);
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async close() {},
  };
}
