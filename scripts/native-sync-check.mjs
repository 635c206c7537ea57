// `npx cap sync` for the native apps, as `npm test` runs it after the production
// build: the web build goes into ios/ and android/ with the plugins, and the files sync writes
// into the committed projects (the plugin lists of Gradle and Swift Package Manager) must come
// out as they went in. A change means the committed projects are behind package.json: run
// `npm run native:sync` and commit what it changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps', 'web');

// What sync copies or generates and git ignores (the projects' own .gitignore files).
const ignored = [
  /\/build\//,
  /\/\.gradle\//,
  /android\/app\/src\/main\/assets\//,
  /android\/app\/src\/main\/res\/xml\/config\.xml$/,
  /android\/capacitor-cordova-android-plugins\//,
  /ios\/App\/App\/public\//,
  /ios\/App\/App\/(capacitor\.config\.json|config\.xml)$/,
  /ios\/capacitor-cordova-ios-plugins\//,
  /ios\/App\/(Pods|output|DerivedData)\//,
];

function snapshot() {
  const files = new Map();
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const rel = path.relative(web, full).split(path.sep).join('/');
      if (statSync(full).isDirectory()) {
        if (!ignored.some((re) => re.test(`${rel}/`))) walk(full);
      } else if (!ignored.some((re) => re.test(rel))) {
        files.set(rel, createHash('sha256').update(readFileSync(full)).digest('hex'));
      }
    }
  };
  for (const project of ['android', 'ios']) {
    if (existsSync(path.join(web, project))) walk(path.join(web, project));
  }
  return files;
}

const before = snapshot();
const run = spawnSync('npm', ['run', 'native:sync', '-w', '@apothecall/web'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
if (run.status !== 0) process.exit(run.status ?? 1);
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (file) => before.get(file) !== after.get(file),
);
if (changed.length > 0) {
  console.error(
    `native: cap sync changed the committed native projects:\n  ${changed.join('\n  ')}\n` +
      'Run `npm run native:sync` and commit what it changed.',
  );
  process.exit(1);
}
console.log(
  `native: ios/ and android/ synced; the committed projects were up to date (${after.size} files).`,
);
