// `npm run bench`: the cost of the API's authenticated read against a bare Fastify
// hello-world, measured side by side in one run on this machine, printed as a ratio.
// Targets are ratios (machine-independent), never absolute times.
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { demoPassword, seedDemo } from '../../apps/server/src/db/seed/demo-seed';
import { createPasswordHasher } from '../../apps/server/src/platform/passwords';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(title: string, url: string, headers: Record<string, string> = {}) {
  // A short warm-up so JIT and caches settle before the measured run.
  await autocannon({ url, headers, connections, duration: 1 });
  const result = await autocannon({ url, headers, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${title}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { title, rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  const database = process.env.BENCH_DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL })
    : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const hasher = createPasswordHasher();
  await seedDemo(database.db, hasher);
  const { fastify: api } = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    hasher,
  });
  await api.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  const login = await fetch(`${apiUrl}/api/account/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      loginId: 'patient@apothecall.test',
      password: demoPassword,
      platform: 'web',
      version: 'bench',
    }),
  });
  const { token } = (await login.json()) as { token: string };

  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;

  console.log(
    `bench/api: ${seconds} s each, ${connections} connections, database ${database.kind}`,
  );
  const baseline = await measure('bare Fastify hello-world', helloUrl);
  const profile = await measure(
    'GET /api/account/profile (authenticated, audited)',
    `${apiUrl}/api/account/profile`,
    {
      authorization: `Bearer ${token}`,
    },
  );
  for (const r of [baseline, profile]) {
    console.log(
      `  ${r.title.padEnd(52)} ${r.rps.toFixed(0).padStart(7)} req/s   p99 ${String(r.p99).padStart(4)} ms`,
    );
  }
  console.log(
    `ratio: authenticated profile read = ${(profile.rps / baseline.rps).toFixed(3)} x hello-world throughput; p99 ${(profile.p99 / Math.max(baseline.p99, 1)).toFixed(2)} x`,
  );
  await api.close();
  await hello.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
