// bench/api: the product's hot reads against a bare Fastify hello-world, each server and the
// load generator in their own processes, measured side by side in one run on this machine and
// printed as ratios (machine-independent), never asserted in tests.
import { freshPostgres } from '../postgres';
import { runScript, startServer } from '../processes';
import type { Row } from '../report';
import { benchReads } from './reads';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const demoPassword = 'Apothecall-Demo-1';

interface LoadResult {
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function load(
  title: string,
  options: {
    url: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
  },
): Promise<LoadResult> {
  const result = await runScript<LoadResult>('api/load.ts', [
    JSON.stringify({ connections, ...options, seconds }),
  ]);
  console.log(
    `  ${title.padEnd(58)} ${result.rps.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms`,
  );
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

async function login(url: string, loginId: string): Promise<string> {
  const response = await fetch(`${url}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginId, password: demoPassword, platform: 'web', version: 'bench' }),
  });
  if (!response.ok) throw new Error(`login ${loginId}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

interface ChatFigures {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

interface DatabaseFigures {
  chat: ChatFigures;
  single: LoadResult;
  profile: LoadResult;
  queue: LoadResult;
  notes: LoadResult;
  profileWithLogins: LoadResult;
}

async function measureApi(kind: 'pglite' | 'postgres', databaseUrl?: string) {
  const server = await startServer('api/server.ts', databaseUrl ? ['api', databaseUrl] : ['api']);
  try {
    const patient = await login(server.url, 'patient@apothecall.test');
    const provider = await login(server.url, 'provider@apothecall.test');
    const profile = (await (
      await fetch(`${server.url}/api/account/profile`, {
        headers: { authorization: `Bearer ${patient}` },
      })
    ).json()) as { profile: { personId: string } };
    const asPatient = { authorization: `Bearer ${patient}` };
    console.log(`api on ${kind}:`);
    const figures: DatabaseFigures = {
      single: await load('GET /api/account/profile, one at a time (1 connection)', {
        url: `${server.url}/api/account/profile`,
        headers: asPatient,
        connections: 1,
      }),
      profile: await load('GET /api/account/profile (authenticated, audited)', {
        url: `${server.url}/api/account/profile`,
        headers: asPatient,
      }),
      queue: await load("GET /api/clinic/queue (the provider's queue)", {
        url: `${server.url}/api/clinic/queue`,
        headers: { authorization: `Bearer ${provider}` },
      }),
      notes: await load("POST /api/notes (a patient's notes list)", {
        url: `${server.url}/api/notes`,
        method: 'POST',
        headers: { ...asPatient, 'content-type': 'application/json' },
        body: JSON.stringify({ uid: profile.profile.personId }),
      }),
      profileWithLogins: await (async () => {
        const logins = runScript<{ made: number; failed: number }>('api/logins.ts', [
          server.url,
          '20',
          String(seconds + 1),
          demoPassword,
          'patient@apothecall.test',
          'provider@apothecall.test',
          'provider2@apothecall.test',
          'pharmacist@apothecall.test',
        ]);
        const result = await load('GET /api/account/profile while 20 logins/s run', {
          url: `${server.url}/api/account/profile`,
          headers: asPatient,
        });
        const made = await logins;
        console.log(`  (logins made ${made.made}, failed ${made.failed})`);
        return result;
      })(),
      chat: await (async () => {
        const chat = await runScript<ChatFigures>('api/chat.ts', [
          server.url,
          String(seconds),
          '50',
        ]);
        console.log(
          `  ${'chat message stored and acknowledged (socket.io, 50 in flight)'.padEnd(58)} ${chat.perSecond.toFixed(0).padStart(7)} msg/s   p50 ${chat.p50.toFixed(0).padStart(4)} ms   p99 ${chat.p99.toFixed(0).padStart(4)} ms`,
        );
        if (chat.failed > 0) throw new Error(`chat: ${chat.failed} messages refused`);
        return chat;
      })(),
    };
    return figures;
  } finally {
    await server.stop();
  }
}

export async function benchApi(): Promise<Row[]> {
  console.log(`bench/api: ${seconds} s a figure, ${connections} connections, separate processes`);
  const hello = await startServer('api/server.ts', ['hello']);
  let baseline: LoadResult;
  try {
    baseline = await load('bare Fastify hello-world', { url: `${hello.url}/` });
  } finally {
    await hello.stop();
  }
  const ratio = (r: LoadResult) => r.rps / baseline.rps;
  const rows: Row[] = [];
  const lite = await measureApi('pglite');
  rows.push({
    figure: 'profile read one at a time, PGlite',
    value: `${(lite.single.mean * 1000).toFixed(0)} µs`,
    goal: '(measured)',
    met: true,
  });
  rows.push({
    figure: 'profile read, PGlite (x hello-world)',
    value: `${ratio(lite.profile).toFixed(3)}x, p99 ${lite.profile.p99} ms`,
    goal: '>= 0.15x',
    met: ratio(lite.profile) >= 0.15,
  });
  const postgres = await freshPostgres();
  if (!postgres) {
    console.log('  PostgreSQL: no server answered (set BENCH_DATABASE_URL); not measured');
    for (const figure of [
      'profile read, PostgreSQL',
      'queue read, PostgreSQL',
      'notes list, PostgreSQL',
    ]) {
      rows.push({ figure, value: '-', goal: '-', met: 'not measured' });
    }
    return rows;
  }
  try {
    const pgFigures = await measureApi('postgres', postgres.url);
    rows.push(
      {
        figure: 'profile read one at a time, PostgreSQL',
        value: `${(pgFigures.single.mean * 1000).toFixed(0)} µs`,
        goal: '(measured)',
        met: true,
      },
      {
        figure: 'profile read, PostgreSQL (x hello-world)',
        value: `${ratio(pgFigures.profile).toFixed(3)}x, p99 ${pgFigures.profile.p99} ms`,
        goal: '>= 0.30x, p99 <= 25 ms',
        met: ratio(pgFigures.profile) >= 0.3 && pgFigures.profile.p99 <= 25,
      },
      {
        figure: 'chat write over socket.io, PostgreSQL',
        value: `${pgFigures.chat.perSecond.toFixed(0)} msg/s, p99 ${pgFigures.chat.p99.toFixed(0)} ms`,
        goal: '(printed)',
        met: pgFigures.chat.failed === 0,
      },
      {
        figure: 'queue read, PostgreSQL (x hello-world)',
        value: `${ratio(pgFigures.queue).toFixed(3)}x`,
        goal: '>= 0.20x',
        met: ratio(pgFigures.queue) >= 0.2,
      },
      {
        figure: 'notes list, PostgreSQL (x hello-world)',
        value: `${ratio(pgFigures.notes).toFixed(3)}x`,
        goal: '>= 0.20x',
        met: ratio(pgFigures.notes) >= 0.2,
      },
      {
        figure: 'profile p99 with 20 logins/s, PostgreSQL (x without)',
        value: `${(pgFigures.profileWithLogins.p99 / Math.max(pgFigures.profile.p99, 1)).toFixed(2)}x`,
        goal: '<= 2x',
        met: pgFigures.profileWithLogins.p99 <= 2 * Math.max(pgFigures.profile.p99, 1),
      },
    );
  } finally {
    await postgres.drop();
  }
  rows.push(...(await benchReads()));
  return rows;
}
