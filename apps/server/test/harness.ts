import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { currentLegalVersions } from '@apothecall/domain/accounts/consents.rules';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { inject, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { visits } from '../src/db/schema/care';
import { providerDuty } from '../src/db/schema/clinic';
import { seedDemo } from '../src/db/seed/demo-seed';
import { createPasswordHasher } from '../src/platform/passwords';
import { toE164 } from '../src/platform/phone-numbers';
import { whenReady } from './background-files';
import { databaseUrl } from './postgres-templates';

/**
 * Integration tests run once per database: always on PGlite (in memory), and on PostgreSQL
 * too when TEST_DATABASE_URL is set — each test app in a fresh database of its own. Vitest runs
 * the two as separate projects, side by side (vitest.config.ts sets TEST_DATABASE_KINDS per
 * project); run directly, a file covers every database it can reach.
 */
export type DatabaseKind = 'pglite' | 'postgres';

// A shifted-clock project (vitest.config.ts) names the instant its clock was moved to:
// a clock that reads otherwise means libfaketime was not preloaded, and the run would prove
// nothing about that instant.
const shiftedTo = process.env.TEST_CLOCK
  ? Date.parse(process.env.TEST_CLOCK.split(' ')[0] ?? '')
  : undefined;
if (shiftedTo !== undefined && !(Math.abs(Date.now() - shiftedTo) < 60 * 60_000)) {
  throw new Error(`the clock reads ${new Date().toISOString()}, not ${process.env.TEST_CLOCK}`);
}
const reachable: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
const chosen = process.env.TEST_DATABASE_KINDS?.split(',').filter((k): k is DatabaseKind =>
  reachable.includes(k as DatabaseKind),
);
export const databaseKinds: DatabaseKind[] = chosen ?? reachable;

/**
 * `it` for a test of a date-sensitive file that reads no date, day, month, age or window (a
 * permission, a validation, a concurrency check): it runs at the real clock only, and the
 * shifted-clock projects (vitest.config.ts) leave it out, spending their time on the
 * tests the clock can change. When in doubt, use `it`: a test that runs at every clock costs
 * seconds, a day-boundary bug that escapes costs a patient's appointment.
 */
export const itReadsNoDate = (shiftedTo === undefined ? it : () => undefined) as typeof it;

const hasher = createPasswordHasher();

/**
 * A new PostgreSQL database: a copy of the run's template (test/postgres-templates.ts) when the
 * project has one, else an empty one to migrate.
 */
async function freshPostgres(
  template: string | undefined,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `apothecall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: databaseUrl(adminUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The run's PGlite templates (test/global-setup.ts), read once per test file. They, and the
 * PostgreSQL project's template databases, are written in the background as the run starts: a file that imports this harness waits for them while it is
 * collected, when no hook or test timeout runs (on a slow machine it can outlast one).
 */
{
  const provided = inject('pgliteTemplates');
  if (provided) await whenReady('the PGlite templates (test/pglite-templates.ts)', provided);
  const postgres = inject('postgresTemplates');
  if (postgres) await whenReady('the PostgreSQL templates (test/postgres-templates.ts)', postgres);
}
const templates = new Map<'migrated' | 'seeded', Blob>();
async function pgliteTemplate(which: 'migrated' | 'seeded'): Promise<Blob | undefined> {
  let blob = templates.get(which);
  if (!blob) {
    const provided = inject('pgliteTemplates');
    if (!provided) return undefined;
    await whenReady('the PGlite templates (test/pglite-templates.ts)', provided);
    blob = new Blob([new Uint8Array(readFileSync(provided[which]))]);
    templates.set(which, blob);
  }
  return blob;
}

/**
 * A fresh database of the kind, migrated; with `seeded`, the demo is in it too. PGlite starts
 * from the run's template dumps (test/global-setup.ts) when they exist.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  seeded = false,
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const snapshot = await pgliteTemplate(seeded ? 'seeded' : 'migrated');
    const database = await openDatabase({ kind: 'pglite', snapshot });
    if (!snapshot) {
      await database.migrate();
      if (seeded) await seedDemo(database.db, hasher);
    }
    return { database, dispose: () => database.close() };
  }
  const template = inject('postgresTemplates')?.[seeded ? 'seeded' : 'migrated'];
  const fresh = await freshPostgres(template);
  const database = await openDatabase({ kind: 'postgres', url: fresh.url });
  if (!template) {
    await database.migrate();
    if (seeded) await seedDemo(database.db, hasher);
  }
  return {
    database,
    dispose: async () => {
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Writes one of the run's PGlite templates into `dir` as an embedded database's files (for a test
 * that opens PGlite on a folder, as `npm start` does): nothing when the project has no templates,
 * and the database is then created where it is first opened.
 */
export async function unpackPgliteTemplate(
  dir: string,
  which: 'migrated' | 'seeded',
): Promise<void> {
  const snapshot = await pgliteTemplate(which);
  if (!snapshot) return;
  const client = await PGlite.create(dir, { loadDataDir: snapshot });
  await client.close();
}

/**
 * Where a server started in a child process (main.ts) keeps its data, already migrated and with
 * the demo seeded: a DATA_DIR whose embedded database is unpacked from the run's seeded template
 * (PGlite), or that DATA_DIR and a new PostgreSQL database copied from the seeded template
 * database. The child opens it instead of running initdb, the migrations and the seed itself
 * (on this machine a fresh embedded start costs about 13 CPU-seconds, one on a seeded folder 6).
 * Without templates (a file run outside its project) the folder is empty and the child seeds it.
 */
export async function seededServerData(
  kind: DatabaseKind,
  prefix = 'apothecall-server-',
): Promise<{
  dataDir: string;
  env: Record<string, string>;
  url?: string;
  dispose: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite') {
    // The folder main.ts opens (db/client.ts, configuredDatabase).
    await unpackPgliteTemplate(path.join(dataDir, 'pglite'), 'seeded');
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      dispose: async () => removeDir(),
    };
  }
  const fresh = await freshPostgres(inject('postgresTemplates')?.seeded);
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: fresh.url },
    url: fresh.url,
    dispose: async () => {
      removeDir();
      await fresh.drop();
    },
  };
}

export interface TestApp extends App {
  database: Database;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: string[];
  /** Moves the app's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  shared?: { database: Database },
): Promise<TestApp> {
  const owned = shared ? undefined : await openTestDatabase(kind, true);
  const database = shared?.database ?? owned!.database;
  if (shared) await seedDemo(database.db, hasher);
  // No inbound SMTP endpoint unless a test asks for one (the embedded demo's is on by default).
  const config = loadConfig({ LOG_LEVEL: 'info', INBOUND_SMTP_PORT: 'off', ...env });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  let offset = 0;
  const app = await buildApp({
    config,
    database,
    hasher,
    logStream,
    now: () => new Date(Date.now() + offset),
  });
  return {
    ...app,
    database,
    config,
    logs,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      // The server disconnects its sockets as it closes (a stop mid-conversation stays one);
      // the clients are closed after, so none lingers or reconnects.
      await app.fastify.close();
      for (const socket of openSockets.get(app.fastify) ?? []) socket.close();
      await owned?.dispose();
    },
  };
}

export const demo = {
  patient: 'patient@apothecall.test',
  password: 'Apothecall-Demo-1',
  /** Samuel Okafor, MD: licensed in FL and TX. */
  provider: 'provider@apothecall.test',
  /** Grace Lin, NP: licensed in FL only. */
  provider2: 'provider2@apothecall.test',
};

export async function login(
  app: App,
  loginId = demo.patient,
  password = demo.password,
): Promise<string> {
  const res = await app.fastify.inject({
    method: 'POST',
    url: '/api/account/token',
    payload: { loginId, password, platform: 'web', version: 'test' },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A valid registration body for a fresh adult (override any field). */
export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    profile: {
      name: 'Nora Quinn',
      dob: '03-14-1990',
      gender: 'F',
      address: '200 Ocean Dr',
      state: 'FL',
      zipCode: '33139',
      phone: '305-555-0142',
      email,
      ...overrides,
    },
    whiteLabelId: 'apothecall',
    credentials: { password: 'Quinn-Pass-42' },
  };
}

// ---------------------------------------------------------------------------------------------
// Calls, people, visits and sockets: the setup integration tests share instead of copying.
// ---------------------------------------------------------------------------------------------

/** GET through `app.inject` with a session token. */
export function get(app: App, path: string, token: string) {
  return app.fastify.inject({ method: 'GET', url: path, headers: bearer(token) });
}

/** POST/PUT/DELETE through `app.inject` with a session token and a JSON body. */
export function send(
  app: App,
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  payload: object = {},
) {
  return app.fastify.inject({ method, url: path, headers: bearer(token), payload });
}

/** A login id and password. */
export interface Login {
  loginId: string;
  password: string;
}

/** Someone to act as: a session token, a login (logged in on use), or anything with a token. */
export type Who = string | Login | { token: string };

async function tokenOf(app: App, who: Who): Promise<string> {
  if (typeof who === 'string') return who;
  if ('token' in who) return who.token;
  return login(app, who.loginId, who.password);
}

/** `res` when it answered 200; otherwise throws naming `what`, the status and the body. */
export async function ok<R extends { statusCode: number; body: string }>(what: string, res: R) {
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res;
}

export interface Patient extends Login {
  token: string;
  accountId: string;
  /** The holder's person id (equal to the account id). */
  personId: string;
  /** "First Last" (Nora Quinn unless the registration said otherwise). */
  name: string;
  firstName: string;
  lastName: string;
  /** The holder's phone in E.164, as texts to them are addressed. */
  phone: string;
}

let patients = 0;

/**
 * A new account holder of their own (registered, logged in), so a test's visits, ledger, texts and
 * sessions are nobody else's. Nora Quinn, female, born 1990, living in FL, with a phone number no
 * other patient of this process has; `overrides` changes registration fields.
 */
export async function newPatient(
  app: App,
  overrides: Record<string, unknown> = {},
): Promise<Patient> {
  patients += 1;
  const loginId = `patient-${patients}-${randomBytes(4).toString('hex')}@example.test`;
  const phone = `305-556-${String(patients % 10_000).padStart(4, '0')}`;
  const body = registration(loginId, { phone, ...overrides });
  const password = body.credentials.password;
  await ok(
    'register',
    await app.fastify.inject({ method: 'POST', url: '/api/register', payload: body }),
  );
  const token = await login(app, loginId, password);
  const profile = (await ok('profile', await get(app, '/api/account/profile', token))).json()
    .profile as { id: string; personId: string; name: string };
  const [firstName = '', ...rest] = profile.name.split(' ');
  return {
    loginId,
    password,
    token,
    accountId: profile.id,
    personId: profile.personId,
    name: profile.name,
    firstName,
    lastName: rest.join(' '),
    phone: toE164(String(body.profile.phone)) ?? String(body.profile.phone),
  };
}

const future = `12/${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/** Everything starting a visit takes, ready. */
export interface Payer {
  token: string;
  accountId: string;
  /** Whom the visit is for: the holder, or the family member asked for. */
  personId: string;
  /** The card on file (`payProfileID` of the visit start). */
  payProfileID: string;
  /** A signed default price (valid 30 minutes, any number of starts). */
  priceToken: string;
  /** The state the patient confirmed being in. */
  state: string;
}

/**
 * A logged-in patient who can start a visit: the current consents accepted, "I am in" `state`
 * confirmed (for the holder and, with `personId`, that family member), a card that approves on
 * file (the one already there is kept), and a price token.
 */
export async function readyToPay(
  app: App,
  who: Who,
  options: { state?: string; personId?: string } = {},
): Promise<Payer> {
  const token = await tokenOf(app, who);
  const state = options.state ?? 'FL';
  const documents = Object.entries(currentLegalVersions).map(([id, version]) => ({ id, version }));
  await ok('consents', await send(app, 'POST', '/api/consents', token, { documents }));
  await ok('location', await send(app, 'PUT', '/api/consult/location', token, { state }));
  const profile = (await ok('profile', await get(app, '/api/account/profile', token))).json()
    .profile as { id: string; personId: string };
  const personId = options.personId ?? profile.personId;
  if (personId !== profile.personId) {
    await ok(
      'location',
      await send(app, 'PUT', '/api/consult/location', token, { ptId: personId, state }),
    );
  }
  const cards = (await ok('cards', await get(app, '/api/account/payments/profiles', token))).json();
  const valid = (
    cards.payProfiles as { card: { profileID: string; paymentProfileValid: boolean } }[]
  ).find((p) => p.card.paymentProfileValid);
  const payProfileID =
    valid?.card.profileID ??
    (
      await ok(
        'add card',
        await send(app, 'POST', '/api/account/payments/profiles', token, {
          profileID: cards.payProfileID,
          signature: cards.payProfileSignature,
          card: {
            cardHolderName: 'Card Holder',
            ccNumber: '4111111111111111',
            cvv: '123',
            expiration: future,
            cardZip: '33132',
          },
        }),
      )
    ).json().payProfiles[0].card.profileID;
  const { priceToken } = (
    await ok('price', await get(app, '/api/account/pricing/default', token))
  ).json();
  return { token, accountId: profile.id, personId, payProfileID, priceToken, state };
}

/** Screening answers that pass, with two alarms for the provider (metabolic, blood pressure). */
export const passingScreening = {
  passed: true,
  answers: {
    allergies: ['penicillin'],
    medications: ['lisinopril'],
    medicalProblems: ['type2Diabetes', 'hypertension'],
    vitals: { bloodPressure: '150/95' },
  },
};

export interface VisitStart {
  personId?: string;
  reason?: string;
  notes?: string;
  pharmacy?: Record<string, unknown> | null;
  state?: string;
  visitScreenResult?: unknown;
  /** The start's idempotency key; a new one when not given. */
  key?: string;
}

/** The body of `POST /api/visit-start/` for a payer (override any part). */
export function startBody(
  payer: Pick<Payer, 'personId' | 'priceToken' | 'state'> & { payProfileID: string | null },
  visit: VisitStart = {},
) {
  return {
    patientID: visit.personId ?? payer.personId,
    complaint: { reason: visit.reason ?? 'soreThroat', notes: visit.notes ?? 'Since Monday' },
    pharmacy:
      visit.pharmacy === undefined ? { id: '1023456', name: 'Bayfront Drugs' } : visit.pharmacy,
    states: [visit.state ?? payer.state],
    priceToken: payer.priceToken,
    payProfileID: payer.payProfileID as string | null,
    visitScreenResult: visit.visitScreenResult ?? passingScreening,
    idempotencyKey: visit.key ?? `visit-${randomBytes(8).toString('hex')}`,
  };
}

/** Puts a provider on or off duty. */
export async function setDuty(app: App, provider: Who, onDuty: boolean): Promise<void> {
  const token = await tokenOf(app, provider);
  await ok('duty', await send(app, 'PUT', '/api/clinic/duty', token, { onDuty }));
}

/**
 * A visit started and claimed: the patient is made ready to pay (unless already a `Payer`), the
 * provider (Samuel, FL and TX, unless said) goes on duty, the visit starts (for `visit.personId`,
 * or the holder) and the provider claims it.
 */
export async function startAndClaim(
  app: App,
  options: { patient: Who | Payer; provider?: Who } & VisitStart,
): Promise<{ visitId: string; patient: Payer; providerToken: string }> {
  const {
    patient,
    provider = { loginId: demo.provider, password: demo.password },
    ...visit
  } = options;
  const payer =
    typeof patient === 'object' && 'payProfileID' in patient
      ? patient
      : await readyToPay(app, patient, {
          ...(visit.personId ? { personId: visit.personId } : {}),
          ...(visit.state ? { state: visit.state } : {}),
        });
  const providerToken = await tokenOf(app, provider);
  await setDuty(app, providerToken, true);
  const started = await ok(
    'visit start',
    await send(app, 'POST', '/api/visit-start/', payer.token, startBody(payer, visit)),
  );
  const visitId: string = started.json().visit.visitId;
  await ok('claim', await send(app, 'POST', `/api/clinic/visits/${visitId}/claim`, providerToken));
  return { visitId, patient: payer, providerToken };
}

/**
 * The on-demand line as it is before any test: nobody on duty, no visit waiting or in progress
 * (those of earlier tests are cancelled). Call it in `beforeEach` where tests share one app.
 */
export async function resetCare(app: TestApp): Promise<void> {
  await app.database.db
    .update(visits)
    .set({ state: 'cancelled', endedAt: new Date() })
    .where(inArray(visits.state, ['waiting', 'inProgress']));
  await app.database.db.update(providerDuty).set({ onDuty: false });
}

const listening = new WeakMap<App['fastify'], Promise<string>>();
const openSockets = new WeakMap<App['fastify'], Set<Socket>>();

/** The app listening on a free loopback port (once); its base URL. */
export function listen(app: App): Promise<string> {
  let url = listening.get(app.fastify);
  if (!url) {
    url = app.fastify
      .listen({ host: '127.0.0.1', port: 0 })
      .then(() => `http://127.0.0.1:${(app.fastify.server.address() as AddressInfo).port}`);
    listening.set(app.fastify, url);
  }
  return url;
}

/**
 * A socket.io client connected to the app (made to listen if it does not yet), authenticated by a
 * session token or a meet token; closed with the app. Rejects with the server's refusal
 * ('unauthorized').
 */
export async function socketFor(
  app: App,
  auth: string | { token?: string; meetToken?: string },
): Promise<Socket> {
  const url = await listen(app);
  const socket = connect(url, {
    path: '/socket.io',
    auth: typeof auth === 'string' ? { token: auth } : auth,
    transports: ['websocket'],
    reconnection: false,
  });
  let sockets = openSockets.get(app.fastify);
  if (!sockets) {
    sockets = new Set();
    openSockets.set(app.fastify, sockets);
  }
  sockets.add(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/**
 * The in-app notices an account's socket receives, collected as they come: the same
 * payload a device push carries (kind, the brand's title, a generic sentence, a route).
 */
export async function noticesOf(app: App, token: string) {
  const socket = await socketFor(app, token);
  const notices: { kind: string; title: string; body: string; url: string }[] = [];
  socket.on('notification', (payload: (typeof notices)[number]) => notices.push(payload));
  return {
    notices,
    kinds: () => notices.map((n) => n.kind),
    close: () => socket.close(),
  };
}
