import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The README's "Try ..." paragraphs are the demo a new user follows; each one is walked by an e2e
 * spec that names it in its header (`README, "Try ..."`), so a paragraph cannot be added, renamed
 * or left behind without its journey.
 */
describe("the README's Try paragraphs", () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const paragraphs = [...readme.matchAll(/^\*\*(Try [^*]+)\*\*/gm)].map((m) => m[1] ?? '');
  const specs = readdirSync(path.join(root, 'e2e'))
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => ({
      file,
      names: [
        ...readFileSync(path.join(root, 'e2e', file), 'utf8').matchAll(/README, "(Try [^"]+)"/g),
      ].map((m) => m[1] ?? ''),
    }));

  it('are there to check', () => {
    expect(paragraphs.length).toBeGreaterThanOrEqual(10);
  });

  it('each have exactly one e2e spec that walks them', () => {
    for (const paragraph of paragraphs) {
      const walking = specs.filter((s) => s.names.includes(paragraph)).map((s) => s.file);
      expect(walking, `README paragraph "${paragraph}"`).toHaveLength(1);
    }
  });

  it('are all that the specs name (no spec names a paragraph that is gone)', () => {
    for (const spec of specs)
      for (const name of spec.names) expect(paragraphs, spec.file).toContain(name);
  });
});
