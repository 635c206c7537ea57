// The load generator, in its own process so its CPU is not the server's: runs autocannon with
// the JSON options given as the first argument (after a one-second warm-up) and prints the
// result as one JSON line.
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const request = {
  url: options.url,
  method: options.method ?? 'GET',
  headers: options.headers ?? {},
  ...(options.body === undefined ? {} : { body: options.body }),
  connections: options.connections,
};
const warmUp = await autocannon({ ...request, duration: 1 });
const result = await autocannon({ ...request, duration: options.seconds });
process.stdout.write(
  `${JSON.stringify({
    // Every request answered, the warm-up's too (for CPU per request over the whole run).
    requests: warmUp.requests.total + result.requests.total,
    rps: result.requests.average,
    mean: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
