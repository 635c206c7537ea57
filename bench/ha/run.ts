// bench/ha: two instances of the product on one PostgreSQL database, Redis, the S3 double and
// the card gateway double (Authorize.Net's wire format, answering in BENCH_HA_GATEWAY_MS, 400),
// behind HAProxy on loopback; virtual patients (BENCH_HA_PATIENTS, 500) log in, put a card on
// file, start a paid Get Care visit and wait in the waiting room, while providers
// (BENCH_HA_PROVIDERS, 4) claim and end the visits. When half the visits have started (and the
// instance holds a few sockets), one instance is killed (SIGKILL). Then, from the clients'
// answers, the database and the gateway's record: 0 visits lost, 0 double charges, every socket
// of the lost instance back on the survivor, seeing the queue. The clients run in their own
// process (bench/ha/clients.ts), each instance in its own (bench/ha/instance.ts).
//
// The integration test apps/server/src/two-instances.int.test.ts runs a short form of it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startAuthorizeNetDouble } from '../../apps/server/test/authorize-net-double';
import { freePort } from '../../apps/server/test/ports';
import { startS3Double } from '../../apps/server/test/s3-double';
import { lineFrom } from '../processes';
import type { Row } from '../report';
import { checkHa, type HaChecks } from './check';
import { startHaproxy } from './haproxy';
import { prepareHaDatabase } from './setup';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface HaOptions {
  patients: number;
  providers: number;
  /** Patients going through their setup at once. */
  lanes: number;
  /** How long a provider holds a claimed visit before ending it. */
  holdMs: number;
  /** The visits started when the instance is killed (default: half the patients). */
  killAt?: number;
  /** The clients give up waiting after this long. */
  deadlineSeconds: number;
  /** PostgreSQL server to make the database on (an admin URL) and the database's name. */
  adminUrl: string;
  databaseName: string;
  redisUrl: string;
  /** A charge left pending is settled from the gateway after this long (product default 60). */
  reconcileSeconds: number;
  /**
   * How long the gateway double takes to answer each call (a real gateway takes about a second):
   * the kill then finds card adds and charges in flight at the gateway, as it would.
   */
  gatewayMs: number;
}

/** What the clients report (bench/ha/clients.ts). */
export interface ClientFigures {
  patients: number;
  providers: number;
  visits: { n: number; visitId: string }[];
  finished: number;
  /** Patients whose visit ended without them being told (socket drops, whether told of the claim). */
  unfinished: { n: number; visitId: string; drops: number; sawInProgress: boolean }[];
  startedOver: number[];
  patientFailures: string[];
  providerFailure: string | null;
  claims: number;
  claimNotTold: number[];
  lostRaces: number;
  ends: number;
  sockets: {
    dropped: number;
    reconnected: number;
    sawQueueAfter: number;
    updatedAfter: number;
    endedWhileAway: number;
    notBack: string[];
    refusals: string[];
    refused: number;
    providersDropped: number;
    providersReconnected: number;
  };
  killedAtMs: number | null;
  errors: {
    beforeKill: number;
    inKillWindow: number;
    afterKillWindow: number;
    lastAfterKillMs: number;
    inProgress: number;
    lastInProgressAfterKillMs: number;
    samples: string[];
    gaveUp: number;
    gaveUpSamples: string[];
  };
  latency: Record<string, { count: number; p50: number; p99: number; max: number }>;
  all: { count: number; p50: number; p99: number; max: number };
  ms: number;
}

export interface HaFigures {
  clients: ClientFigures;
  checks: HaChecks;
  /** Sockets open on each instance just before the kill. */
  socketsAtKill: { lost: number; survivor: number };
  /** From the kill to HAProxy reporting the lost instance DOWN. */
  markedDownMs: number | null;
  /** Times HAProxy took an instance out on failed health checks while it was alive. */
  flaps: { lostBeforeKill: number; survivor: number };
  /** PAYMENT_RECONCILE_AFTER_SECONDS of the run. */
  reconcileSeconds: number;
  /** Charges left pending by the kill (their gateway call was in flight when it came). */
  chargesCutOff: number;
  /** Cards the gateway holds and the database does not: a card add cut off by the kill. */
  cardsOnlyAtGateway: number;
  /** The visits whose patient was never told they ended: claimed and ended when (s from the kill). */
  untold: { visitId: string; claimedS: number | null; endedS: number | null }[];
  /** Warnings and errors the instances logged, by message: how many, the first when (s from the kill). */
  logs: { message: string; count: number; firstFromKillS: number }[];
}

interface Instance {
  child: ChildProcess;
  port: number;
  ask(command: string): Promise<string>;
  exited: Promise<void>;
}

/** Starts bench/ha/instance.ts with this environment; its warn/error log lines are counted. */
async function startInstance(
  env: Record<string, string>,
  logs: Map<string, { count: number; first: number }>,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'instance.ts')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      let message = line.slice(0, 200);
      try {
        message = String((JSON.parse(line) as { msg?: unknown }).msg ?? message);
      } catch {
        // Not a log line (a stack trace, a warning of Node's): counted as it is.
      }
      if (!message.trim()) continue;
      const seen = logs.get(message);
      if (seen) seen.count += 1;
      else logs.set(message, { count: 1, first: Date.now() });
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = Number(await lineFrom(child, 'READY'));
  return {
    child,
    port,
    exited,
    ask(command) {
      const answer = lineFrom(child, command);
      child.stdin?.write(`${command}\n`);
      return answer;
    },
  };
}

async function freshDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: unknown) => {
    throw new Error(`PostgreSQL does not answer at ${adminUrl}: ${String(error)}`);
  });
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function countRows(url: string, text: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(text, params);
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

async function untoldVisits(url: string, ids: string[], killedAt: Date) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: string;
      claimed: string | null;
      ended: string | null;
    }>(
      `select id, extract(epoch from claimed_at - $2)::text as claimed,
         extract(epoch from ended_at - $2)::text as ended
       from visits where id = any($1::uuid[])`,
      [ids, killedAt],
    );
    const seconds = (v: string | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
    return rows.map((r) => ({
      visitId: r.id,
      claimedS: seconds(r.claimed),
      endedS: seconds(r.ended),
    }));
  } finally {
    await client.end();
  }
}

async function redisAnswers(redisUrl: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new Error(`Redis does not answer at ${redisUrl}: ${String(error)}`);
  } finally {
    redis.disconnect();
  }
}

export async function runHa(options: HaOptions): Promise<HaFigures> {
  await redisAnswers(options.redisUrl);
  const database = await freshDatabase(options.adminUrl, options.databaseName);
  const dir = mkdtempSync(path.join(tmpdir(), 'apothecall-ha-'));
  const stops: (() => Promise<unknown>)[] = [
    async () => rmSync(dir, { recursive: true, force: true }),
    () => database.drop(),
  ];
  try {
    await prepareHaDatabase(database.url, options);
    const gateway = await startAuthorizeNetDouble();
    stops.unshift(() => gateway.close());
    if (options.gatewayMs > 0) gateway.stall(options.gatewayMs, Number.POSITIVE_INFINITY);
    const s3 = await startS3Double();
    stops.unshift(() => s3.close());
    const balancerPort = await freePort();
    const fileKey = randomBytes(32).toString('base64');
    const env = (name: string) => ({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      LOG_LEVEL: 'warn',
      INBOUND_SMTP_PORT: 'off',
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      PAYMENT_GATEWAY: 'authorize-net',
      AUTHORIZE_NET_API_LOGIN_ID: gateway.apiLoginId,
      AUTHORIZE_NET_TRANSACTION_KEY: gateway.transactionKey,
      AUTHORIZE_NET_ENDPOINT: gateway.endpoint,
      PAYMENT_RECONCILE_AFTER_SECONDS: String(options.reconcileSeconds),
      FILES_KEY: fileKey,
      FILES_S3_BUCKET: s3.bucket,
      FILES_S3_ENDPOINT: s3.endpoint,
      FILES_S3_ACCESS_KEY_ID: s3.accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      FILES_S3_FORCE_PATH_STYLE: 'true',
    });
    const logs = new Map<string, { count: number; first: number }>();
    const started = await Promise.allSettled([
      startInstance(env('a'), logs),
      startInstance(env('b'), logs),
    ]);
    for (const instance of started) {
      if (instance.status === 'fulfilled') {
        stops.unshift(async () => {
          instance.value.child.kill('SIGKILL');
          await instance.value.exited;
        });
      }
    }
    const [lost, survivor] = started.map((instance) => {
      if (instance.status === 'rejected') throw instance.reason;
      return instance.value;
    });
    if (!lost || !survivor) throw new Error('two instances were asked for');
    const balancer = await startHaproxy(dir, balancerPort, { a: lost.port, b: survivor.port });
    stops.unshift(() => balancer.stop());

    const clients = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(here, 'clients.ts'),
        balancer.url,
        String(options.patients),
        String(options.providers),
        String(options.lanes),
        String(options.holdMs),
        String(options.killAt ?? Math.ceil(options.patients / 2)),
        String(options.deadlineSeconds),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
    );
    stops.unshift(async () => {
      if (clients.exitCode === null) clients.kill('SIGKILL');
    });
    const result = lineFrom(clients, 'RESULT');
    // Awaited below; until then a crash of the clients must not go unhandled.
    result.catch(() => undefined);
    await lineFrom(clients, 'KILL');
    // An instance holding no socket would prove nothing about them: wait (a while) for some.
    for (let i = 0; i < 100 && Number(await lost.ask('SOCKETS')) < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const socketsAtKill = {
      lost: Number(await lost.ask('SOCKETS')),
      survivor: Number(await survivor.ask('SOCKETS')),
    };
    const downsBefore = await balancer.downs();
    const killed = performance.now();
    const killedEpoch = Date.now();
    lost.child.kill('SIGKILL');
    clients.stdin?.write('KILLED\n');
    let markedDownMs: number | null = null;
    for (let i = 0; i < 100 && markedDownMs === null; i += 1) {
      const status = await balancer.status().catch(() => ({}) as Record<string, string>);
      if (status.a?.startsWith('DOWN')) markedDownMs = performance.now() - killed;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The gateway calls in flight on the lost instance have their answers by now.
    await new Promise((resolve) => setTimeout(resolve, options.gatewayMs + 1000));
    const chargesCutOff = await countRows(
      database.url,
      `select count(*) from ledger where state = 'pending' and created_at < $1`,
      [new Date(killedEpoch)],
    );
    const figures = JSON.parse(await result) as ClientFigures;
    const flaps = { lostBeforeKill: downsBefore.a ?? 0, survivor: (await balancer.downs()).b ?? 0 };
    const checks = await checkHa(database.url, gateway, figures.visits, new Date(killedEpoch));
    const untold = await untoldVisits(
      database.url,
      figures.unfinished.map((u) => u.visitId),
      new Date(killedEpoch),
    );
    // Each patient adds one card: the gateway holds one for each customer it was asked to add to
    // (asked again, it answers E00039 and keeps the one).
    const cardsAtGateway = new Set(
      gateway.requests
        .filter((r) => r.method === 'createCustomerPaymentProfileRequest')
        .map((r) => String(r.body.customerProfileId)),
    ).size;
    const cardsOnlyAtGateway =
      cardsAtGateway -
      (await countRows(
        database.url,
        `select count(*) from payment_profiles p join accounts a on a.id = p.account_id
         where a.login_id like 'ha-patient-%'`,
        [],
      ));
    return {
      clients: figures,
      checks,
      socketsAtKill,
      markedDownMs,
      flaps,
      reconcileSeconds: options.reconcileSeconds,
      chargesCutOff,
      cardsOnlyAtGateway,
      untold,
      logs: [...logs].map(([message, { count, first }]) => ({
        message,
        count,
        firstFromKillS: Math.round((first - killedEpoch) / 100) / 10,
      })),
    };
  } finally {
    for (const stop of stops) await stop().catch(() => undefined);
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

/** The figures, one line each, as the bench prints them. */
export function describeHa(f: HaFigures): string[] {
  const c = f.clients;
  const k = f.checks;
  const lat = (label: string) => {
    const l = c.latency[label];
    return l ? `p50 ${ms(l.p50)}, p99 ${ms(l.p99)}, max ${ms(l.max)} (${l.count})` : '-';
  };
  return [
    `patients ${c.patients}, providers ${c.providers}; visits answered 2xx ${c.visits.length}, rows ${k.visitRows}, finished ${c.finished}, unfinished ${c.unfinished.length}; started over with a new key ${c.startedOver.length}`,
    ...(c.unfinished.length
      ? [
          `never told their visit ended: ${c.unfinished
            .map((u) => {
              const v = f.untold.find((x) => x.visitId === u.visitId);
              return `patient ${u.n} (socket drops ${u.drops}, told of the claim ${u.sawInProgress}, claimed ${v?.claimedS ?? '-'} s and ended ${v?.endedS ?? '-'} s from the kill)`;
            })
            .join('; ')}`,
        ]
      : []),
    `claims ${c.claims} (races lost ${c.lostRaces}), ends ${c.ends}; patients never told of their claim with their socket up ${c.claimNotTold.length}; captures at the gateway ${k.captures}`,
    `lost ${k.lost}, duplicate visits ${k.duplicateVisits}, double charges ${k.doubleCharges}, charged without a visit ${k.chargedWithoutVisit}, visits without exactly one charge ${k.visitsWithoutOneCharge}, ledger still pending ${k.pendingLedger}, not completed ${k.notCompleted}`,
    `kill at ${c.killedAtMs === null ? '-' : ms(c.killedAtMs)} of ${ms(c.ms)}; sockets at the kill: ${f.socketsAtKill.lost} on the lost instance, ${f.socketsAtKill.survivor} on the survivor; HAProxy marked it down after ${f.markedDownMs === null ? '-' : ms(f.markedDownMs)}; charges cut off at the gateway ${f.chargesCutOff}, cards held only by the gateway ${f.cardsOnlyAtGateway}; live instances taken out on slow health checks: ${f.flaps.lostBeforeKill} (lost, before the kill), ${f.flaps.survivor} (survivor)`,
    `patient sockets dropped ${c.sockets.dropped}, back ${c.sockets.reconnected}, saw their visit again ${c.sockets.sawQueueAfter}, updated after ${c.sockets.updatedAfter} (${c.sockets.endedWhileAway} of them ended while away); provider sockets dropped ${c.sockets.providersDropped}, back ${c.sockets.providersReconnected}; connections refused for ${c.sockets.refused} patients${c.sockets.refusals.length ? ` (${c.sockets.refusals.join('; ')})` : ''}${c.sockets.notBack.length ? `; not back: ${c.sockets.notBack.slice(0, 5).join('; ')}` : ''}`,
    `failed tries: ${c.errors.beforeKill} before the kill, ${c.errors.inKillWindow} in the 10 s after, ${c.errors.afterKillWindow} later (last ${ms(c.errors.lastAfterKillMs)} after the kill); calls given up ${c.errors.gaveUp}${c.errors.samples.length ? `; e.g. ${c.errors.samples.join('; ')}` : ''}`,
    `visit starts answered 409 IN_PROGRESS (a charge cut off, settled from the gateway once ${f.reconcileSeconds} s old): ${c.errors.inProgress} times, the last ${ms(c.errors.lastInProgressAfterKillMs)} after the kill`,
    `login ${lat('login')}; visit start ${lat('visit start')}; claim ${lat('claim')}; end ${lat('end')}; every call p50 ${ms(c.all.p50)}, p99 ${ms(c.all.p99)} (${c.all.count})`,
    `jobs at the end: still active ${JSON.stringify(k.jobsStillActive)}, of them started before the kill ${JSON.stringify(k.jobsHeldByLost)}; run again after a failure or expiry ${JSON.stringify(k.jobsRetried)}; failed ${JSON.stringify(k.failedJobs)}`,
    `instances logged: ${
      f.logs
        .map((l) => `${l.count}x "${l.message}" (first ${l.firstFromKillS} s from the kill)`)
        .join('; ') || 'nothing'
    }`,
    ...(c.patientFailures.length
      ? [`patients failed: ${c.patientFailures.slice(0, 5).join('; ')}`]
      : []),
    ...(c.providerFailure ? [`a provider failed: ${c.providerFailure}`] : []),
  ];
}

export async function benchHa(): Promise<Row[]> {
  const patients = Number(process.env.BENCH_HA_PATIENTS ?? 500);
  const providers = Number(process.env.BENCH_HA_PROVIDERS ?? 4);
  console.log(
    `bench/ha: ${patients} patients, ${providers} providers, two instances behind HAProxy, one killed`,
  );
  let f: HaFigures;
  try {
    f = await runHa({
      patients,
      providers,
      lanes: Number(process.env.BENCH_HA_LANES ?? 25),
      holdMs: Number(process.env.BENCH_HA_HOLD_MS ?? 200),
      deadlineSeconds: Number(process.env.BENCH_HA_DEADLINE_SECONDS ?? 300),
      adminUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      databaseName: 'apothecall_bench_ha',
      redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      reconcileSeconds: Number(process.env.BENCH_HA_RECONCILE_SECONDS ?? 60),
      gatewayMs: Number(process.env.BENCH_HA_GATEWAY_MS ?? 400),
    });
  } catch (error) {
    console.log(`  not measured: ${error instanceof Error ? error.message : String(error)}`);
    return [{ figure: 'ha: two instances, one lost', value: '-', goal: '-', met: 'not measured' }];
  }
  for (const line of describeHa(f)) console.log(`  ${line}`);
  const c = f.clients;
  const k = f.checks;
  const s = c.sockets;
  return [
    {
      figure: `ha: visits lost (${c.visits.length} answered 2xx)`,
      value: String(k.lost),
      goal: '0, every patient a visit',
      met: k.lost === 0 && c.visits.length === patients && k.visitRows === patients,
    },
    {
      figure: 'ha: double charges, charges without a visit',
      value: `${k.doubleCharges}, ${k.chargedWithoutVisit}`,
      goal: '0 and 0',
      met: k.doubleCharges === 0 && k.chargedWithoutVisit === 0 && k.visitsWithoutOneCharge === 0,
    },
    {
      figure: 'ha: patient sockets of the lost instance back, seeing the queue',
      value: `${s.reconnected}/${s.dropped} back, ${s.sawQueueAfter} saw, ${s.updatedAfter} updated`,
      goal: 'all',
      met:
        s.dropped > 0 &&
        s.reconnected === s.dropped &&
        s.sawQueueAfter === s.dropped &&
        s.updatedAfter === s.dropped,
    },
    {
      figure: 'ha: visits ended, calls given up',
      value: `${c.finished}/${c.visits.length}, ${c.errors.gaveUp}`,
      goal: 'all, 0',
      met: c.finished === c.visits.length && c.errors.gaveUp === 0 && k.notCompleted === 0,
    },
    {
      figure: 'ha: failed tries in the 10 s after the kill (retried)',
      value: `${c.errors.inKillWindow} (${c.errors.beforeKill + c.errors.afterKillWindow} outside)`,
      goal: '(printed), 0 outside',
      met: c.errors.beforeKill + c.errors.afterKillWindow === 0,
    },
    {
      figure: 'ha: visit start p99 (retries included)',
      value: `${(c.latency['visit start']?.p99 ?? 0).toFixed(0)} ms`,
      goal: '(printed)',
      met: true,
    },
  ];
}
