// The live queue, in its own process: `waiting` patients each start a visit and listen on their
// socket; another patient then changes the FL line `changes` times (starts a visit, cancels it),
// one change at a time. For every change, each waiting patient's update is timed from the moment
// the change was sent. Also counts updates that arrived before the change's own answer (a change
// answers before the pushes it causes). Prints one JSON line.
import { io, type Socket } from 'socket.io-client';
import { call, inLanes, preparePatient, providerOnDuty, startVisit } from '../load/patient-setup';

const [url = '', waitingText = '100', changesText = '20'] = process.argv.slice(2);
const waiting = Number(waitingText);
const changes = Number(changesText);
const run = Math.random().toString(36).slice(2, 8);

await providerOnDuty(url);
const patients = await inLanes(waiting + 1, 10, (n) =>
  preparePatient(url, `queue-${run}-${n}@example.test`, 5000 + n),
);
const trigger = patients.pop();
if (!trigger) throw new Error('no patients');
await inLanes(patients.length, 10, (n) => {
  const patient = patients[n];
  if (!patient) throw new Error('no patient');
  return startVisit(url, patient, `queue-${run}-wait-${n}`);
});

let changeStarted = 0;
let answered = true;
let expected = 0;
let received = 0;
let beforeAnswer = 0;
const latencies: number[] = [];
let allIn: () => void = () => {};

const sockets: Socket[] = await Promise.all(
  patients.map(
    (p) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(url, {
          path: '/socket.io',
          transports: ['websocket'],
          auth: { token: p.token },
        });
        socket.on('visitUpdate', () => {
          if (expected === 0) return;
          latencies.push(performance.now() - changeStarted);
          if (!answered) beforeAnswer += 1;
          received += 1;
          if (received === expected) allIn();
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
  ),
);

async function change(what: () => Promise<unknown>): Promise<void> {
  received = 0;
  expected = sockets.length;
  const done = new Promise<void>((resolve) => {
    allIn = resolve;
  });
  answered = false;
  changeStarted = performance.now();
  await what();
  answered = true;
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  expected = 0;
}

let missing = 0;
for (let i = 0; i < changes; i += 1) {
  let visitId = '';
  await change(async () => {
    visitId = await startVisit(url, trigger, `queue-${run}-trigger-${i}`);
  });
  missing += sockets.length - received;
  await change(() => call(url, 'POST', `/api/visits/${visitId}/cancel`, trigger.token, {}));
  missing += sockets.length - received;
}
for (const socket of sockets) socket.close();
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ events: latencies.length, p50: at(0.5), p99: at(0.99), missing, beforeAnswer })}\n`,
);
