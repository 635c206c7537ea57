// Virtual patients, in their own process. Each registers its own account, accepts the consents,
// confirms where it is, puts a card on file and logs in once (a patient keeps their session);
// then, until the time is up, it reads its profile, asks the price, starts a visit and cancels
// it, again and again. Prints one JSON line: requests, errors, timeouts, latency percentiles.
const [url = '', countText = '200', secondsText = '60'] = process.argv.slice(2);
const count = Number(countText);
const seconds = Number(secondsText);
const password = 'Quinn-Pass-42';
const timeoutMs = 10_000;
const run = Math.random().toString(36).slice(2, 8);
const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

const latencies: number[] = [];
let errors = 0;
let timeouts = 0;
const errorSamples: string[] = [];
let measuring = false;

async function call(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (measuring) latencies.push(performance.now() - started);
    if (!response.ok) {
      if (measuring) errors += 1;
      if (errorSamples.length < 5) errorSamples.push(`${method} ${path} ${response.status}`);
      throw new Error(`${method} ${path}: ${response.status}`);
    }
    return json;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      if (measuring) timeouts += 1;
    }
    throw error;
  }
}

interface Ready {
  token: string;
  personId: string;
  payProfileID: string;
}

async function prepare(n: number): Promise<Ready> {
  const loginId = `load-${run}-${n}@example.test`;
  await call('POST', '/api/register', null, {
    profile: {
      name: 'Nora Quinn',
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: `305-557-${String(n).padStart(4, '0')}`,
      email: loginId,
    },
    whiteLabelId: 'apothecall',
    credentials: { password },
  });
  const { token } = (await call('POST', '/api/account/token', null, {
    loginId,
    password,
    platform: 'web',
    version: 'load',
  })) as { token: string };
  const consents = (await call('GET', '/api/consents', token)) as {
    documents: { id: string; version: string }[];
  };
  await call('POST', '/api/consents', token, {
    documents: consents.documents.map((d) => ({ id: d.id, version: d.version })),
  });
  await call('PUT', '/api/consult/location', token, { state: 'FL' });
  const { profile } = (await call('GET', '/api/account/profile', token)) as {
    profile: { personId: string };
  };
  const cards = (await call('GET', '/api/account/payments/profiles', token)) as {
    payProfileID: string;
    payProfileSignature: string;
  };
  const added = (await call('POST', '/api/account/payments/profiles', token, {
    profileID: cards.payProfileID,
    signature: cards.payProfileSignature,
    card: {
      cardHolderName: 'Nora Quinn',
      ccNumber: '4111111111111111',
      cvv: '123',
      expiration: expiry,
      cardZip: '33139',
    },
  })) as { payProfiles: { card: { profileID: string } }[] };
  const payProfileID = added.payProfiles[0]?.card.profileID ?? '';
  return { token, personId: profile.personId, payProfileID };
}

let iterations = 0;
async function patient(ready: Ready, until: number): Promise<void> {
  while (Date.now() < until) {
    try {
      await call('GET', '/api/account/profile', ready.token);
      const { priceToken } = (await call('GET', '/api/account/pricing/default', ready.token)) as {
        priceToken: string;
      };
      const started = (await call('POST', '/api/visit-start/', ready.token, {
        patientID: ready.personId,
        complaint: { reason: 'soreThroat', notes: 'Since Monday' },
        pharmacy: null,
        states: ['FL'],
        priceToken,
        payProfileID: ready.payProfileID,
        visitScreenResult: { passed: true, answers: {} },
        idempotencyKey: `load-${run}-${iterations}-${Math.random().toString(36).slice(2)}`,
      })) as { visit: { visitId: string } };
      await call('POST', `/api/visits/${started.visit.visitId}/cancel`, ready.token, {});
      iterations += 1;
    } catch {
      // Counted in `call`; the patient goes on.
    }
  }
}

// A provider on duty in FL (the demo's Samuel Okafor, MD), or no visit can start.
const provider = (await call('POST', '/api/account/token', null, {
  loginId: 'provider@apothecall.test',
  password: 'Apothecall-Demo-1',
  platform: 'web',
  version: 'load',
})) as { token: string };
await call('PUT', '/api/clinic/duty', provider.token, { onDuty: true });

// Setup: ten at a time (registration hashes a password).
const ready: Ready[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: 10 }, async () => {
    while (next < count) {
      const n = next;
      next += 1;
      ready.push(await prepare(n));
    }
  }),
);
measuring = true;
const until = Date.now() + seconds * 1000;
await Promise.all(ready.map((r) => patient(r, until)));
latencies.sort((a, b) => a - b);
const at = (q: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
process.stdout.write(
  `${JSON.stringify({
    patients: ready.length,
    iterations,
    requests: latencies.length,
    errors,
    timeouts,
    p50: at(0.5),
    p99: at(0.99),
    errorSamples,
  })}\n`,
);

export {};
