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

/**
 * Once per run and project, before its tests: an embedded database is created, migrated and
 * dumped, then seeded with the demo and dumped again. Every PGlite test database starts from one
 * of the two dumps instead of running initdb, the migrations and the seed itself (about 5 s each
 * on this machine's two cores; from a dump, under 1 s). A project whose workers run at a shifted
 * clock (vitest.config.ts) gets dumps written by a process at that clock, so the demo's
 * timestamps are the ones its tests would have seeded themselves.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const env = project.config.env ?? {};
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (env.TEST_DATABASE_KINDS === 'postgres' && adminUrl) {
    const { templates, drop } = await writePostgresTemplates(
      adminUrl,
      `apothecall_template_${process.pid}`,
    );
    project.provide('postgresTemplates', templates);
    return drop;
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
  project.provide('pgliteTemplates', templates);
  return () => rmSync(dir, { recursive: true, force: true });
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
