// Links are typed from the route table: a screen writes `link('/notes/:id', { id })`
// (packages/domain/src/navigation/links.ts), never a path by hand, so a route renamed in the table
// fails the type check at every link, and every parameter is encoded. `byHand` lists the places
// that build a path from a value no type can name, each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const web = path.resolve(import.meta.dirname, '../apps/web/src');
/** A path written by hand where a link goes: to="/…", to={`/…`}, navigate('/…'), href="#/…". */
const handWritten = /(\bto=\{?|navigate\(|href=\{?)(["'`])#?\//;

const byHand = {
  'features/backoffice-people/components/console-home-section.tsx':
    'the back office home lists its areas by name; each is a route of the table (route-guard.rules)',
};

const offenders = readdirSync(web, { withFileTypes: true, recursive: true })
  .filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
  )
  .map((entry) => path.relative(web, path.join(entry.parentPath, entry.name)))
  .filter((file) => handWritten.test(readFileSync(path.join(web, file), 'utf8')))
  .sort();

describe('web links', () => {
  it('links with link() from the route table, but the listed places', () => {
    expect(offenders.filter((file) => !(file in byHand))).toEqual([]);
  });

  it('lists no place that no longer writes a path by hand', () => {
    expect(Object.keys(byHand).filter((file) => !offenders.includes(file))).toEqual([]);
  });
});
