// HAProxy (Debian's package) in front of the instances, on loopback: round robin, health checks
// on /api/health every half second (down after three misses; a check may take 2 s, as a live
// instance on a loaded machine does), websockets passed through, a
// connection refused by a dead instance tried again on the other (`option redispatch 1`).
// socket.io's long-polling needs stickiness: a browser that falls back to it keeps its instance
// by the inserted cookie; the bench's clients use the websocket transport only.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';

export const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

export interface Haproxy {
  url: string;
  /** Each server's status as HAProxy's runtime API reports it (UP, DOWN, ...). */
  status(): Promise<Record<string, string>>;
  /** Each server's count of UP-to-DOWN changes so far (health checks failed). */
  downs(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

function config(port: number, socket: string, servers: Record<string, number>): string {
  return `global
  maxconn 8192
  stats socket ${socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s
  timeout check 2s
  retries 3
  option redispatch 1
  option forwardfor

frontend api
  bind 127.0.0.1:${port}
  default_backend apothecall

backend apothecall
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  cookie APOTHECALL_NODE insert indirect nocache
  default-server inter 500ms fall 3 rise 2
${Object.entries(servers)
  .map(([name, p]) => `  server ${name} 127.0.0.1:${p} check cookie ${name}`)
  .join('\n')}
`;
}

/** Asks HAProxy's runtime API one command; its answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = createConnection(socket);
    let out = '';
    connection.on('data', (chunk) => {
      out += chunk.toString('utf8');
    });
    connection.on('end', () => resolve(out));
    connection.on('error', reject);
    connection.write(`${command}\n`);
  });
}

export async function startHaproxy(
  dir: string,
  port: number,
  servers: Record<string, number>,
): Promise<Haproxy> {
  if (!existsSync(haproxyPath)) {
    throw new Error(
      `HAProxy is missing (${haproxyPath}): node scripts/ensure-debian-package.mjs /usr/sbin/haproxy haproxy`,
    );
  }
  const file = path.join(dir, 'haproxy.cfg');
  const socket = path.join(dir, 'haproxy.sock');
  writeFileSync(file, config(port, socket, servers));
  const child: ChildProcess = spawn(haproxyPath, ['-f', file, '-db'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-4000);
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  /** One column of `show stat` for each server of the backend. */
  const column = async (name: string) => {
    const csv = await ask(socket, 'show stat');
    const rows = csv.split('\n').map((line) => line.split(','));
    const header = rows[0] ?? [];
    const at = (field: string) => header.indexOf(field);
    return Object.fromEntries(
      rows
        .filter((r) => r[at('# pxname')] === 'apothecall' && r[at('svname')] !== 'BACKEND')
        .map((r) => [r[at('svname')] ?? '', r[at(name)] ?? '']),
    );
  };
  const status = () => column('status');
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (exited) throw new Error(`HAProxy stopped at start:\n${errors}`);
    const up = await status().catch(() => ({}) as Record<string, string>);
    if (Object.keys(servers).every((name) => up[name] === 'UP')) break;
    if (i > 200) throw new Error(`HAProxy's servers did not come up: ${JSON.stringify(up)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    status,
    downs: async () =>
      Object.fromEntries(Object.entries(await column('chkdown')).map(([k, v]) => [k, Number(v)])),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
