// The event rule: an area tells others what changed through the bus (platform/events.ts), and
// says what it may tell in one place. Every event is declared in its area's
// `features/<area>/<area>.events.ts`, is named `<area>.<what>` (the folder's name in camel case:
// rx-forms -> rxForms), and is emitted only by that area's files. Listeners may sit anywhere.
// Before, two events were declared in job files, where a reader of the area's events file
// would not find them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const src = path.join(root, 'apps/server/src');

/** @returns {string[]} every non-test TypeScript file under dir, relative to src */
function files(/** @type {string} */ dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name),
    )
    .map((entry) => path.relative(src, path.join(entry.parentPath, entry.name)));
}

const camel = (/** @type {string} */ folder) =>
  folder.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
const areaOf = (/** @type {string} */ file) => /^features\/([^/]+)\//.exec(file)?.[1];
const all = files(src);
const text = (/** @type {string} */ file) => readFileSync(path.join(src, file), 'utf8');

/** The event names declared in one file's `interface AppEvents { ... }` blocks. */
function declared(/** @type {string} */ source) {
  const names = [];
  for (const block of source.matchAll(/interface AppEvents \{([\s\S]*?)\n {2}\}/g)) {
    for (const key of (block[1] ?? '').matchAll(/^\s{4}'([^']+)':/gm)) names.push(key[1]);
  }
  return names;
}

describe('the event rule', () => {
  it('declares events only in an area’s <area>.events.ts', () => {
    const stray = all.filter((file) => {
      if (file === 'platform/events.ts' || file.startsWith('platform/')) return false;
      if (!/interface AppEvents\b/.test(text(file))) return false;
      const area = areaOf(file);
      return !area || file !== `features/${area}/${area}.events.ts`;
    });
    expect(stray).toEqual([]);
  });

  it('names every event after the area that declares it', () => {
    const misnamed = [];
    let count = 0;
    for (const file of all.filter((f) => /\.events\.ts$/.test(f))) {
      const area = areaOf(file) ?? '';
      for (const name of declared(text(file))) {
        count += 1;
        if (!name.startsWith(`${camel(area)}.`)) misnamed.push(`${file}: ${name}`);
      }
    }
    expect(misnamed).toEqual([]);
    expect(count).toBeGreaterThan(10);
  });

  it('lets only the declaring area emit its events', () => {
    const owners = new Map();
    for (const file of all.filter((f) => /\.events\.ts$/.test(f))) {
      for (const name of declared(text(file))) owners.set(name, areaOf(file));
    }
    const foreign = [];
    let emits = 0;
    for (const file of all) {
      for (const call of text(file).matchAll(/\.emit\(\s*'([^']+)'/g)) {
        const name = call[1] ?? '';
        emits += 1;
        const owner = owners.get(name);
        if (owner === undefined) foreign.push(`${file}: ${name} is declared in no events file`);
        else if (owner !== areaOf(file)) foreign.push(`${file}: ${name} belongs to ${owner}`);
      }
    }
    expect(foreign).toEqual([]);
    expect(emits).toBeGreaterThan(10);
  });
});
