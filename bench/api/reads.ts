// bench/api reads: the product's six hot reads against a hand-written reference doing the same
// durable work in one statement each (reference.ts), both on one PostgreSQL database holding
// the demo seed and the large seed (seed-large.ts), the load generator in its own process; each
// read measured on the product then at once on the reference, printed side by side as a ratio.

import { readFileSync } from 'node:fs';
import pg from 'pg';
import { freshPostgres } from '../postgres';
import { runScript, type Server, startServer } from '../processes';
import type { Row } from '../report';
import { seedLarge } from '../seed-large';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const patients = Number(process.env.BENCH_SEED_PATIENTS ?? 10_000);
const demoPassword = 'Apothecall-Demo-1';
const timeZone = 'America/New_York';

interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Answered, warm-up included. */
  requests: number;
}

/**
 * The CPU time (µs) each server process of the database used so far, by process id: the
 * backends connected to the bench's database, read from /proc (PostgreSQL on this machine;
 * none elsewhere).
 */
async function databaseCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const used = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      used.set(pid, (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * (1_000_000 / clockTicks));
    } catch {
      // Gone, or not on this machine.
    }
  }
  return used;
}

/**
 * What the backends alive at the second reading used since the first (a backend that started
 * in between, all of its time). One that left in between is not counted: the pools keep their
 * connections busy during a run, so that is one idle since the run before.
 */
function databaseCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0);
  return total;
}

/** Kernel clock ticks a second (the unit of /proc/<pid>/stat times); 100 on Linux. */
const clockTicks = 100;

/** A load run and the CPU (µs per request) the server and the database spent on it. */
async function measured(server: Server, db: pg.Client, request: ReturnType<typeof requestOf>) {
  const before = { server: Number(await server.ask('CPU', 'CPU')), db: await databaseCpu(db) };
  const result = await load(request);
  const after = { server: Number(await server.ask('CPU', 'CPU')), db: await databaseCpu(db) };
  return {
    ...result,
    serverCpu: (after.server - before.server) / result.requests,
    dbCpu: databaseCpuSince(before.db, after.db) / result.requests,
  };
}

interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  login: string;
  body?: unknown;
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

function requestOf(server: Server, read: Read, token: string) {
  return {
    url: `${server.url}${read.path}`,
    method: read.method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-time-zone': timeZone,
      ...(read.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(read.body === undefined ? {} : { body: JSON.stringify(read.body) }),
  };
}

/** One answer's size and status, to check both sides answer the same volume. */
async function probe(request: ReturnType<typeof requestOf>): Promise<string> {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...('body' in request ? { body: request.body } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.url}: ${response.status} ${text.slice(0, 200)}`);
  return `${(text.length / 1024).toFixed(1)} KB`;
}

async function load(request: ReturnType<typeof requestOf>): Promise<LoadResult> {
  const result = await runScript<LoadResult>('api/load.ts', [
    JSON.stringify({ connections, seconds, ...request }),
  ]);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${request.url}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return result;
}

/** An existing database already seeded (BENCH_READS_DATABASE_URL), kept as it is. */
async function database() {
  const given = process.env.BENCH_READS_DATABASE_URL;
  if (given) return { url: given, seeded: true, drop: async () => undefined };
  const fresh = await freshPostgres('apothecall_bench_reads');
  return fresh && { ...fresh, seeded: false };
}

export async function benchReads(): Promise<Row[]> {
  const postgres = await database();
  if (!postgres) {
    console.log('bench/api reads: no PostgreSQL server answered; not measured');
    return [
      { figure: 'hot reads vs reference, PostgreSQL', value: '-', goal: '-', met: 'not measured' },
    ];
  }
  const product = await startServer('api/server.ts', ['api', postgres.url]);
  let reference: Server | undefined;
  const db = new pg.Client({ connectionString: postgres.url });
  try {
    if (patients > 0 && !postgres.seeded) {
      const seeded = await seedLarge(postgres.url, patients);
      console.log(
        `bench/api reads: large seed ${seeded.patients} patients, ${seeded.careVisits} video visits, ${seeded.rxVisits} Rx visits, ${seeded.notes} notes in ${seeded.seconds.toFixed(0)} s`,
      );
    }
    reference = await startServer('api/reference.ts', [postgres.url]);
    await db.connect();
    const tokens = {
      patient: await login(product.url, 'patient@apothecall.test'),
      provider: await login(product.url, 'provider@apothecall.test'),
      pharmacist: await login(product.url, 'pharmacist@apothecall.test'),
    };
    const profile = (await (
      await fetch(`${product.url}/api/account/profile`, {
        headers: { authorization: `Bearer ${tokens.patient}` },
      })
    ).json()) as { profile: { personId: string } };
    const month = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' })
      .format(new Date())
      .slice(0, 7);
    const reads: Read[] = [
      { name: 'profile', method: 'GET', path: '/api/account/profile', login: 'patient' },
      { name: 'clinic queue', method: 'GET', path: '/api/clinic/queue', login: 'provider' },
      {
        name: 'pharmacy dashboard',
        method: 'POST',
        path: '/api/pharmacy/rx/search',
        login: 'pharmacist',
        body: { tab: 'unclaimed', query: '', page: 1, pageSize: 20 },
      },
      {
        name: 'documents of a month',
        method: 'POST',
        path: '/api/get-patient-docs-date',
        login: 'patient',
        body: { fdate: month },
      },
      {
        name: 'notes list',
        method: 'POST',
        path: '/api/notes',
        login: 'patient',
        body: { uid: profile.profile.personId },
      },
      { name: "patient's Rx visits", method: 'GET', path: '/api/rx/visits', login: 'patient' },
    ];
    console.log(
      `bench/api reads: ${seconds} s a figure, ${connections} connections, product then reference, PostgreSQL`,
    );
    console.log(
      `  ${'read'.padEnd(22)} ${'product'.padStart(24)} ${'reference'.padStart(24)}   ratio  met  CPU µs/request: server + database, product / reference  answer size`,
    );
    const rows: Row[] = [];
    // BENCH_READS=notes,profile: only the reads whose names start so (a quicker look at one).
    const only = process.env.BENCH_READS?.split(',');
    for (const read of reads) {
      if (only && !only.some((name) => read.name.startsWith(name))) continue;
      const token = tokens[read.login as keyof typeof tokens];
      const ours = requestOf(product, read, token);
      const theirs = requestOf(reference, read, token);
      const sizes = `${await probe(ours)} / ${await probe(theirs)}`;
      const p = await measured(product, db, ours);
      const r = await measured(reference, db, theirs);
      const ratio = p.rps / r.rps;
      const met = ratio >= 0.9 && p.p99 <= 25;
      const figure = (x: LoadResult) =>
        `${x.rps.toFixed(0).padStart(6)} req/s p99 ${String(x.p99).padStart(3)} ms`;
      const cpu = (x: typeof p) =>
        `${x.serverCpu.toFixed(0).padStart(5)} + ${x.dbCpu.toFixed(0).padStart(4)}`;
      console.log(
        `  ${read.name.padEnd(22)} ${figure(p)} ${figure(r)}   ${ratio.toFixed(2)}x  ${met ? 'yes' : 'NO '}  ${cpu(p)} / ${cpu(r)}  ${sizes}`,
      );
      rows.push({
        figure: `${read.name}, PostgreSQL (x reference)`,
        value: `${ratio.toFixed(2)}x, ${p.rps.toFixed(0)} vs ${r.rps.toFixed(0)} req/s, p99 ${p.p99} ms`,
        goal: '>= 0.9x, p99 <= 25 ms',
        met,
      });
    }
    return rows;
  } finally {
    await db.end().catch(() => undefined);
    await reference?.stop();
    await product.stop();
    await postgres.drop();
  }
}

if (process.argv[1]?.endsWith('reads.ts')) {
  const { printTable } = await import('../report');
  printTable(await benchReads());
}
