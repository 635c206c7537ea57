import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { type BackgroundFiles, whenReady } from './background-files';
import {
  type PostgresTemplates,
  postgresTemplateNames,
  writePostgresTemplates,
} from './postgres-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Tarballs of an embedded database: migrated, and migrated with the demo seeded; written in
     * the background, ready once `ready` exists (test/background-files.ts).
     */
    pgliteTemplates: { migrated: string; seeded: string } & BackgroundFiles;
    /**
     * The PostgreSQL project's template databases (test/postgres-templates.ts), written in the
     * background, ready once `ready` exists.
     */
    postgresTemplates: PostgresTemplates & BackgroundFiles;
    /**
     * The server bundled as `npm run build` bundles it (apps/server/build.mjs --test), for the
     * tests that start it in a child process; ready once `ready` exists.
     */
    serverBuild: { dir: string } & BackgroundFiles;
  }
}

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');

/** A child process whose end writes `ready` (exit 0) or `failed` (anything else, with its output). */
function background(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  files: BackgroundFiles,
): { child: ChildProcess; done: Promise<boolean> } {
  const child = spawn(command, args, { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + String(chunk)).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A run that ends before the child does (one short file) kills it and removes its folder in the
  // teardown: there is then nowhere to write, and nobody left to read it.
  const record = (file: string, text: string) => {
    if (existsSync(path.dirname(file))) writeFileSync(file, text);
  };
  const done = new Promise<boolean>((resolve) => {
    child.once('error', (error) => {
      record(files.failed, `${command}: ${error.message}`);
      resolve(false);
    });
    child.once('exit', (code, signal) => {
      if (code === 0) record(files.ready, '');
      else record(files.failed, `${args.join(' ')}: exit ${code ?? signal}\n${output}`);
      resolve(code === 0);
    });
  });
  return { child, done };
}

/**
 * The run's server bundle: built once (a lock folder decides which project's setup builds it)
 * into apps/server/.test-build/<the runner's pid>, beside the server's own node_modules so its
 * packages resolve as dist/'s do, and removed as the runner exits.
 */
function serverBuild(): { dir: string } & BackgroundFiles {
  const dir = path.join(serverRoot, '.test-build', String(process.pid));
  const files = { dir, ready: `${dir}.ready`, failed: `${dir}.failed` };
  mkdirSync(path.dirname(dir), { recursive: true });
  try {
    mkdirSync(`${dir}.lock`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return files;
    throw error;
  }
  process.once('exit', () => {
    for (const p of [dir, `${dir}.lock`, files.ready, files.failed]) {
      rmSync(p, { recursive: true, force: true });
    }
  });
  background(process.execPath, ['build.mjs', '--outdir', dir, '--test'], process.env, files);
  return files;
}

/**
 * Once per run and project, before its tests: the PGlite templates. An embedded database is
 * created, migrated and dumped, then seeded with the demo and dumped again; every PGlite test
 * database starts from one of the two dumps instead of running initdb, the migrations and the seed
 * itself (about 5 s each on this machine's two cores; from a dump, under 1 s). The dumps are
 * written by the server bundle's template writer in a process of its own, under the project's
 * environment (a shifted-clock project's libfaketime settings, vitest.config.ts, so the demo's
 * timestamps are those its tests would have seeded themselves).
 *
 * The PostgreSQL project's template databases are written by this process, also in the
 * background.
 *
 * None of it is awaited here: Vitest runs the projects' setups one after the other before any
 * test, so the four template writers (the real clock and three shifted ones) ran in turn, about
 * 45 s of mostly one core, and PostgreSQL's about 10 s more. They now run side by side with the
 * first tests (on two busy cores that moves the CPU work more than it removes it; the waiting on
 * PostgreSQL is what overlaps); a test file waits for its templates (test/harness.ts) and a
 * spawning test for the bundle (test/run-files.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  const env = project.config.env ?? {};
  const build = serverBuild();
  project.provide('serverBuild', build);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dir = path.join(repoRoot, '.tmp', `pglite-templates-${process.pid}-${project.name}`);
  mkdirSync(dir, { recursive: true });
  if (env.TEST_DATABASE_KINDS === 'postgres' && adminUrl) {
    // Mostly PostgreSQL's own work (about 10 s of the run's start on a busy machine).
    const files = { ready: path.join(dir, 'ready'), failed: path.join(dir, 'failed') };
    const written = writePostgresTemplates(adminUrl, `apothecall_template_${process.pid}`).then(
      (done) => {
        writeFileSync(files.ready, '');
        return done;
      },
      (error: unknown) => {
        writeFileSync(
          files.failed,
          error instanceof Error ? (error.stack ?? error.message) : String(error),
        );
        return undefined;
      },
    );
    project.provide('postgresTemplates', {
      ...postgresTemplateNames(`apothecall_template_${process.pid}`),
      ...files,
    });
    return async () => {
      await (await written)?.drop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const templates = {
    migrated: path.join(dir, 'migrated.tar'),
    seeded: path.join(dir, 'seeded.tar'),
    ready: path.join(dir, 'ready'),
    failed: path.join(dir, 'failed'),
  };
  project.provide('pgliteTemplates', templates);
  let writer: ChildProcess | undefined;
  void whenReady('the server bundle', build)
    .then(
      () => true,
      () => false,
    )
    .then((built) => {
      if (!built) {
        writeFileSync(templates.failed, 'the server bundle failed to build (see its own failure)');
        return;
      }
      writer = background(
        process.execPath,
        [path.join(build.dir, 'pglite-templates.js'), dir],
        { ...process.env, ...env },
        templates,
      ).child;
    });
  return () => {
    writer?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
}
