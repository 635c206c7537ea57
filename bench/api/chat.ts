// A chat write, in its own process: a new patient starts a visit, the demo provider claims it,
// both join the visit room over socket.io, and the patient sends messages for `seconds`, keeping
// `inFlight` unacknowledged at a time (each is stored before its ack). Prints one JSON line:
// messages a second and the ack latency percentiles.
import { io, type Socket } from 'socket.io-client';

const [url = '', secondsText = '10', inFlightText = '50'] = process.argv.slice(2);
const seconds = Number(secondsText);
const inFlight = Number(inFlightText);
const password = 'Quinn-Pass-42';
const run = Math.random().toString(36).slice(2, 8);

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const login = async (loginId: string, pass: string) =>
  (
    (await call('POST', '/api/account/token', null, {
      loginId,
      password: pass,
      platform: 'web',
      version: 'bench',
    })) as { token: string }
  ).token;

const loginId = `chat-${run}@example.test`;
await call('POST', '/api/register', null, {
  profile: {
    name: 'Nora Quinn',
    dob: '03-14-1990',
    gender: 'F',
    address: '200 Ocean Dr',
    state: 'FL',
    zipCode: '33139',
    phone: '305-558-0001',
    email: loginId,
  },
  whiteLabelId: 'apothecall',
  credentials: { password },
});
const patient = await login(loginId, password);
const provider = await login('provider@apothecall.test', 'Apothecall-Demo-1');
await call('PUT', '/api/clinic/duty', provider, { onDuty: true });
const consents = (await call('GET', '/api/consents', patient)) as {
  documents: { id: string; version: string }[];
};
await call('POST', '/api/consents', patient, {
  documents: consents.documents.map((d) => ({ id: d.id, version: d.version })),
});
await call('PUT', '/api/consult/location', patient, { state: 'FL' });
const { profile } = (await call('GET', '/api/account/profile', patient)) as {
  profile: { personId: string };
};
const cards = (await call('GET', '/api/account/payments/profiles', patient)) as {
  payProfileID: string;
  payProfileSignature: string;
};
const added = (await call('POST', '/api/account/payments/profiles', patient, {
  profileID: cards.payProfileID,
  signature: cards.payProfileSignature,
  card: {
    cardHolderName: 'Nora Quinn',
    ccNumber: '4111111111111111',
    cvv: '123',
    expiration: `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
    cardZip: '33139',
  },
})) as { payProfiles: { card: { profileID: string } }[] };
const { priceToken } = (await call('GET', '/api/account/pricing/default', patient)) as {
  priceToken: string;
};
const started = (await call('POST', '/api/visit-start/', patient, {
  patientID: profile.personId,
  complaint: { reason: 'soreThroat', notes: 'Since Monday' },
  pharmacy: null,
  states: ['FL'],
  priceToken,
  payProfileID: added.payProfiles[0]?.card.profileID,
  visitScreenResult: { passed: true, answers: {} },
  idempotencyKey: `chat-${run}-visit`,
})) as { visit: { visitId: string } };
const visitId = started.visit.visitId;
await call('POST', `/api/clinic/visits/${visitId}/claim`, provider, {});

function connect(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
const patientSocket = await connect(patient);
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
