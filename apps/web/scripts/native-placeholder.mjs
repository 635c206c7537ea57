// A fresh clone's native projects as `npx cap doctor` checks them. The doctor wants a
// web build in Capacitor's webDir (`.native-www/`) and in the Android project's assets
// (`android/app/src/main/assets/public/`); both are build output that git ignores, so on a fresh
// clone it failed until `npm run native:sync`. Run at install (apps/web's `postinstall`), this
// writes a placeholder page into each of them that has no index.html, saying how to put the real
// build there. `npm run native:sync` replaces both; an existing build is never touched.
// Uses only Node's own modules (it runs before scripts/ensure-node.mjs has linked Node 24).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Apothecall: no web build yet</title>
  </head>
  <body>
    <!-- apothecall:native-placeholder (apps/web/scripts/native-placeholder.mjs) -->
    <h1>No web build in this app yet</h1>
    <p>
      Build the web app into the native projects with <code>npm run native:sync</code>, then build
      the app again (docs/operations.md, "Native apps").
    </p>
  </body>
</html>
`;

const places = [
  path.join(web, '.native-www'),
  path.join(web, 'android', 'app', 'src', 'main', 'assets', 'public'),
];
for (const dir of places) {
  const index = path.join(dir, 'index.html');
  if (existsSync(index)) continue;
  mkdirSync(dir, { recursive: true });
  writeFileSync(index, page);
  console.log(`native-placeholder: ${path.relative(web, index)} (until npm run native:sync)`);
}
