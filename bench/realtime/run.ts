import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// bench/realtime: authenticated sockets on one process against a bare socket.io server, side
// by side in one run: heap per socket and the time to connect them all.
import { freshPostgres } from '../postgres';
import { lineFrom, runScript, type Server, spawnScript, startServer } from '../processes';
import type { Row } from '../report';

const count = Number(process.env.BENCH_SOCKETS ?? 5000);

interface Figures {
  heapPerSocket: number;
  connectMs: number;
  failed: number;
}

async function measure(server: Server, tokensFile: string): Promise<Figures> {
  const before = Number(await server.ask('HEAP', 'HEAP'));
  const clients = spawnScript('realtime/sockets.ts', [
    server.url,
    tokensFile,
    String(count),
    '100',
  ]);
  const connected = JSON.parse(await lineFrom(clients, 'CONNECTED')) as {
    ms: number;
    failed: number;
  };
  // Let the handshakes' garbage go before weighing.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = Number(await server.ask('HEAP', 'HEAP'));
  const closed = lineFrom(clients, 'CLOSED');
  clients.stdin?.write('CLOSE\n');
  await closed;
  return {
    heapPerSocket: (after - before) / Math.max(count - connected.failed, 1),
    connectMs: connected.ms,
    failed: connected.failed,
  };
}

export async function benchRealtime(): Promise<Row[]> {
  console.log(`bench/realtime: ${count} authenticated sockets on one process`);
  const bare = await startServer('realtime/bare.ts', []);
  let reference: Figures;
  try {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-bare-')), 'tokens.txt');
    writeFileSync(
      file,
      Array.from({ length: count }, (_, i) => `bench-token-${String(i).padStart(6, '0')}`).join(
        '\n',
      ),
    );
    reference = await measure(bare, file);
  } finally {
    await bare.stop();
  }
  const api = await startServer('api/server.ts', ['api']);
  let product: Figures;
  try {
    // Every socket its own session, as 5,000 people would connect.
    const tokensFile = await api.ask(`SESSIONS ${count}`, 'SESSIONS');
    product = await measure(api, tokensFile);
  } finally {
    await api.stop();
  }
  for (const [name, f] of [
    ['bare socket.io', reference],
    ['product (PGlite)', product],
  ] as const) {
    console.log(
      `  ${name.padEnd(20)} ${(f.heapPerSocket / 1024).toFixed(1).padStart(6)} KB heap a socket   ${(f.connectMs / 1000).toFixed(1).padStart(5)} s to connect ${count}   ${f.failed} refused`,
    );
  }
  const connectRatio = product.connectMs / reference.connectMs;
  const queue = await queueLatency();
  return [
    ...queue,
    {
      figure: `heap per authenticated socket at ${count}`,
      value: `${(product.heapPerSocket / 1024).toFixed(1)} KB (bare ${(reference.heapPerSocket / 1024).toFixed(1)} KB)`,
      goal: '<= 12 KB',
      met: product.heapPerSocket <= 12 * 1024 && product.failed === 0,
    },
    {
      figure: `connect ${count} sockets (x bare socket.io)`,
      value: `${connectRatio.toFixed(2)}x (${(product.connectMs / 1000).toFixed(1)} s)`,
      goal: '<= 1.5x',
      met: connectRatio <= 1.5 && product.failed === 0,
    },
  ];
}

interface QueueFigures {
  events: number;
  p50: number;
  p99: number;
  missing: number;
  beforeAnswer: number;
}

/** A change in the FL line reaching 100 waiting patients, on PostgreSQL (PGlite without one). */
async function queueLatency(): Promise<Row[]> {
  const postgres = await freshPostgres('apothecall_bench_queue');
  const server = await startServer('api/server.ts', postgres ? ['api', postgres.url] : ['api']);
  let figures: QueueFigures;
  try {
    figures = await runScript<QueueFigures>('realtime/queue.ts', [server.url, '100', '20']);
  } finally {
    await server.stop();
    await postgres?.drop();
  }
  console.log(
    `  queue change -> 100 waiting patients (${postgres ? 'PostgreSQL' : 'PGlite'}): ${figures.events} updates, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ${figures.missing} missing, ${figures.beforeAnswer} before the change answered`,
  );
  return [
    {
      figure: 'queue change to a waiting patient, 100 waiting (p99)',
      value: `${figures.p99.toFixed(0)} ms over ${figures.events} updates`,
      goal: '<= 100 ms, >= 200 updates, none missing',
      met: figures.p99 <= 100 && figures.events >= 200 && figures.missing === 0,
    },
    {
      figure: 'updates that arrived before the change answered',
      value: String(figures.beforeAnswer),
      goal: '0',
      met: figures.beforeAnswer === 0,
    },
  ];
}
