// A chat write, in its own process: a new patient starts a visit, the demo provider claims it,
// both join the visit room over socket.io, and the patient sends messages for `seconds`, keeping
// `inFlight` unacknowledged at a time (each is stored before its ack). Prints one JSON line:
// messages a second and the ack latency percentiles.
import { io, type Socket } from 'socket.io-client';
import { call, preparePatient, providerOnDuty, startVisit } from '../load/patient-setup';

const [url = '', secondsText = '10', inFlightText = '50'] = process.argv.slice(2);
const seconds = Number(secondsText);
const inFlight = Number(inFlightText);
const run = Math.random().toString(36).slice(2, 8);

const provider = await providerOnDuty(url);
const patient = await preparePatient(url, `chat-${run}@example.test`, 9000);
const visitId = await startVisit(url, patient, `chat-${run}-visit`);
await call(url, 'POST', `/api/clinic/visits/${visitId}/claim`, provider, {});

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const patientSocket = await connect(patient.token);
const providerSocket = await connect(provider);
const joined = (await patientSocket.emitWithAck('joinVisit', { visitId })) as {
  ok: boolean;
  self?: string;
};
await providerSocket.emitWithAck('joinVisit', { visitId });
if (!joined.ok || !joined.self) throw new Error('the patient could not join the visit');
const owner = joined.self;

const latencies: number[] = [];
let failed = 0;
let sent = 0;
const until = performance.now() + seconds * 1000;
async function lane(): Promise<void> {
  while (performance.now() < until) {
    sent += 1;
    const at = performance.now();
    const ack = (await patientSocket.timeout(10_000).emitWithAck('message', {
      visitId,
      type: 'chat',
      text: `Message ${sent}`,
      phone: null,
      owner,
      attachments: [],
      clientId: `bench-${run}-${sent}`,
    })) as { ok: boolean };
    latencies.push(performance.now() - at);
    if (!ack.ok) failed += 1;
  }
}
const startedAt = performance.now();
await Promise.all(Array.from({ length: inFlight }, lane));
const elapsed = (performance.now() - startedAt) / 1000;
latencies.sort((a, b) => a - b);
const q = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
patientSocket.close();
providerSocket.close();
process.stdout.write(
  `${JSON.stringify({ perSecond: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), failed })}\n`,
);
