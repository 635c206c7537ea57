// The socket clients, in their own process: opens `count` authenticated socket.io connections
// (websocket transport, `concurrency` handshakes in flight), each with the next token of the
// tokens file (one a line, reused round-robin), prints `CONNECTED <ms>` when all are up, and
// closes them all on the `CLOSE` command (then prints `CLOSED`).
import { readFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';

const [url = '', tokensFile = '', countText = '5000', concurrencyText = '100'] =
  process.argv.slice(2);
const tokens = readFileSync(tokensFile, 'utf8').split('\n').filter(Boolean);
const count = Number(countText);
const concurrency = Number(concurrencyText);
const sockets: Socket[] = [];
const started = performance.now();
let next = 0;
let failed = 0;

function open(n: number): Promise<void> {
  const token = tokens[n % tokens.length];
  return new Promise((resolve) => {
    const socket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => {
      sockets.push(socket);
      resolve();
    });
    socket.once('connect_error', () => {
      failed += 1;
      socket.close();
      resolve();
    });
  });
}

async function lane(): Promise<void> {
  while (next < count) {
    const n = next;
    next += 1;
    await open(n);
  }
}

await Promise.all(Array.from({ length: concurrency }, lane));
process.stdout.write(`CONNECTED ${JSON.stringify({ ms: performance.now() - started, failed })}\n`);
process.stdin.on('data', (chunk: Buffer) => {
  if (!chunk.toString('utf8').includes('CLOSE')) return;
  for (const socket of sockets) socket.close();
  process.stdout.write('CLOSED {}\n');
  setTimeout(() => process.exit(0), 100);
});
