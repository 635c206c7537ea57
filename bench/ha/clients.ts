// The virtual patients and providers of the two-instance bench, in their own process, all
// through the load balancer. Arguments: url, patients, providers, lanes, hold ms, kill at (the
// number of visits started when the instance is to be lost), deadline s.
//
// A patient logs in, accepts the consents, says it is in Florida, puts a card on file (the gateway
// double), opens its socket (websocket transport, reconnecting as socket.io does) and starts a
// Get Care visit paid by card, then waits in the waiting room until its visit ends, and leaves.
// A provider logs in, goes on duty, and until the end claims the oldest waiting visit it can,
// holds it `hold` ms and ends it completed with a note; its socket's queueChanged wakes it.
//
// A call that fails in transport or answers 502, 503 or 504 is tried again, with the same body
// (the visit start keeps its idempotency key, as the web app does), until the deadline; so is a
// visit start answered 409 IN_PROGRESS (its charge left pending by the lost instance).
//
// When `kill at` visits have started it prints `KILL`; bench/ha/run.ts kills an instance and
// answers `KILLED` on stdin. Prints one `RESULT <json>` line at the end.
import { isActiveVisitState, type VisitState } from '@apothecall/domain/care/visits.rules';
import { io, type Socket } from 'socket.io-client';
import { password, patientLogin, providerLogin } from './setup';

const [
  url = '',
  patientsText = '40',
  providersText = '2',
  lanesText = '8',
  holdText = '100',
  killAtText = '20',
  deadlineText = '120',
] = process.argv.slice(2);
const patientCount = Number(patientsText);
const providerCount = Number(providersText);
const lanes = Number(lanesText);
const holdMs = Number(holdText);
const killAt = Number(killAtText);
const deadline = Date.now() + Number(deadlineText) * 1000;
const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const began = performance.now();
const since = () => performance.now() - began;

// ---- calls, with their latencies and errors -------------------------------------------------

/** When the instance was lost (ms since the start of this process), once told. */
let killedAt: number | undefined;
const latencies = new Map<string, number[]>();
/** Tries that failed in transport or with 502/503/504. */
const failures: { at: number; what: string }[] = [];
/** Visit starts answered 409 IN_PROGRESS: their charge, cut off, not settled yet. */
const inProgress: number[] = [];
let gaveUp = 0;
const gaveUpSamples: string[] = [];

class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`${status} ${code}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One call as a client makes it: retried on a transport failure or a 502/503/504 (and on 409
 * IN_PROGRESS where `inProgressAgain`), with the same body, until the deadline. Its latency is
 * the whole call's, retries included, under `label`. Other refusals throw Refused.
 */
async function call<T = Record<string, unknown>>(
  label: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
  inProgressAgain = false,
): Promise<T> {
  const started = performance.now();
  for (let attempt = 0; ; attempt += 1) {
    let failure: string;
    try {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let json: Record<string, unknown> = {};
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        // HAProxy's own 502/503 page: its status says enough.
      }
      const code = typeof json.errorCode === 'string' ? json.errorCode : '';
      if (response.ok) {
        const list = latencies.get(label) ?? [];
        list.push(performance.now() - started);
        latencies.set(label, list);
        return json as T;
      }
      const again =
        [502, 503, 504].includes(response.status) ||
        (inProgressAgain && response.status === 409 && code === 'IN_PROGRESS');
      // A charge known not taken answers 409 PAYMENT_NOT_CHARGED: refused, and the patient starts
      // again with a new key, as the web does.
      if (!again) throw new Refused(response.status, code);
      failure = `${response.status}${code ? ` ${code}` : ''}`;
    } catch (error) {
      if (error instanceof Refused) throw error;
      failure = error instanceof Error ? error.name : 'error';
    }
    if (failure === '409 IN_PROGRESS') inProgress.push(since());
    else failures.push({ at: since(), what: `${label}: ${failure}` });
    if (Date.now() > deadline) {
      gaveUp += 1;
      if (gaveUpSamples.length < 5) gaveUpSamples.push(`${label}: ${failure}`);
      throw new Error(`${label}: gave up (${failure})`);
    }
    await pause(Math.min(200 * (attempt + 1), 1000));
  }
}

async function login(loginId: string): Promise<string> {
  const { token } = await call<{ token: string }>('login', 'POST', '/api/account/token', null, {
    loginId,
    password,
    platform: 'web',
    version: 'bench-ha',
  });
  return token;
}

// ---- sockets ------------------------------------------------------------------------------

interface Watched {
  socket: Socket;
  /** Times its connection dropped, and came back. */
  drops: number;
  reconnects: number;
  /** Pushes received since its last reconnection. */
  pushesSinceReconnect: number;
  /** Why connection attempts failed (socket.io's connect_error messages). */
  refusals: string[];
  /** Why it was disconnected, each time. */
  reasons: string[];
}

function openSocket(token: string, onEvent: Record<string, (payload: unknown) => void>) {
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  const watched: Watched = {
    socket,
    drops: 0,
    reconnects: 0,
    pushesSinceReconnect: 0,
    refusals: [],
    reasons: [],
  };
  let connectedOnce = false;
  const connected = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => {
      if (connectedOnce) {
        watched.reconnects += 1;
        watched.pushesSinceReconnect = 0;
      }
      connectedOnce = true;
      resolve();
    });
    socket.on('connect_error', (error) => {
      // A refusal by the server's middleware is final: socket.io does not try again.
      watched.refusals.push(`${error.message}${socket.active ? '' : ' (final)'}`);
      if (!connectedOnce && !socket.active) reject(error);
    });
  });
  socket.on('disconnect', (reason) => {
    // Its own close at the end is no drop.
    if (reason === 'io client disconnect') return;
    watched.drops += 1;
    watched.reasons.push(`${reason} at ${since().toFixed(0)} ms`);
  });
  for (const [event, handler] of Object.entries(onEvent)) {
    socket.on(event, (payload: unknown) => {
      watched.pushesSinceReconnect += 1;
      handler(payload);
    });
  }
  return { watched, connected };
}

// ---- patients -----------------------------------------------------------------------------

interface PatientResult {
  n: number;
  visitId: string | null;
  finished: boolean;
  drops: number;
  reconnects: number;
  /** After its last reconnection: pushes received, and whether GET /visits/active answered. */
  pushesAfter: number;
  sawQueueAfter: boolean;
  /** The list after its last reconnection no longer had its visit: it ended while away. */
  endedWhileAway: boolean;
  refusals: string[];
  reasons: string[];
  /** It was told its visit was claimed (a push, or the list after a reconnection). */
  sawInProgress: boolean;
  failed: string | null;
}

let started = 0;
/** Resolved when the run ends: the patients still waiting then stop. */
let stopAll: () => void = () => {};
const stopWaiting = new Promise<void>((resolve) => {
  stopAll = resolve;
});
/** Patients whose first attempt was answered 409 PAYMENT_NOT_CHARGED (a new key started over). */
const startedOver: number[] = [];
let killPrinted = false;
const patientResults: PatientResult[] = [];
const finishedPatients = new Set<number>();

async function patient(n: number): Promise<() => Promise<void>> {
  const result: PatientResult = {
    n,
    visitId: null,
    finished: false,
    drops: 0,
    reconnects: 0,
    pushesAfter: 0,
    sawQueueAfter: false,
    endedWhileAway: false,
    refusals: [],
    reasons: [],
    sawInProgress: false,
    failed: null,
  };
  patientResults.push(result);
  let finish: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const ended = (state: VisitState) => {
    if (isActiveVisitState(state) || result.finished) return;
    result.finished = true;
    finishedPatients.add(n);
    finish();
  };
  // Pushes of a visit whose start answer was lost in the kill can come before its retried start
  // answers: the last state each visit was pushed in, to look up once the id is known.
  const pushed = new Map<string, VisitState>();
  const claimed = new Set<string>();
  let watched: Watched | undefined;
  try {
    const token = await login(patientLogin(n));
    const consents = await call<{ documents: { id: string; version: string }[] }>(
      'consents',
      'GET',
      '/api/consents',
      token,
    );
    await call('consents', 'POST', '/api/consents', token, {
      documents: consents.documents.map((d) => ({ id: d.id, version: d.version })),
    });
    await call('location', 'PUT', '/api/consult/location', token, { state: 'FL' });
    const { profile } = await call<{ profile: { personId: string } }>(
      'profile',
      'GET',
      '/api/account/profile',
      token,
    );
    const payProfileID = await cardOnFile(token);
    const opened = openSocket(token, {
      visitUpdate: (payload) => {
        const visit = payload as { visitId?: string; state?: VisitState };
        if (!visit.visitId || !visit.state) return;
        if (visit.state === 'inProgress') claimed.add(visit.visitId);
        pushed.set(visit.visitId, visit.state);
        if (visit.visitId === result.visitId) ended(visit.state);
      },
    });
    watched = opened.watched;
    const socket = opened.watched.socket;
    // Pushes sent while the socket was down are lost: the waiting room asks again on reconnect.
    socket.on('connect', () => {
      if (opened.watched.reconnects === 0) return;
      result.sawQueueAfter = false;
      call<{ visits: { visitId: string; state: VisitState }[] }>(
        'active',
        'GET',
        '/api/visits/active',
        token,
      ).then(
        ({ visits }) => {
          result.sawQueueAfter = true;
          const mine = visits.find((v) => v.visitId === result.visitId);
          if (mine?.state === 'inProgress') claimed.add(mine.visitId);
          if (result.visitId && !mine) {
            result.endedWhileAway = true;
            ended('completed');
          }
        },
        () => undefined,
      );
    });
    await opened.connected;
    const { priceToken } = await call<{ priceToken: string }>(
      'price',
      'GET',
      '/api/account/pricing/default',
      token,
    );
    const startWith = (key: string) =>
      call<{ visit: { visitId: string; state: VisitState } }>(
        'visit start',
        'POST',
        '/api/visit-start/',
        token,
        {
          patientID: profile.personId,
          complaint: { reason: 'soreThroat', notes: 'Since Monday' },
          pharmacy: null,
          states: ['FL'],
          priceToken,
          payProfileID,
          visitScreenResult: { passed: true, answers: {} },
          idempotencyKey: key,
        },
        true,
      );
    let visit: { visitId: string; state: VisitState };
    try {
      ({ visit } = await startWith(`ha-visit-${n}`));
    } catch (error) {
      if (!(error instanceof Refused && error.code === 'PAYMENT_NOT_CHARGED')) throw error;
      startedOver.push(n);
      ({ visit } = await startWith(`ha-visit-${n}-again`));
    }
    result.visitId = visit.visitId;
    const before = pushed.get(visit.visitId);
    if (before) ended(before);
    started += 1;
    if (started >= killAt && !killPrinted) {
      killPrinted = true;
      process.stdout.write('KILL now\n');
    }
  } catch (error) {
    result.failed = error instanceof Error ? error.message : String(error);
    watched?.socket.close();
    return async () => {};
  }
  const w = watched;
  return async () => {
    await Promise.race([finished, stopWaiting, pause(Math.max(deadline - Date.now(), 0))]);
    result.drops = w.drops;
    result.reconnects = w.reconnects;
    result.pushesAfter = w.pushesSinceReconnect;
    result.refusals = w.refusals;
    result.sawInProgress = result.visitId !== null && claimed.has(result.visitId);
    result.reasons = w.reasons;
    w.socket.close();
  };
}

/** Puts the test card on file; a retried add whose first try went through finds it there. */
async function cardOnFile(token: string): Promise<string> {
  const form = await call<{ payProfileID: string; payProfileSignature: string }>(
    'card',
    'GET',
    '/api/account/payments/profiles',
    token,
  );
  try {
    const added = await call<{ payProfiles: { card: { profileID: string } }[] }>(
      'card',
      'POST',
      '/api/account/payments/profiles',
      token,
      {
        profileID: form.payProfileID,
        signature: form.payProfileSignature,
        card: {
          cardHolderName: 'Nora Quinn',
          ccNumber: '4111111111111111',
          cvv: '123',
          expiration: expiry,
          cardZip: '33139',
        },
      },
    );
    return added.payProfiles[0]?.card.profileID ?? '';
  } catch (error) {
    if (!(error instanceof Refused && error.code === 'CARD_ON_FILE')) throw error;
    const onFile = await call<{ payProfiles: { card: { profileID: string } }[] }>(
      'card',
      'GET',
      '/api/account/payments/profiles',
      token,
    );
    return onFile.payProfiles[0]?.card.profileID ?? '';
  }
}

// ---- providers ----------------------------------------------------------------------------

let claims = 0;
let lostRaces = 0;
const endedVisits = new Set<string>();
let providersDone = false;
const providerSockets: Watched[] = [];

async function provider(n: number): Promise<void> {
  const token = await login(providerLogin(n));
  await call('duty', 'PUT', '/api/clinic/duty', token, { onDuty: true });
  let wake: () => void = () => {};
  const opened = openSocket(token, { queueChanged: () => wake() });
  providerSockets.push(opened.watched);
  await opened.connected;
  const end = async (visitId: string) => {
    try {
      await call('end', 'POST', `/api/clinic/visits/${visitId}/end`, token, {
        outcome: 'completed',
        note: { assessment: 'Viral pharyngitis', plan: 'Fluids and rest' },
      });
    } catch (error) {
      // Ended already: a retried end whose first try went through.
      if (!(error instanceof Refused && error.code === 'VISIT_NOT_IN_PROGRESS')) throw error;
    }
    endedVisits.add(visitId);
  };
  while (!providersDone && Date.now() < deadline) {
    const queue = await call<{ visits: { visitId: string }[]; mine: { visitId: string }[] }>(
      'queue',
      'GET',
      '/api/clinic/queue',
      token,
    );
    // A claim whose answer was lost in the kill is in progress, ours: end it.
    for (const own of queue.mine) await end(own.visitId);
    const next = queue.visits[n % Math.max(queue.visits.length, 1)] ?? queue.visits[0];
    if (!next) {
      await Promise.race([new Promise<void>((resolve) => (wake = resolve)), pause(1000)]);
      continue;
    }
    try {
      await call('claim', 'POST', `/api/clinic/visits/${next.visitId}/claim`, token, {});
      claims += 1;
    } catch (error) {
      if (error instanceof Refused && error.code === 'ALREADY_CLAIMED') {
        lostRaces += 1;
        continue;
      }
      throw error;
    }
    await pause(holdMs);
    await end(next.visitId);
  }
  opened.watched.socket.close();
}

// ---- the run ------------------------------------------------------------------------------

process.stdin.on('data', (chunk: Buffer) => {
  if (chunk.toString('utf8').includes('KILLED') && killedAt === undefined) killedAt = since();
});

let providerFailure: string | null = null;
const providersRunning = Promise.all(
  Array.from({ length: providerCount }, (_, n) =>
    provider(n).catch((error: unknown) => {
      providerFailure = error instanceof Error ? error.message : String(error);
    }),
  ),
);
const waits: Promise<void>[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: lanes }, async () => {
    while (next < patientCount) {
      const n = next;
      next += 1;
      waits.push((await patient(n))());
    }
  }),
);
if (!killPrinted) process.stdout.write('KILL now\n');
// Every patient has its answer, or every visit started has been ended and its patient had a
// while to be told: a patient still waiting then was never told.
const allEnded = (async () => {
  while (endedVisits.size < started && Date.now() < deadline) await pause(500);
  await pause(15_000);
})();
await Promise.race([Promise.all(waits), allEnded]);
stopAll();
await Promise.all(waits);
providersDone = true;
await providersRunning;

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};
const figuresOf = (values: number[]) => ({
  count: values.length,
  p50: percentile(values, 0.5),
  p99: percentile(values, 0.99),
  max: percentile(values, 1),
});
const windowMs = 10_000;
const killed = killedAt ?? Number.POSITIVE_INFINITY;
// A patient whose socket dropped but who never came back and still knew its visit had ended
// learned it before the drop (only a push or the list after a reconnection tells it): it was
// done, and closed its socket, as the app does once a visit is over. Only the others must return.
const doneBeforeDrop = (p: (typeof patientResults)[number]) => p.finished && p.reconnects === 0;
const dropped = patientResults.filter((p) => p.drops > 0 && !doneBeforeDrop(p));
process.stdout.write(
  `RESULT ${JSON.stringify({
    patients: patientCount,
    providers: providerCount,
    visits: patientResults.flatMap((p) => (p.visitId ? [{ n: p.n, visitId: p.visitId }] : [])),
    finished: finishedPatients.size,
    unfinished: patientResults
      .filter((p) => p.visitId && !p.finished)
      .map((p) => ({ n: p.n, visitId: p.visitId, drops: p.drops, sawInProgress: p.sawInProgress })),
    patientFailures: patientResults.flatMap((p) => (p.failed ? [`${p.n}: ${p.failed}`] : [])),
    providerFailure,
    claims,
    // Claimed while its socket was up all along, and never told so.
    claimNotTold: patientResults
      .filter((p) => p.visitId && p.drops === 0 && !p.sawInProgress)
      .map((p) => p.n),
    lostRaces,
    ends: endedVisits.size,
    startedOver,
    sockets: {
      dropped: dropped.length,
      reconnected: dropped.filter((p) => p.reconnects > 0).length,
      sawQueueAfter: dropped.filter((p) => p.sawQueueAfter).length,
      // A push after it came back, or its visit had ended meanwhile (the list said so).
      updatedAfter: dropped.filter(
        (p) => p.reconnects > 0 && (p.pushesAfter > 0 || p.endedWhileAway),
      ).length,
      endedWhileAway: dropped.filter((p) => p.endedWhileAway).length,
      notBack: dropped
        .filter((p) => p.reconnects === 0)
        .map((p) => `${p.n}: ${p.reasons.join(', ')}${p.finished ? ' (its visit ended)' : ''}`),
      refusals: [...new Set(patientResults.flatMap((p) => p.refusals))].slice(0, 5),
      refused: patientResults.filter((p) => p.refusals.length > 0).length,
      providersDropped: providerSockets.filter((s) => s.drops > 0).length,
      providersReconnected: providerSockets.filter((s) => s.drops > 0 && s.reconnects > 0).length,
    },
    killedAtMs: killedAt ?? null,
    errors: {
      beforeKill: failures.filter((f) => f.at < killed).length,
      inKillWindow: failures.filter((f) => f.at >= killed && f.at < killed + windowMs).length,
      afterKillWindow: failures.filter((f) => f.at >= killed + windowMs).length,
      lastAfterKillMs: failures.length > 0 ? Math.max(...failures.map((f) => f.at)) - killed : 0,
      inProgress: inProgress.length,
      lastInProgressAfterKillMs: inProgress.length > 0 ? Math.max(...inProgress) - killed : 0,
      samples: [...new Set(failures.map((f) => f.what))].slice(0, 8),
      gaveUp,
      gaveUpSamples,
    },
    latency: Object.fromEntries([...latencies].map(([label, list]) => [label, figuresOf(list)])),
    all: figuresOf([...latencies.values()].flat()),
    ms: since(),
  })}\n`,
);
process.exit(0);
