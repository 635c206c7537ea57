import { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/**
 * A ZIP archive written entry by entry with fflate (docs/architecture.md, "Libraries"): each
 * entry is compressed (or stored) as it is added and its input can go, so what the archive
 * holds at any moment is its compressed output and one input, never its inputs together. An
 * entry is added whole (a file read that fails half-way leaves no half entry behind). The output
 * stays in this process's memory, not in a temporary file, because what goes in is a patient's
 * record (a plaintext copy on disk would escape the files' encryption at rest), and it is sent
 * with its length (`sendPrivateFile` needs one).
 */
export interface ZipArchive {
  /** Adds a file; `compress: false` stores it as is (PDFs and images are compressed already). */
  add(path: string, bytes: Uint8Array, options?: { compress?: boolean; at?: Date }): void;
  /** Ends the archive: its bytes as a stream, and their number. */
  finish(): { body: Readable; size: number };
}

/** ZIP keeps MS-DOS times: nothing before 1980. */
const dosTime = (at: Date | undefined) =>
  at && at.getTime() >= Date.UTC(1980, 0, 2) ? at : new Date(Date.UTC(1980, 0, 2));

export function createZipArchive(): ZipArchive {
  const chunks: Buffer[] = [];
  let size = 0;
  let failure: Error | undefined;
  let ended = false;
  const zip = new Zip((error, data, final) => {
    if (error) {
      failure = error;
      return;
    }
    chunks.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    size += data.byteLength;
    if (final) ended = true;
  });
  const check = () => {
    if (failure) throw failure;
  };
  const entry = (path: string, options: { compress?: boolean; at?: Date } = {}) => {
    const file = options.compress === false ? new ZipPassThrough(path) : new ZipDeflate(path);
    file.mtime = dosTime(options.at);
    zip.add(file);
    return file;
  };
  return {
    add(path, bytes, options) {
      entry(path, options).push(bytes, true);
      check();
    },
    finish() {
      zip.end();
      check();
      if (!ended) throw new Error('zip archive did not end');
      return { body: Readable.from(chunks), size };
    },
  };
}
