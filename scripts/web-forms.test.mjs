// One form-state hook: a form holds its draft and its refusals with lib/use-draft.ts (a changed
// field clears its own refusal), not with its own `[errors, setErrors] = useState(...)`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../apps/web/src');
const ownState = /\[errors, setErrors\] = useState\b/;

const own = readdirSync(web, { withFileTypes: true, recursive: true })
  .filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
  )
  .map((entry) => path.relative(web, path.join(entry.parentPath, entry.name)))
  .filter((file) => file !== 'lib/use-draft.ts')
  .filter((file) => ownState.test(readFileSync(path.join(web, file), 'utf8')))
  .sort();

describe('web forms', () => {
  it('holds every form’s state with useDraft', () => {
    expect(own).toEqual([]);
  });

  it('has forms on useDraft', () => {
    const using = readdirSync(web, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .filter((entry) =>
        /\buseDraft</.test(readFileSync(path.join(entry.parentPath, entry.name), 'utf8')),
      );
    expect(using.length).toBeGreaterThanOrEqual(22);
  });
});
