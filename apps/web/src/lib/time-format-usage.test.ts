import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One clock for every screen: the clinic's chat wrote times in the
 * browser's locale (toLocaleTimeString([])), so a provider whose browser runs 24-hour read 14:30
 * where the patient read 2:30 PM. Times are formatted by @apothecall/domain/dates/
 * time-format.rules only (the user's language, in its US variant); no screen picks its own
 * clock options or lets the browser's locale decide.
 */
const src = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(src).map((file) => ({
  name: path.relative(src, file),
  text: readFileSync(file, 'utf8'),
}));

/** What formats a time of day without the shared helper. */
const ownClock = [
  /\.toLocaleTimeString\(/,
  /\.toLocaleString\(/,
  /\btimeStyle\s*:/,
  /\bhour12\s*:/,
  /\bhourCycle\s*:/,
  /\bhour\s*:\s*['"](numeric|2-digit)['"]/,
];

describe('one time format (issue 36, finding 18)', () => {
  it('reads the web sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('leaves every time of day to the shared helper', () => {
    const offenders = files.flatMap(({ name, text }) =>
      ownClock.filter((pattern) => pattern.test(text)).map((pattern) => `${name}: ${pattern}`),
    );
    expect(offenders).toEqual([]);
  });

  it('has the clinic screens use it', () => {
    const uses = (name: string) =>
      files
        .find((f) => f.name === name)
        ?.text.includes('@apothecall/domain/dates/time-format.rules');
    expect(uses(path.join('features', 'care', 'components', 'clinic-format.ts'))).toBe(true);
    expect(uses(path.join('features', 'care', 'components', 'chat-panel.tsx'))).toBe(true);
  });
});
