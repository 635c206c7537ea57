import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplates } from './pglite-templates';
import { type PostgresTemplates, writePostgresTemplates } from './postgres-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarballs of an embedded database: migrated, and migrated with the demo seeded. */
    pgliteTemplates: { migrated: string; seeded: string };
    /** The PostgreSQL project's template databases (test/postgres-templates.ts). */
    postgresTemplates: PostgresTemplates;
  }
}

/** What one project's setup made: what its tests are given, and how to remove it after the run. */
type Prepared =
  | { key: 'postgresTemplates'; value: PostgresTemplates; teardown: () => Promise<void> | void }
  | {
      key: 'pgliteTemplates';
      value: { migrated: string; seeded: string };
      teardown: () => Promise<void> | void;
    };

/**
 * Every project's templates, started by the first project's setup and shared through the main
 * process (each project loads this file as a module of its own). Vitest runs the projects' global
 * setups one after another, before any test: on two cores the five (the embedded database at the
 * real clock, the PostgreSQL templates, the three shifted clocks' child processes) took about a
 * minute in a row, one core mostly idle; started together they take about half (issue 38, item 5).
 */
const shared = globalThis as typeof globalThis & {
  apothecallTestTemplates?: Map<string, Promise<Prepared>>;
};
shared.apothecallTestTemplates ??= new Map();
const started = shared.apothecallTestTemplates;
/** The projects whose setup has asked for their templates. */
const claimed = new Set<string>();

/** The projects whose tests use the database templates (their env names the database kinds). */
function usesTemplates(project: TestProject): boolean {
  return Boolean(project.config.env?.TEST_DATABASE_KINDS);
}

/**
 * Once per run and project, before its tests: an embedded database is created, migrated and
 * dumped, then seeded with the demo and dumped again. Every PGlite test database starts from one
 * of the two dumps instead of running initdb, the migrations and the seed itself (about 5 s each
 * on this machine's two cores; from a dump, under 1 s). A project whose workers run at a shifted
 * clock (vitest.config.ts, issue 31) gets dumps written by a process at that clock, so the demo's
 * timestamps are the ones its tests would have seeded themselves. The PostgreSQL project gets
 * template databases instead (test/postgres-templates.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  for (const other of project.vitest.projects) {
    if (usesTemplates(other) && !started.has(other.name)) started.set(other.name, prepare(other));
  }
  claimed.add(project.name);
  const prepared = await (started.get(project.name) ?? prepare(project));
  if (prepared.key === 'postgresTemplates') project.provide(prepared.key, prepared.value);
  else project.provide(prepared.key, prepared.value);
  return async () => {
    await prepared.teardown();
    // Templates started for a project that then ran nothing (a run of a few files) go too.
    for (const [name, unclaimed] of started) {
      if (claimed.has(name)) continue;
      claimed.add(name);
      await (await unclaimed).teardown();
    }
  };
}

async function prepare(project: TestProject): Promise<Prepared> {
  const env = project.config.env ?? {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (env.TEST_DATABASE_KINDS === 'postgres' && adminUrl) {
    const { templates, drop } = await writePostgresTemplates(
      adminUrl,
      `apothecall_template_${process.pid}`,
    );
    return { key: 'postgresTemplates', value: templates, teardown: drop };
  }
  const dir = path.join(
    project.config.root,
    '..',
    '..',
    '.tmp',
    `pglite-templates-${process.pid}-${project.name}`,
  );
  mkdirSync(dir, { recursive: true });
  const templates = env.FAKETIME
    ? await writeAtShiftedClock(dir, env)
    : await writePgliteTemplates(dir);
  return {
    key: 'pgliteTemplates',
    value: templates,
    teardown: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** test/pglite-templates.ts in a process of its own, under the project's libfaketime settings. */
async function writeAtShiftedClock(
  dir: string,
  env: Partial<Record<string, string>>,
): Promise<{ migrated: string; seeded: string }> {
  const script = path.join(import.meta.dirname, 'pglite-templates.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`PGlite templates at ${env.TEST_CLOCK}: exit ${code}`);
  return { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
}
