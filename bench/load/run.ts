// bench/load: 200 virtual patients, each with their own account, against the product on
// PostgreSQL for 60 s (BENCH_LOAD_SECONDS, BENCH_PATIENTS): profile, price, visit start and
// cancel, again and again. Goal: no errors and no timeouts; p99 printed.
import { freshPostgres } from '../postgres';
import { runScript, startServer } from '../processes';
import type { Row } from '../report';

const patients = Number(process.env.BENCH_PATIENTS ?? 200);
const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);

interface LoadFigures {
  patients: number;
  iterations: number;
  requests: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  errorSamples: string[];
}

export async function benchLoad(): Promise<Row[]> {
  console.log(`bench/load: ${patients} virtual patients for ${seconds} s on PostgreSQL`);
  const postgres = await freshPostgres('apothecall_bench_load');
  if (!postgres) {
    console.log('  PostgreSQL: no server answered (set BENCH_DATABASE_URL); not measured');
    return [{ figure: 'load: 200 patients', value: '-', goal: '-', met: 'not measured' }];
  }
  try {
    const server = await startServer('api/server.ts', ['api', postgres.url]);
    let figures: LoadFigures;
    try {
      figures = await runScript<LoadFigures>('load/patients.ts', [
        server.url,
        String(patients),
        String(seconds),
      ]);
    } finally {
      await server.stop();
    }
    console.log(
      `  ${figures.iterations} visits started and cancelled, ${figures.requests} requests, p50 ${figures.p50.toFixed(0)} ms, p99 ${figures.p99.toFixed(0)} ms, ${figures.errors} errors, ${figures.timeouts} timeouts`,
    );
    if (figures.errorSamples.length > 0) console.log(`  e.g. ${figures.errorSamples.join('; ')}`);
    return [
      {
        figure: `load: ${figures.patients} patients, errors and timeouts`,
        value: `${figures.errors} errors, ${figures.timeouts} timeouts`,
        goal: '0 and 0',
        met: figures.errors === 0 && figures.timeouts === 0 && figures.patients === patients,
      },
      {
        figure: 'load: p99 of every request',
        value: `${figures.p99.toFixed(0)} ms (p50 ${figures.p50.toFixed(0)} ms)`,
        goal: '(printed)',
        met: true,
      },
    ];
  } finally {
    await postgres.drop();
  }
}
