import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { calendarEdges } from '../packages/domain/src/dates/zones.rules';

/**
 * e2e specs drive Debian's Chromium against the production build served by the real server
 * (`apps/server/dist/main.js`, built by `npm run build`), each server on a fresh embedded
 * database. Two workers by default (`E2E_WORKERS`), each against a main server of its own (so no
 * spec sees another's visits, queue or duty switch): with one, a third of the two cores stood idle
 * while a spec waited on its server or its page, and the run took 13.4 minutes; with two, 8.5.
 * The pages run in Debian's chromium-headless-shell (the headless build without the browser's
 * own UI: a seventh less CPU for the same specs), except the notification specs, which need the
 * full browser's Notification permission. A server with a 3-second session idle timeout serves
 * the idle spec, one with a 3-second client idle logout the auto-logout checks, one whose clock
 * care-presence.spec moves forward (libfaketime's timestamp file); and one server per shifted
 * clock serves the date-sensitive tests again at that instant. The servers at the real
 * clock start on copies of one seeded data folder (e2e/servers.mjs); those at a shifted clock seed
 * their own.
 */
const root = path.resolve(import.meta.dirname, '..');

// The e2e servers keep their rate-limit counters to themselves (in memory): with a shared
// Redis, counts left by earlier runs within the hour would refuse this run's logins and
// password resets. The servers inherit this process's environment.
delete process.env.REDIS_URL;
const workers = Number(process.env.E2E_WORKERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
/** This worker's slot (0 in the runner itself): its main server and its SMTP ports. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const mainPort = (s: number) => basePort + 10 * s;
const port = mainPort(slot);
const idlePort = basePort + 1;
const autoLogoutPort = basePort + 2;
const presencePort = basePort + 3;
/** Answers once every server of the suite answers (e2e/servers.mjs). */
const readyPort = basePort + 4;
const clockPort = (i: number) => basePort + 5 + i;
const smtpBase = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The SMTP server the password-help spec starts on loopback; this slot's app sends its mail there. */
export const e2eSmtpPort = smtpBase + 10 * slot;
/** The app's own inbound SMTP endpoint: specs send mail to a pharmacy's address here. */
export const e2eInboundSmtpPort = smtpBase + 1 + 10 * slot;
/** The zone every browser context of the suite is in, and so the `X-Time-Zone` the app sends. */
export const appTimeZone = 'America/New_York';
const dataDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `apothecall-e2e-${name}-`));

/**
 * The shifted clocks: the instants of `calendarEdges`, as offsets from the real clock
 * computed once in the runner and handed to its workers through the environment, so the servers
 * (under libfaketime, Debian's package) and the pages (Playwright's clock) agree.
 */
const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const shiftedClocks = (process.env.TEST_SHIFTED_CLOCKS ?? '1') === '1' && existsSync(libfaketime);
process.env.E2E_CLOCK_OFFSETS ??= JSON.stringify(
  shiftedClocks
    ? calendarEdges(Date.now(), appTimeZone).map((edge) => ({
        name: edge.name,
        offsetSeconds: Math.round((edge.at - Date.now()) / 1000),
      }))
    : [],
);
/**
 * The presence server's clock (ghost providers): libfaketime reads its offset from this
 * file (re-read every second), so care-presence.spec moves the server's clock forward past the
 * 2-minute presence grace and the 20-minute unclaimed limit instead of waiting for them. Created
 * once in the runner (at +0) and handed to the workers through the environment.
 */
process.env.E2E_PRESENCE_CLOCK_FILE ??= path.join(dataDir('presence-clock'), 'faketime');
/**
 * The seeded data folder the servers at the real clock start from (e2e/servers.mjs), named once in
 * the runner and handed to the workers through the environment: a deployment a spec starts
 * (e2e/deployment.ts) copies it too, instead of seeding its own on a busy machine.
 */
process.env.E2E_TEMPLATE_DIR ??= dataDir('template');
export const presenceClockFile = process.env.E2E_PRESENCE_CLOCK_FILE;
if (!existsSync(presenceClockFile)) writeFileSync(presenceClockFile, '+0\n');
const clocks = JSON.parse(process.env.E2E_CLOCK_OFFSETS) as {
  name: string;
  offsetSeconds: number;
}[];

/**
 * One server of the suite: `node apps/server/dist/main.js` on a fresh embedded database, without
 * the embedded demo's inbound SMTP endpoint unless it names a port (the main servers do).
 */
function server(name: string, p: number, env: Record<string, string>, fromTemplate = true) {
  return {
    name,
    port: p,
    env: { LOG_LEVEL: 'warn', DATA_DIR: dataDir(String(p)), INBOUND_SMTP_PORT: 'off', ...env },
    // On a copy of the seeded template (e2e/servers.mjs); a shifted clock seeds its own.
    fromTemplate,
  };
}
/** The port of the server that seeds the template folder the others start from, then stops. */
const templatePort = basePort + 8;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Video visits: a synthetic camera and microphone, permission granted without a prompt,
  // and WebRTC allowed over loopback (the only interface on a CI machine).
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

/** Debian's chromium-headless-shell: every spec but the notification ones. */
export const chromiumLaunch = {
  executablePath:
    process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
  args: chromiumArgs,
};

/** Debian's full Chromium: the Notification permission and the service worker's notifications. */
const fullChromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
};

/** The specs that need the full browser (chromium-headless-shell refuses notifications). */
const fullBrowserSpecs = ['documents-notifications.spec.ts'];

const servers = [
  // The loopback push service of documents-notifications.spec.ts is a known push host here.
  ...Array.from({ length: workers }, (_, s) =>
    server(`main-${s}`, mainPort(s), {
      SMTP_URL: `smtp://127.0.0.1:${smtpBase + 10 * s}`,
      INBOUND_SMTP_PORT: String(smtpBase + 1 + 10 * s),
      EXPOSE_OUTBOX: 'true',
      WEB_PUSH_HOSTS: '127.0.0.1',
    }),
  ),
  server('idle', idlePort, { SESSION_IDLE_SECONDS: '3' }),
  server('auto-logout', autoLogoutPort, { CLIENT_IDLE_LOGOUT_SECONDS: '3', EXPOSE_OUTBOX: 'true' }),
  // Its clock moves when care-presence.spec writes the file; sessions outlast the jumps, and the
  // minute sweeps start within a second of the minute the jump passed, not half a minute.
  server('presence', presencePort, {
    EXPOSE_OUTBOX: 'true',
    SESSION_IDLE_SECONDS: '7200',
    JOBS_CRON_CHECK_SECONDS: '1',
    LD_PRELOAD: libfaketime,
    FAKETIME_TIMESTAMP_FILE: presenceClockFile,
    FAKETIME_CACHE_DURATION: '1',
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  }),
  ...clocks.map((clock, i) =>
    server(
      `clock-${i + 1}`,
      clockPort(i),
      {
        EXPOSE_OUTBOX: 'true',
        WEB_PUSH_HOSTS: '127.0.0.1',
        LD_PRELOAD: libfaketime,
        FAKETIME: `${clock.offsetSeconds >= 0 ? '+' : ''}${clock.offsetSeconds}`,
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
      false,
    ),
  ),
];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  // Safety limits, not speed checks: on a slow CI machine (stop 44's last run) the embedded
  // server answered the first screens' calls in 5-12 s while the other servers were starting,
  // and two journeys waited out 10 s on a loader that then finished.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  // npm test counts the JSON; the clock-shifted runs write their own (scripts/test-clock.mjs).
  reporter: [['list'], ['json', { outputFile: process.env.E2E_JSON ?? '../.tmp/playwright.json' }]],
  outputDir: '../.tmp/test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    timezoneId: appTimeZone,
    // The app honours it (brand-theme.ts): dialogs and menus open at once, nothing to wait for.
    reducedMotion: 'reduce',
    // A failed test keeps its trace: every action with its call log, the console and the network.
    // Not the screencast (`screenshots`): it kept Chromium's browser and GPU processes and the
    // worker encoding frames all run long, for traces that are thrown away when the test passes
    // (on payments and roles, 55 of 200 CPU-seconds). Not the DOM snapshots before and after each
    // action (`snapshots`) either: serialising the page for every action took about a tenth of
    // the e2e CPU (renderer, browser and worker). What a failure looked like
    // stays: its screenshot below, and the page's accessibility tree in error-context.md.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
    // No service worker unless a spec asks for one (`test.use({ serviceWorkers: 'allow' })`: the
    // install, update, push and native specs). Registered in every fresh context, it precached the
    // whole build (283 files, 2.4 MB) once per test: roles, payments, a11y and record-archive took
    // 96-105 CPU-seconds without it against 137-140 with it, the same 18 tests passing.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: fullBrowserSpecs,
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch },
    },
    {
      name: 'desktop-chromium',
      testMatch: fullBrowserSpecs,
      use: { ...devices['Desktop Chrome'], launchOptions: fullChromiumLaunch },
    },
    // The tests tagged @clock again at each shifted clock, one at a time against its server.
    ...clocks.map((clock, i) => ({
      name: `clock-${i + 1}`,
      grep: /@clock/,
      workers: 1,
      metadata: { clockOffsetMs: clock.offsetSeconds * 1000, clock: clock.name },
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunch,
        baseURL: `http://localhost:${clockPort(i)}`,
      },
    })),
    {
      name: 'phone',
      // At phone width, the journeys whose layout changes there and that no phone context of a
      // journey spec covers: every screen's axe pass (in Spanish), the first run (register), each
      // role's navigation and the card form. The video, Rx, pharmacy, appointment and subscription
      // specs open their own phone-sized patient beside a desktop provider, so they run once, in
      // the desktop project; the rest (log in and out, password help, brands, idle logout, the
      // update offer, the install manifest, dependents) is the same code at any width, run once
      // to save CI time.
      testMatch: ['a11y.spec.ts', 'register.spec.ts', 'roles.spec.ts', 'payments.spec.ts'],
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  // Every server at once (e2e/servers.mjs); Playwright waits for the one URL that answers when
  // all of them do, and ends them all after the run.
  webServer: {
    command: 'node e2e/servers.mjs',
    cwd: root,
    url: `http://127.0.0.1:${readyPort}/`,
    reuseExistingServer: false,
    timeout: 200_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_SERVERS: JSON.stringify(servers),
      E2E_SERVERS_READY_PORT: String(readyPort),
      E2E_TEMPLATE_DIR: process.env.E2E_TEMPLATE_DIR,
      E2E_TEMPLATE_PORT: String(templatePort),
    },
  },
});

export const idleBaseURL = `http://localhost:${idlePort}`;
export const autoLogoutBaseURL = `http://localhost:${autoLogoutPort}`;
export const presenceBaseURL = `http://localhost:${presencePort}`;
