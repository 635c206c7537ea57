import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The styles of Mantine that the app loads (mantine-styles.ts) are those of every component it
 * uses and of every component those are built from, in the order of Mantine's whole
 * `styles.css`: computed here from the app's imports of `@mantine/core` (and the notifications
 * package's) and Mantine's own module graph, where a component that has styles imports its
 * `*.module.mjs` class names. A component added without its styles would render unstyled.
 */
const src = path.resolve(import.meta.dirname, '..');
const coreEsm = path.dirname(fileURLToPath(import.meta.resolve('@mantine/core')));
const coreRoot = path.dirname(coreEsm);
const notificationsEsm = path.dirname(fileURLToPath(import.meta.resolve('@mantine/notifications')));

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, keep);
    return keep(full) ? [full] : [];
  });
}

/** The names a source imports from `@mantine/core` (types included; they resolve to nothing). */
function coreNamesIn(files: string[]): Set<string> {
  const names = new Set<string>();
  const imports = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(imports)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Where `@mantine/core`'s index takes each exported name from (a file of its own). */
function exportSources(): Map<string, string> {
  const index = readFileSync(path.join(coreEsm, 'index.mjs'), 'utf8');
  const sources = new Map<string, string>();
  for (const match of index.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const [name, alias] = part.trim().split(/\s+as\s+/);
      const exported = (alias ?? name)?.trim();
      if (exported) sources.set(exported, path.resolve(coreEsm, match[2] ?? ''));
    }
  }
  return sources;
}

/** Every component style reachable from the app's imports, through Mantine's relative imports. */
function neededStyles(): Set<string> {
  const appFiles = filesUnder(src, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
  const notificationFiles = filesUnder(notificationsEsm, (f) => f.endsWith('.mjs'));
  const names = coreNamesIn([...appFiles, ...notificationFiles]);
  const sources = exportSources();
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !file.startsWith(coreEsm) || !existsSync(file)) return;
    seen.add(file);
    const own = /\/(\w+)\.module\.mjs$/.exec(file)?.[1];
    if (own && existsSync(path.join(coreRoot, 'styles', `${own}.css`))) styles.add(own);
    for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"(\.[^"]+)"/g)) {
      visit(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  };
  for (const name of names) {
    const source = sources.get(name);
    if (source) visit(source);
  }
  return styles;
}

/** A part of Mantine's whole stylesheet starts where its own file's text does. */
function placeInWhole(name: string, whole: string): number {
  const own = readFileSync(path.join(coreRoot, 'styles', `${name}.css`), 'utf8').trim();
  return whole.indexOf(own.slice(0, 200));
}

describe("Mantine's styles", () => {
  it('are those of the components the app uses and what they are built from, in Mantine’s order', () => {
    const whole = readFileSync(path.join(coreRoot, 'styles.css'), 'utf8');
    const wanted = ['baseline', 'default-css-variables', 'global', ...neededStyles()]
      .map((name) => ({ name, at: placeInWhole(name, whole) }))
      .sort((a, b) => a.at - b.at);
    expect(wanted.every((part) => part.at >= 0)).toBe(true);
    // Components the app surely uses, and what they are built from: the check finds them.
    expect(wanted.map((part) => part.name)).toEqual(
      expect.arrayContaining(['Button', 'UnstyledButton', 'Input', 'Combobox', 'Notification']),
    );

    const loaded = [
      ...readFileSync(path.join(src, 'app', 'mantine-styles.ts'), 'utf8').matchAll(
        /^import '@mantine\/core\/styles\/([\w-]+)\.css';$/gm,
      ),
    ].map((match) => match[1]);
    expect(loaded).toEqual(wanted.map((part) => part.name));
  });

  it('are loaded by the app in place of the whole stylesheet', () => {
    const app = readFileSync(path.join(src, 'app', 'app.tsx'), 'utf8');
    expect(app).toContain("import './mantine-styles';");
    const whole = filesUnder(src, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)).filter(
      (file) => readFileSync(file, 'utf8').includes("'@mantine/core/styles.css'"),
    );
    expect(whole).toEqual([]);
  });
});
