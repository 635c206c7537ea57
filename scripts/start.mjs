// `npm start`: checks that the port is free, builds what changed since the last build
// (scripts/build.mjs --changed; FORCE_BUILD=1 builds everything), then runs the server
// (apps/server/dist/main.js): on Linux this process becomes the server (process.execve) with
// glibc's malloc set as scripts/server-malloc.mjs says, which only takes effect at a process's
// start; elsewhere it runs in this process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { busyAddress, busyPortMessage } from './port-check.mjs';
import { withServerMalloc } from './server-malloc.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server's own defaults (apps/server/src/config.ts); a bad value is left for it to report.
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT || 3000);

if (await busyAddress(host, port)) {
  console.error(busyPortMessage(host, port));
  process.exit(1);
}
if (!build({ changedOnly: true })) process.exit(1);
const main = path.join(root, 'apps/server/dist/main.js');
const tunables = withServerMalloc(process.env.GLIBC_TUNABLES);
if (
  process.platform === 'linux' &&
  typeof process.execve === 'function' &&
  tunables !== process.env.GLIBC_TUNABLES
) {
  // The same node with the same flags (package.json's --max-semi-space-size), the same
  // environment and the malloc setting; the process id, terminal and signals stay this process's.
  process.execve(process.execPath, [process.execPath, ...process.execArgv, main], {
    ...process.env,
    GLIBC_TUNABLES: tunables,
  });
}
await import(pathToFileURL(main).href);
