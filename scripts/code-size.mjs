// How big the code's files and functions are, measured the same way for the
// test that holds the line (code-size.test.mjs) and for a person: `node scripts/code-size.mjs`
// prints every file over 400 lines and every function over 80 of its own lines, per app.
//
// What counts: the source of apps/*/src, packages/*/src and scripts, without tests (*.test.*),
// generated migrations and the test doubles under apps/server/test (test code, like the tests).
// A function's own lines are its lines less those of the functions written inside it, so a
// factory that returns its methods (`createXService`) is measured without them and each method
// on its own, and a component without the handlers it declares.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '..');
export const fileLimit = 400;
export const functionLimit = 80;

/** The files measured, relative to the repository's root. */
export function measuredFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'apps', 'packages', 'scripts'],
    { cwd: root, encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.d\.ts$/.test(file))
    .filter((file) => /^(apps\/[^/]+\/src|packages\/[^/]+\/src|scripts)\//.test(file))
    .filter((file) => !/\.test\.|\/migrations\//.test(file));
}

/** The app a file belongs to: apps/server, apps/web, packages/domain or scripts. */
export const appOf = (/** @type {string} */ file) =>
  file.startsWith('scripts/') ? 'scripts' : file.split('/').slice(0, 2).join('/');

const isFunction = (/** @type {ts.Node} */ node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isArrowFunction(node) ||
  ts.isFunctionExpression(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/**
 * A function's name as a reader finds it: its own, its variable's or property's, or for a
 * callback the call it is handed to, after the name of the function it is written in.
 */
function nameOf(/** @type {any} */ node, /** @type {ts.SourceFile} */ source) {
  const named = node.name ?? node.parent?.name;
  if (named && (ts.isIdentifier(named) || ts.isStringLiteral(named))) return named.text;
  const holder = node.parent?.parent;
  if (ts.isCallExpression(node.parent) && holder && ts.isVariableDeclaration(holder)) {
    if (ts.isIdentifier(holder.name)) return holder.name.text;
  }
  const callee = ts.isCallExpression(node.parent)
    ? `${node.parent.expression.getText(source).split('(')[0]}(…)`
    : 'function';
  let outer = node.parent;
  while (outer && !isFunction(outer)) outer = outer.parent;
  return outer ? `${nameOf(outer, source)} > ${callee}` : callee;
}

/**
 * @returns {{ files: { file: string; lines: number }[];
 *   functions: { file: string; name: string; own: number; lines: number }[] }}
 *   the files and functions over their limits
 */
export function measure() {
  const files = [];
  const functions = [];
  for (const file of measuredFiles()) {
    const measured = measureSource(file, readFileSync(path.join(root, file), 'utf8'));
    if (measured.lines > fileLimit) files.push({ file, lines: measured.lines });
    functions.push(...measured.functions.filter((f) => f.own > functionLimit));
  }
  return { files, functions };
}

/**
 * One file's lines and every function in it with its own lines.
 * @returns {{ lines: number; functions: { file: string; name: string; own: number; lines: number }[] }}
 */
export function measureSource(/** @type {string} */ file, /** @type {string} */ text) {
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const kind = file.endsWith('.tsx')
    ? ts.ScriptKind.TSX
    : file.endsWith('.mjs')
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const span = (/** @type {ts.Node} */ node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart()).line +
    1;
  const ownLines = (/** @type {ts.Node} */ fn) => {
    let own = span(fn);
    const inner = (/** @type {ts.Node} */ node) => {
      if (isFunction(node)) own -= span(node) - 1;
      else ts.forEachChild(node, inner);
    };
    ts.forEachChild(fn, inner);
    return own;
  };
  const functions = [];
  const visit = (/** @type {ts.Node} */ node) => {
    if (isFunction(node)) {
      functions.push({ file, name: nameOf(node, source), own: ownLines(node), lines: span(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { lines, functions };
}

/**
 * `--shrink`: takes out of code-size.known.json what was cut below its limit. It never adds: a new
 * long file or function is cut, or listed by hand in review.
 */
function shrinkKnown(/** @type {ReturnType<typeof measure>} */ { files, functions }) {
  const knownPath = path.join(root, 'scripts/code-size.known.json');
  const known = JSON.parse(readFileSync(knownPath, 'utf8'));
  const overFiles = new Set(files.map((f) => f.file));
  const overFunctions = new Set(functions.map((f) => `${f.file} ${f.name}`));
  const next = {
    files: known.files.filter((/** @type {string} */ f) => overFiles.has(f)),
    functions: known.functions.filter((/** @type {string} */ f) => overFunctions.has(f)),
  };
  writeFileSync(knownPath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(
    `code-size.known.json: ${known.files.length - next.files.length} files and ` +
      `${known.functions.length - next.functions.length} functions taken out`,
  );
}

if (process.argv[1] === import.meta.filename) {
  const { files, functions } = measure();
  if (process.argv.includes('--shrink')) shrinkKnown({ files, functions });
  console.log(`Files over ${fileLimit} lines: ${files.length}`);
  for (const f of files.sort((a, b) => b.lines - a.lines)) console.log(`  ${f.lines}  ${f.file}`);
  /** @type {Map<string, typeof functions>} */
  const byApp = new Map();
  for (const f of functions) byApp.set(appOf(f.file), [...(byApp.get(appOf(f.file)) ?? []), f]);
  for (const [app, list] of byApp) {
    console.log(`Functions over ${functionLimit} own lines in ${app}: ${list.length}`);
    for (const f of list.sort((a, b) => b.own - a.own)) {
      console.log(`  ${f.own} (${f.lines})  ${f.file}  ${f.name}`);
    }
  }
}
