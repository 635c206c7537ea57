// Prepares the web build for the native apps: `dist/` as built, copied to
// `.native-www/` (Capacitor's webDir) without what only a browser uses (the service worker and
// its precache, the pre-compressed copies), plus `native-config.json`: the server the app calls
// and the brand it is. Both come from the environment:
//   NATIVE_SERVER_ORIGIN  default http://localhost:3000 (an iOS simulator on the same Mac; the
//                         Android emulator reaches the host as http://10.0.2.2:3000)
//   NATIVE_COMPANY        default none (the main brand; a white-label's company key otherwise)
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
const out = path.join(web, '.native-www');

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('native-web: no web build in apps/web/dist. Run `npm run build` first.');
  process.exit(1);
}
const serverOrigin = (process.env.NATIVE_SERVER_ORIGIN ?? 'http://localhost:3000').replace(
  /\/+$/,
  '',
);
if (!/^https?:\/\/[^/\s]+$/.test(serverOrigin)) {
  console.error(
    `native-web: NATIVE_SERVER_ORIGIN must be an origin (https://host[:port]), not ${serverOrigin}`,
  );
  process.exit(1);
}
const company = process.env.NATIVE_COMPANY?.trim() || null;

const browserOnly = (name) =>
  // The build's manifest (.vite/manifest.json) is for the size budget (scripts/web-budget.mjs).
  name === '.vite' ||
  name === 'sw.js' ||
  name === 'registerSW.js' ||
  name === 'push-sw.js' ||
  /^workbox-.*\.js$/.test(name) ||
  /\.(br|gz)$/.test(name);

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(dist, out, {
  recursive: true,
  filter: (source) => !browserOnly(path.basename(source)),
});
writeFileSync(
  path.join(out, 'native-config.json'),
  `${JSON.stringify({ serverOrigin, company }, null, 2)}\n`,
);
console.log(
  `native-web: .native-www ready (server ${serverOrigin}${company ? `, brand ${company}` : ''})`,
);
