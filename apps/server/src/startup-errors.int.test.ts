import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/ports';
import { serverEntry } from '../test/run-files';
import { DatabaseStartupError, openMigratedDatabase } from './db/startup-errors';

/**
 * Start-up against a PostgreSQL it cannot use: the real entry point
 * (main.ts) once, then the function it calls (openMigratedDatabase) for each cause. It exits 1 with one line naming the cause (code, host:port, database, what to do), never
 * Drizzle's "Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"" that every cause used to print,
 * and never the password.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

async function startFails(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apothecall-startup-'));
  const main = await serverEntry('main');
  const child = spawn(main.command, main.args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    output += String(chunk);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 50_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output };
}

/** One line on stderr, no query noise. */
function expectOneClearLine(output: string) {
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Apothecall failed to start: PostgreSQL at /);
  expect(output).not.toContain('Failed query');
  expect(output).not.toContain('CREATE SCHEMA');
  expect(output).not.toContain('params');
}

/**
 * A PostgreSQL that asks for a clear-text password and refuses it with 28P01, as a real server
 * with password authentication does (the machine's PostgreSQL trusts every local connection, so
 * it never refuses a password). Keeps what the client sent, to check the password came through.
 */
function refusingPostgres(): { server: Server; received: () => string } {
  let received = '';
  const server = createServer((socket) => {
    let asked = false;
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (!asked) {
        asked = true;
        // AuthenticationCleartextPassword
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        return;
      }
      const fields = [
        'SFATAL',
        'VFATAL',
        'C28P01',
        'Mpassword authentication failed for user "app"',
        'Fauth.c',
        'L326',
        'Rauth_failed',
      ];
      const body = Buffer.concat([
        ...fields.map((f) => Buffer.from(`${f}\0`, 'utf8')),
        Buffer.from([0]),
      ]);
      const header = Buffer.alloc(5);
      header.write('E', 0, 'latin1');
      header.writeInt32BE(body.length + 4, 1);
      socket.end(Buffer.concat([header, body]));
    });
    socket.on('error', () => undefined);
  });
  return { server, received: () => received };
}

/** openMigratedDatabase's message, as main.ts prints it. */
async function openFails(databaseUrl: string): Promise<string> {
  try {
    const database = await openMigratedDatabase({ kind: 'postgres', url: databaseUrl });
    await database.close();
  } catch (error) {
    expect(error).toBeInstanceOf(DatabaseStartupError);
    return `Apothecall failed to start: ${(error as Error).message}\n`;
  }
  throw new Error('the database opened');
}

describe('start-up against a PostgreSQL it cannot use', () => {
  it('the entry point: exits 1 with one line naming the cause (a closed port: ECONNREFUSED)', async () => {
    const port = await freePort();
    const { code, output } = await startFails(`postgres://app:s3cret-pw@127.0.0.1:${port}/clinic`);
    expect(code).toBe(1);
    expectOneClearLine(output);
    expect(output).toContain('ECONNREFUSED');
    expect(output).toContain(`127.0.0.1:${port}`);
    expect(output).toContain('database "clinic"');
    expect(output).toContain('Is PostgreSQL running');
    expect(output).not.toContain('s3cret-pw');
  }, 60_000);

  it('an unknown host: ENOTFOUND and the host name', async () => {
    const output = await openFails('postgres://app@db.nowhere.invalid:5432/clinic');
    expectOneClearLine(output);
    expect(output).toContain('ENOTFOUND');
    expect(output).toContain('db.nowhere.invalid');
    expect(output).toContain('Check the host in DATABASE_URL');
  });

  describe('a wrong password', () => {
    let fake: ReturnType<typeof refusingPostgres>;
    let port: number;
    beforeAll(async () => {
      fake = refusingPostgres();
      await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
      const address = fake.server.address();
      port = typeof address === 'object' && address ? address.port : 0;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => fake.server.close(() => resolve()));
    });

    it('28P01: says to check the password, and never prints it', async () => {
      const output = await openFails(`postgres://app:Wr0ng%2Dpassw0rd@127.0.0.1:${port}/clinic`);
      expectOneClearLine(output);
      // The client did send it: the test would prove nothing otherwise.
      expect(fake.received()).toContain('Wr0ng-passw0rd');
      expect(output).toContain('28P01');
      expect(output).toContain(`127.0.0.1:${port}`);
      expect(output).toContain('Check the password in DATABASE_URL');
      expect(output).not.toContain('Wr0ng');
    });
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("the machine's PostgreSQL", () => {
    const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost');

    it('a database that does not exist: 3D000 and the createdb command', async () => {
      const url = new URL(admin);
      url.pathname = '/apothecall_no_such_database';
      const output = await openFails(url.toString());
      expectOneClearLine(output);
      expect(output).toContain('3D000');
      expect(output).toContain('database "apothecall_no_such_database" does not exist');
      expect(output).toContain(
        `createdb -h ${url.hostname} -p ${url.port || '5432'} -U ${url.username || 'postgres'} apothecall_no_such_database`,
      );
    });

    it('a user that does not exist: 28000, check the user name', async () => {
      const url = new URL(admin);
      url.username = 'apothecall_no_such_user';
      url.password = 'Some-Secret-9';
      const output = await openFails(url.toString());
      expectOneClearLine(output);
      expect(output).toContain('28000');
      expect(output).toContain('Check the user name in DATABASE_URL');
      expect(output).not.toContain('Some-Secret-9');
    });
  });
});
