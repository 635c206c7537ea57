// Virtual patients, in their own process. Each registers its own account, accepts the consents,
// confirms where it is, puts a card on file and logs in once (a patient keeps their session);
// then, until the time is up, it reads its profile, asks the price, starts a visit and cancels
// it, again and again. Prints one JSON line: requests, errors, timeouts, latency percentiles.
import {
  call,
  inLanes,
  preparePatient,
  providerOnDuty,
  type ReadyPatient,
  startVisit,
  stats,
} from './patient-setup';

const [url = '', countText = '200', secondsText = '60'] = process.argv.slice(2);
const count = Number(countText);
const seconds = Number(secondsText);
const run = Math.random().toString(36).slice(2, 8);

let iterations = 0;
async function patient(ready: ReadyPatient, until: number): Promise<void> {
  while (Date.now() < until) {
    try {
      await call(url, 'GET', '/api/account/profile', ready.token);
      const visitId = await startVisit(
        url,
        ready,
        `load-${run}-${iterations}-${Math.random().toString(36).slice(2)}`,
      );
      await call(url, 'POST', `/api/visits/${visitId}/cancel`, ready.token, {});
      iterations += 1;
    } catch {
      // Counted in `call`; the patient goes on.
    }
  }
}

await providerOnDuty(url);
// Setup: ten at a time (registration hashes a password).
const ready = await inLanes(count, 10, (n) =>
  preparePatient(url, `load-${run}-${n}@example.test`, n),
);
stats.measuring = true;
const until = Date.now() + seconds * 1000;
await Promise.all(ready.map((r) => patient(r, until)));
const latencies = [...stats.latencies].sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({
    patients: ready.length,
    iterations,
    requests: latencies.length,
    errors: stats.errors,
    timeouts: stats.timeouts,
    p50: at(0.5),
    p99: at(0.99),
    errorSamples: stats.errorSamples,
  })}\n`,
);
