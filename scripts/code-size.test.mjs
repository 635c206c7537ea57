// Files over 400 lines and functions over 80 of their own lines (scripts/code-size.mjs), held
// where they are: a new one fails `npm test`, and one that was cut must leave its list, so the
// lists only shrink. The targets are at most 8 such files, and at most 10 such
// functions per app; what is listed here is what is left to cut (docs/architecture.md, "Size").
import { describe, expect, it } from 'vitest';
import known from './code-size.known.json' with { type: 'json' };
import { functionLimit, measure, measureSource } from './code-size.mjs';

const { files, functions } = measure();
const key = (/** @type {{ file: string; name: string }} */ f) => `${f.file} ${f.name}`;

describe('code size', () => {
  it('has no file over 400 lines but the listed ones, and lists none that was cut', () => {
    const over = files.map((f) => f.file).sort();
    expect(over.filter((f) => !known.files.includes(f))).toEqual([]);
    expect(known.files.filter((f) => !over.includes(f))).toEqual([]);
  });

  it(`has no function over ${functionLimit} own lines but the listed ones, and lists none that was cut`, () => {
    const over = functions.map(key).sort();
    expect(over.filter((f) => !known.functions.includes(f))).toEqual([]);
    expect(known.functions.filter((f) => !over.includes(f))).toEqual([]);
  });

  it("measures a function's own lines, without the functions written inside it", () => {
    const body = (n) => Array.from({ length: n }, (_, i) => `    const v${i} = ${i};`).join('\n');
    const text = [
      'export function createThing() {',
      '  return {',
      '    long() {',
      body(85),
      '    },',
      '    short: () => 1,',
      '  };',
      '}',
      '',
    ].join('\n');
    const { lines, functions } = measureSource('x.ts', text);
    expect(lines).toBe(92);
    const byName = Object.fromEntries(functions.map((f) => [f.name, f.own]));
    expect(byName.long).toBe(87);
    expect(byName.short).toBe(1);
    // The factory: its 92 lines less the method's and the arrow's, each but its first line.
    expect(byName.createThing).toBe(92 - (87 - 1) - (1 - 1));
  });
});
