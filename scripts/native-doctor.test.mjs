// `npx cap doctor` passes on a fresh clone once `npm install` has run: it wants a web
// build in Capacitor's webDir and in the Android project's assets, which git ignores, and apps/web's
// postinstall (apps/web/scripts/native-placeholder.mjs) puts a placeholder page there. This copies
// the files git tracks under apps/web (what a clone has), runs that postinstall, then Capacitor's
// own doctor, for Android and for iOS. On a machine without Xcode, iOS's only complaint may be
// that Xcode is missing.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/@capacitor/cli/bin/capacitor');
let clone = '';
let web = '';
let stubs = '';

beforeAll(() => {
  clone = mkdtempSync(path.join(os.tmpdir(), 'native-doctor-'));
  web = path.join(clone, 'apps/web');
  const tracked = spawnSync(
    'git',
    ['ls-files', '-z', '--', 'package.json', 'capacitor.config.ts', 'scripts', 'android', 'ios'],
    { cwd: path.join(root, 'apps/web'), encoding: 'utf8' },
  );
  expect(tracked.status).toBe(0);
  for (const file of tracked.stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, 'apps/web', file);
    if (!existsSync(from)) continue; // deleted in the working tree
    mkdirSync(path.dirname(path.join(web, file)), { recursive: true });
    copyFileSync(from, path.join(web, file));
  }
  // The packages `npm install` would have put there (Capacitor's platforms, TypeScript for the
  // config file).
  symlinkSync(path.join(root, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  // The doctor first asks the registry for the latest versions (`npm info`): a stub npm answers
  // nothing, so they print as unknown and the test needs no network.
  stubs = path.join(clone, '.stubs');
  mkdirSync(stubs);
  writeFileSync(path.join(stubs, 'npm'), '#!/bin/sh\nexit 1\n');
  chmodSync(path.join(stubs, 'npm'), 0o755);
});

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

function doctor(platform) {
  const run = spawnSync(process.execPath, [cli, 'doctor', platform], {
    cwd: web,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: [stubs, path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
      CI: '1',
      NO_COLOR: '1',
    },
  });
  const output = `${run.stdout}${run.stderr}`;
  const errors = output.includes('[error]')
    ? output
        .slice(output.indexOf('[error]') + '[error]'.length)
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
    : [];
  return { exit: run.status, output, errors };
}

it('a fresh clone fails the doctor before the install step, which is what that step is for', () => {
  expect(doctor('android').errors).toEqual(['app/src/main/assets directory is missing in android']);
}, 60_000);

it('after the install step, `cap doctor android` passes and `cap doctor ios` asks only for Xcode', () => {
  const pkg = JSON.parse(readFileSync(path.join(web, 'package.json'), 'utf8'));
  expect(pkg.scripts?.postinstall).toBe('node scripts/native-placeholder.mjs');
  const install = spawnSync('npm', ['run', 'postinstall'], { cwd: web, encoding: 'utf8' });
  expect({ exit: install.status, errors: install.stderr }).toEqual({ exit: 0, errors: '' });

  const android = doctor('android');
  expect(android.errors).toEqual([]);
  expect(android.output).toContain('Android looking great');

  const ios = doctor('ios');
  const xcode = spawnSync('which', ['xcodebuild']).status === 0;
  expect(ios.errors).toEqual(xcode ? [] : ['Xcode is not installed']);
}, 60_000);
