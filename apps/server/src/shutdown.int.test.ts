import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Socket, io as socketClient } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededServerData } from '../test/harness';
import { freePort } from '../test/ports';
import { serverEntry } from '../test/run-files';

/**
 * The real entry point (main.ts) in a child process, on a random port with a data directory of
 * its own (a copy of the run's seeded embedded database): SIGTERM closes the port promptly even with a keep-alive connection and a socket.io
 * client open, lets a request already in flight finish, and exits 0 well inside the grace period.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

/** True when something accepts a TCP connection on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function pollUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

function get(agent: http.Agent, port: number, urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .once('error', reject);
  });
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: () => void;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const data = await seededServerData('pglite', 'apothecall-shutdown-');
  const dataDir = data.dataDir;
  // Node itself (test/run-files.ts): the signals the tests send reach the server directly.
  const main = await serverEntry('main');
  const child = spawn(main.command, main.args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      ...data.env,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_SECONDS: '30',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const up = await pollUntil(
    async () => output.includes('Apothecall is running') && (await accepts(port)),
    90_000,
  );
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    void data.dispose();
  };
  if (!up) {
    stop();
    throw new Error(`server did not start:\n${output}`);
  }
  return { child, port, output: () => output, exited, stop };
}

function post(
  port: number,
  urlPath: string,
  payload: object,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += String(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    req.once('error', reject);
    req.end(JSON.stringify(payload));
  });
}

const demoLogin = {
  loginId: 'patient@apothecall.test',
  password: 'Apothecall-Demo-1',
  platform: 'web',
  version: 'test',
};

/** A request whose headers the server has taken (it said 100 Continue), its body not yet sent. */
async function requestInFlight(port: number) {
  const body = JSON.stringify({ email: 'nobody@example.test' });
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/password-reset',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      expect: '100-continue',
    },
  });
  const answer = new Promise<number>((resolve, reject) => {
    req.once('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
  });
  // Handled here too: a reset before the test awaits it is reported by the test, not as an
  // unhandled rejection.
  answer.catch(() => undefined);
  await new Promise<void>((resolve) => req.once('continue', () => resolve()));
  return { finish: () => req.end(body), answer };
}

/** The in-flight request's status, or its error with the server's output to say why. */
function answerOrOutput(answer: Promise<number>, server: Server): Promise<number | string> {
  return answer.catch((error: unknown) => `${String(error)}\n${server.output()}`);
}

function exitWithin(server: Server, ms: number) {
  return Promise.race([
    server.exited,
    new Promise<'still running'>((r) => setTimeout(() => r('still running'), ms)),
  ]);
}

describe('graceful shutdown of the real server (SIGTERM)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({});
  }, 120_000);
  afterAll(() => server?.stop());

  it('closes the port at once, finishes the request in flight, and exits 0', async () => {
    const { port } = server;
    // A keep-alive HTTP connection that has served a request and now sits idle.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect(await get(agent, port, '/api/health')).toBe(200);

    // A socket.io client (websocket) that stays connected: a session token is needed.
    const login = await post(port, '/api/account/token', demoLogin);
    expect(login.status).toBe(200);
    const socket: Socket = socketClient(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: login.json.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const socketClosed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const inFlight = await requestInFlight(port);

    server.child.kill('SIGTERM');

    // The port refuses new connections promptly (bounded poll, no timing assertion).
    expect(await pollUntil(async () => !(await accepts(port)), 10_000)).toBe(true);
    // The request that was in flight still gets its answer.
    inFlight.finish();
    expect(await answerOrOutput(inFlight.answer, server)).toBe(200);
    await socketClosed;
    // And the process ends by itself, cleanly, before the grace period would force it.
    const code = await exitWithin(server, 25_000);
    agent.destroy();
    socket.close();
    expect({ code, output: code === 0 ? '' : server.output() }).toEqual({ code: 0, output: '' });
  }, 60_000);
});

// With REDIS_URL pointing at a Redis that hangs (stopped with SIGSTOP): only where the
// redis-server binary exists.
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

if (hasRedisServer)
  describe('graceful shutdown while Redis hangs', () => {
    let server: Server;
    let redis: ChildProcess;
    beforeAll(async () => {
      const redisPort = await freePort();
      redis = spawn(
        'redis-server',
        ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', ''],
        { stdio: 'ignore' },
      );
      expect(await pollUntil(() => accepts(redisPort), 10_000)).toBe(true);
      server = await startServer({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    }, 120_000);
    afterAll(async () => {
      server?.stop();
      if (redis && redis.exitCode === null) {
        redis.kill('SIGCONT');
        redis.kill('SIGKILL');
      }
    });

    it('closes the port at once even though closing the Redis clients waits', async () => {
      const { port } = server;
      expect((await post(port, '/api/account/token', demoLogin)).status).toBe(200);
      const inFlight = await requestInFlight(port);
      redis.kill('SIGSTOP');

      server.child.kill('SIGTERM');
      // Well inside the 30 s grace period the close hooks are still waiting on Redis...
      expect(await pollUntil(async () => !(await accepts(port)), 5_000)).toBe(true);
      // ...the request in flight is answered all the same...
      inFlight.finish();
      // A reset names itself with the server's output (stop 44's CI saw one "socket hang up"
      // here, once, under load; it has not been reproduced alone).
      expect(await answerOrOutput(inFlight.answer, server)).toBe(200);
      // ...and once Redis answers again the process finishes closing and exits 0.
      redis.kill('SIGCONT');
      const code = await exitWithin(server, 25_000);
      expect({ code, output: code === 0 ? '' : server.output() }).toEqual({ code: 0, output: '' });
    }, 90_000);
  });
