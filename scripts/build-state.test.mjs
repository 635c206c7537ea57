// `npm start` rebuilds a workspace only when its inputs changed (scripts/build-state.mjs):
// these walk the rule on a throw-away tree shaped like a workspace.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildState, inputsHash, recordBuild, targets } from './build-state.mjs';

/** @type {import('./build-state.mjs').BuildTarget} */
const target = {
  name: 'app',
  workspace: '@example/app',
  output: 'app/dist',
  entry: 'app/dist/main.js',
  inputs: ['app/src', 'app/build.mjs', 'package-lock.json', 'app/missing.json'],
  env: ['BUILD_VERSION'],
};

let root = '';
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a build does: empties the output, writes it, and records the inputs it started from. */
const buildNow = (env = {}) => {
  const { hash } = buildState(root, target, env);
  rmSync(path.join(root, target.output), { recursive: true, force: true });
  write(target.entry, 'built');
  recordBuild(root, target, hash);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'apothecall-build-state-'));
  write('app/src/main.ts', 'export const a = 1;');
  write('app/src/deep/util.ts', 'export const b = 2;');
  write('app/build.mjs', '// build');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a build is up to date', () => {
  it('not before its first build', () => {
    expect(buildState(root, target, {})).toMatchObject({
      upToDate: false,
      reason: 'not built yet',
    });
  });

  it('after a build, while nothing changed', () => {
    buildNow();
    expect(buildState(root, target, {})).toMatchObject({ upToDate: true });
  });

  it('still when files are touched but not changed (contents, not times, decide)', () => {
    buildNow();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'app/src/main.ts'), later, later);
    write('package-lock.json', '{}');
    expect(buildState(root, target, {}).upToDate).toBe(true);
  });

  it.each([
    ['a source file changes', () => write('app/src/deep/util.ts', 'export const b = 3;')],
    ['a source file is added', () => write('app/src/new.ts', '')],
    ['a source file is removed', () => rmSync(path.join(root, 'app/src/deep/util.ts'))],
    [
      'a file is renamed',
      () => {
        rmSync(path.join(root, 'app/src/deep/util.ts'));
        write('app/src/deep/util2.ts', 'export const b = 2;');
      },
    ],
    ['the build script changes', () => write('app/build.mjs', '// build, minified')],
    ['the lockfile changes', () => write('package-lock.json', '{"v":2}')],
    ['an input that was missing appears', () => write('app/missing.json', '{}')],
    ['the output is gone', () => rmSync(path.join(root, target.output), { recursive: true })],
    ['the record is gone', () => rmSync(path.join(root, target.output, '.build-inputs'))],
  ])('no longer when %s', (_what, change) => {
    buildNow();
    change();
    expect(buildState(root, target, {}).upToDate).toBe(false);
  });

  it('no longer when an environment variable the build reads changes', () => {
    buildNow({ BUILD_VERSION: '1' });
    expect(buildState(root, target, { BUILD_VERSION: '1' }).upToDate).toBe(true);
    expect(buildState(root, target, { BUILD_VERSION: '2' }).upToDate).toBe(false);
    expect(buildState(root, target, {}).upToDate).toBe(false);
  });

  it('no longer when a file changed while it was being built (the hash is taken before)', () => {
    const { hash } = buildState(root, target, {});
    write('app/src/main.ts', 'export const a = 10;');
    write(target.entry, 'built');
    recordBuild(root, target, hash);
    expect(buildState(root, target, {}).upToDate).toBe(false);
  });

  it('tells apart a file moved between folders with the same bytes', () => {
    const before = inputsHash(root, target, {});
    rmSync(path.join(root, 'app/src/deep/util.ts'));
    write('app/src/util.ts', 'export const b = 2;');
    expect(inputsHash(root, target, {})).not.toBe(before);
  });
});

describe("the project's targets", () => {
  const repo = path.resolve(import.meta.dirname, '..');

  it('name inputs that exist, and an entry inside their output', () => {
    for (const t of targets) {
      expect(t.entry.startsWith(`${t.output}/`), t.name).toBe(true);
      for (const input of t.inputs) {
        expect(() => inputsHash(repo, { ...t, inputs: [input] }), input).not.toThrow();
      }
    }
  });

  it('hash the same twice in a row (nothing they read writes into their inputs)', () => {
    for (const t of targets) expect(inputsHash(repo, t, {})).toBe(inputsHash(repo, t, {}));
  });
});
