import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Two frames axe kept finding unnamed on new screens (the back office's): a wide table's
 * scroll frame (Mantine's Table.ScrollContainer takes no focus and has no name:
 * scrollable-region-focusable) and a modal's close button (Mantine's Modal without a label:
 * button-name). Screens use ScrollRegion and Dialog instead; this keeps it so.
 */
const src = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx$/.test(entry.name) && !/\.test\.tsx$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(src).map((file) => ({
  name: path.relative(src, file),
  text: readFileSync(file, 'utf8'),
}));

describe('accessible frames', () => {
  it('reads the screens', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('puts every wide table in a ScrollRegion, never a Table.ScrollContainer', () => {
    const offending = files
      .filter((f) => f.name !== path.join('components', 'scroll-region.tsx'))
      .filter((f) => /<Table\.ScrollContainer\b/.test(f.text))
      .map((f) => f.name);
    expect(offending).toEqual([]);
  });

  it('opens every modal with a close button through Dialog (or names the close button itself)', () => {
    const offending = files
      .filter(
        (f) => /<Modal\s/.test(f.text) && !/closeButtonProps=\{\{\s*'aria-label'/.test(f.text),
      )
      .map((f) => f.name);
    expect(offending).toEqual([]);
  });
});
