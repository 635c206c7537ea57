// The web's cache glue lives beside its calls: a screen or component asks its feature's `api/`
// hooks (`useRxVisits()`, `useCancelRxVisit({ onSuccess })`, built with lib/call-hooks.ts) and
// never writes `useQuery`, `useMutation`, `useQueryClient`, `invalidateQueries` or
// `setQueryData` itself, so which entries a change refreshes is decided once, in `api/`.
// `generic` lists the shared UI that keeps its own pending and error state for a function it is
// handed (and the app's root, which creates the client), each with its reason.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import known from './web-calls.known.json' with { type: 'json' };

const web = path.resolve(import.meta.dirname, '../apps/web/src');
const glue =
  /\buse(Query|Mutation|InfiniteQuery|QueryClient|Queries)\(|\.(invalidateQueries|setQueryData|getQueryData)\(/;

const offenders = readdirSync(web, { withFileTypes: true, recursive: true })
  .filter(
    (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name),
  )
  .map((entry) => path.relative(web, path.join(entry.parentPath, entry.name)))
  .filter((file) => !/(^|\/)api(\/|\.ts$)/.test(file) && file !== 'lib/call-hooks.ts')
  .filter((file) => glue.test(readFileSync(path.join(web, file), 'utf8')))
  .sort();

describe('web calls', () => {
  it('keeps queries and mutations in the features’ api/ (but the listed ones)', () => {
    const listed = Object.keys(known.generic);
    expect(offenders.filter((file) => !listed.includes(file))).toEqual([]);
  });

  it('lists nothing that no longer needs it', () => {
    const listed = Object.keys(known.generic);
    expect(listed.filter((file) => !offenders.includes(file))).toEqual([]);
  });
});
