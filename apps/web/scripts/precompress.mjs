// After `vite build`: a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every
// text asset of the build worth compressing, so the server sends them as they are.
// Usage: node scripts/precompress.mjs [dist]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
const minBytes = 512;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name) && statSync(full).size >= minBytes) yield full;
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
for (const file of files(root)) {
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
  before += bytes.length;
  afterBr += br.length;
}
console.log(
  `precompress: ${count} files, ${(before / 1024).toFixed(0)} KB -> ${(afterBr / 1024).toFixed(0)} KB brotli (and gzip)`,
);
