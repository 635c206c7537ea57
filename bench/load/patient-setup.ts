// What a virtual patient does before it can start visits, shared by bench/load and
// bench/realtime: its own account, the consents, "I am in FL", a card on file, a session.
export const password = 'Quinn-Pass-42';
const timeoutMs = 10_000;
const expiry = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Latency, errors and timeouts of the calls made while `measuring` is on. */
export const stats = {
  measuring: false,
  latencies: [] as number[],
  errors: 0,
  timeouts: 0,
  errorSamples: [] as string[],
};

export async function call(
  url: string,
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
    if (stats.measuring) stats.latencies.push(performance.now() - started);
    if (!response.ok) {
      if (stats.measuring) stats.errors += 1;
      if (stats.errorSamples.length < 5)
        stats.errorSamples.push(`${method} ${path} ${response.status}`);
      throw new Error(`${method} ${path}: ${response.status}`);
    }
    return json;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError' && stats.measuring) {
      stats.timeouts += 1;
    }
    throw error;
  }
}

export interface ReadyPatient {
  token: string;
  personId: string;
  payProfileID: string;
}

/** A demo provider's session, on duty (no visit starts without one). */
export async function providerOnDuty(url: string): Promise<string> {
  const { token } = (await call(url, 'POST', '/api/account/token', null, {
    loginId: 'provider@apothecall.test',
    password: 'Apothecall-Demo-1',
    platform: 'web',
    version: 'bench',
  })) as { token: string };
  await call(url, 'PUT', '/api/clinic/duty', token, { onDuty: true });
  return token;
}

export async function preparePatient(
  url: string,
  loginId: string,
  n: number,
): Promise<ReadyPatient> {
  await call(url, 'POST', '/api/register', null, {
    profile: {
      name: 'Nora Quinn',
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: `305-557-${String(n % 10_000).padStart(4, '0')}`,
      email: loginId,
    },
    whiteLabelId: 'apothecall',
    credentials: { password },
  });
  const { token } = (await call(url, 'POST', '/api/account/token', null, {
    loginId,
    password,
    platform: 'web',
    version: 'bench',
  })) as { token: string };
  const consents = (await call(url, 'GET', '/api/consents', token)) as {
    documents: { id: string; version: string }[];
  };
  await call(url, 'POST', '/api/consents', token, {
    documents: consents.documents.map((d) => ({ id: d.id, version: d.version })),
  });
  await call(url, 'PUT', '/api/consult/location', token, { state: 'FL' });
  const { profile } = (await call(url, 'GET', '/api/account/profile', token)) as {
    profile: { personId: string };
  };
  const cards = (await call(url, 'GET', '/api/account/payments/profiles', token)) as {
    payProfileID: string;
    payProfileSignature: string;
  };
  const added = (await call(url, 'POST', '/api/account/payments/profiles', token, {
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
  return {
    token,
    personId: profile.personId,
    payProfileID: added.payProfiles[0]?.card.profileID ?? '',
  };
}

/** Starts an on-demand visit for a prepared patient; its id. */
export async function startVisit(url: string, ready: ReadyPatient, key: string): Promise<string> {
  const { priceToken } = (await call(url, 'GET', '/api/account/pricing/default', ready.token)) as {
    priceToken: string;
  };
  const started = (await call(url, 'POST', '/api/visit-start/', ready.token, {
    patientID: ready.personId,
    complaint: { reason: 'soreThroat', notes: 'Since Monday' },
    pharmacy: null,
    states: ['FL'],
    priceToken,
    payProfileID: ready.payProfileID,
    visitScreenResult: { passed: true, answers: {} },
    idempotencyKey: key,
  })) as { visit: { visitId: string } };
  return started.visit.visitId;
}

/** Runs `task(n)` for n = 0..count-1, `lanes` at a time; the results in order of n. */
export async function inLanes<T>(count: number, lanes: number, task: (n: number) => Promise<T>) {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < count) {
        const n = next;
        next += 1;
        results[n] = await task(n);
      }
    }),
  );
  return results;
}
