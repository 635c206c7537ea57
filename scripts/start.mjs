// `npm start`: checks that the port is free, builds what changed since the last build
// (scripts/build.mjs --changed; FORCE_BUILD=1 builds everything), then runs the server
// (apps/server/dist/main.js) in this process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { busyAddress, busyPortMessage } from './port-check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server's own defaults (apps/server/src/config.ts); a bad value is left for it to report.
const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT || 3000);

if (await busyAddress(host, port)) {
  console.error(busyPortMessage(host, port));
  process.exit(1);
}
if (!build({ changedOnly: true })) process.exit(1);
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
