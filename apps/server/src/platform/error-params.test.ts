import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { catalog, isMessageKey } from '@apothecall/domain/i18n/catalog';
import { placeholdersOf } from '@apothecall/domain/i18n/i18n.rules';
import { describe, expect, it } from 'vitest';

/**
 * Every `new AppError(status, CODE, 'key', params)` in the server's code passes what its message
 * needs: a key with {placeholders} gets params, and when they are written
 * in place as an object, every placeholder is one of its fields. Keys chosen at run time
 * (check.messageKey) cannot be read here; their routes' tests cover them.
 */
const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** The text of a call's arguments: from after `new AppError(` to its closing parenthesis. */
function argumentsAt(source: string, start: number): string {
  let depth = 1;
  for (let i = start; i < source.length; i++) {
    const c = source[i];
    if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    if (depth === 0) return source.slice(start, i);
  }
  return source.slice(start);
}

interface Call {
  file: string;
  key: string;
  params: string | undefined;
}

function appErrorCalls(): Call[] {
  const calls: Call[] = [];
  for (const file of sourceFiles(root)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/new AppError\(/g)) {
      const args = argumentsAt(source, (match.index ?? 0) + match[0].length);
      const literal = /^\s*[^,]+,\s*'[A-Z_]+',\s*'([^']+)'\s*(?:,\s*([\s\S]*))?$/.exec(args);
      if (!literal?.[1]) continue;
      calls.push({ file: file.slice(root.length + 1), key: literal[1], params: literal[2] });
    }
  }
  return calls;
}

describe("AppError's params", () => {
  const calls = appErrorCalls();

  it('finds the calls it checks', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('gives every placeholder of a literal key a value', () => {
    const missing: { file: string; key: string; placeholder: string }[] = [];
    let checked = 0;
    for (const { file, key, params } of calls) {
      if (!isMessageKey(key)) continue;
      const given = params?.trim().replace(/^undefined\b/, '') ?? '';
      for (const placeholder of placeholdersOf(catalog.en[key])) {
        checked++;
        const inline = given.startsWith('{');
        const named = new RegExp(`(^|[{,\\s])${placeholder}\\s*[:,}]|\\.\\.\\.`).test(given);
        if (given === '' || (inline && !named)) missing.push({ file, key, placeholder });
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
