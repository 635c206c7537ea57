import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs a bench script (TypeScript, through tsx) in its own Node.js process. */
export function spawnScript(script: string, args: string[]): ChildProcess {
  return spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(here, script), ...args],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
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
  /** Sends a command line to the process and waits for the answer line starting with `reply`. */
  ask(command: string, reply: string): Promise<string>;
  stop(): Promise<void>;
}

/** Waits for the first stdout line of `child` that starts with `prefix`; the rest of it. */
export function lineFrom(child: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onExit = (code: number | null) =>
      reject(new Error(`process exited with ${code} before ${prefix}`));
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith(`${prefix} `));
      if (line) {
        child.stdout?.off('data', onData);
        // A server asked many times must not keep one exit listener per answer.
        child.off('exit', onExit);
        resolve(line.slice(prefix.length + 1).trim());
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * Line commands a bench server answers on stdin: `HEAP` -> `HEAP <bytes>` (heap used after a
 * full collection; the process runs with --expose-gc), `CPU` -> `CPU <µs>` (the CPU time the
 * process used so far), and `NAME arg` -> `NAME <answer>` for each of `more`.
 */
export function answerCommands(more: Record<string, (arg: string) => Promise<string>> = {}): void {
  let input = '';
  process.stdin.on('data', (chunk: Buffer) => {
    input += chunk.toString('utf8');
    let newline = input.indexOf('\n');
    while (newline >= 0) {
      const command = input.slice(0, newline).trim();
      input = input.slice(newline + 1);
      const [name = '', arg = ''] = command.split(' ');
      const handler = more[name];
      if (handler) {
        void handler(arg).then((answer) => process.stdout.write(`${name} ${answer}\n`));
      } else if (command === 'CPU') {
        const used = process.cpuUsage();
        process.stdout.write(`CPU ${used.user + used.system}\n`);
      } else if (command === 'HEAP') {
        const gc = (globalThis as { gc?: () => void }).gc;
        gc?.();
        gc?.();
        process.stdout.write(`HEAP ${process.memoryUsage().heapUsed}\n`);
      }
      newline = input.indexOf('\n');
    }
  });
}

/** Starts a server script and waits for its `READY <port>` line. */
export async function startServer(script: string, args: string[]): Promise<Server> {
  const child = spawnScript(script, args);
  const port = Number(await lineFrom(child, 'READY'));
  return {
    url: `http://127.0.0.1:${port}`,
    async ask(command, reply) {
      const answer = lineFrom(child, reply);
      child.stdin?.write(`${command}\n`);
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
