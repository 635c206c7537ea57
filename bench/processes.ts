import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs a bench script (TypeScript, through tsx) in its own Node.js process. */
export function spawnScript(script: string, args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(here, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** Runs a script to its end and parses the JSON line it printed last. */
export async function runScript<T>(script: string, args: string[]): Promise<T> {
  const child = spawnScript(script, args);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0) throw new Error(`${script} exited with ${code}: ${out}`);
  return JSON.parse(last) as T;
}

export interface Server {
  url: string;
  stop(): Promise<void>;
}

/** Starts a server script and waits for its `READY <port>` line. */
export async function startServer(script: string, args: string[]): Promise<Server> {
  const child = spawnScript(script, args);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /READY (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${script} ${args[0]} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
