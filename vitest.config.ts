import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/react-on-preact';
import { calendarEdges } from './packages/domain/src/dates/zones.rules';

/**
 * The server's integration files that run per database (they use the harness's databaseKinds):
 * on PostgreSQL they form a project of their own, so a PGlite file and a PostgreSQL file run side
 * by side instead of one database after the other inside each file.
 */
function perDatabaseFiles(): string[] {
  const root = path.join(import.meta.dirname, 'apps/server');
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.int.test.ts'))
    .filter((file) => readFileSync(path.join(root, 'src', file), 'utf8').includes('databaseKinds'))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
const postgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Safety limits, not speed checks, for the projects that wait on real things (a database, a
 * socket, a browser): Vitest's defaults (a browser test 15 s, `expect.poll` 1 s) were met on a
 * slow CI machine by tests that pass (stop 43: a refund-and-reconcile component test clicked its
 * last button at 14.4 s). A test that is slow still passes; one that never gets there fails.
 */
const waitsOnRealThings = { testTimeout: 60_000, expect: { poll: { timeout: 10_000 } } };

/**
 * The server's date-sensitive files (documents by month, appointments and their windows and
 * reminders, renewals, prepay's reuse interval, certificates, analytics ranges, announcements'
 * last day, ages) run again at the three instants of `calendarEdges` (issue 31): their workers
 * start under libfaketime (Debian's faketime package, scripts/ensure-debian-package.mjs) with the clock
 * moved by a fixed offset, on PGlite, which runs in the worker and so reads the same clock (the
 * shared PostgreSQL server keeps the real one). Monotonic clocks stay real, so timers run at
 * normal speed. The offsets are computed once here and inherited by the workers. The tests of
 * those files that read no date (`itReadsNoDate`, test/harness.ts) run at the real clock only.
 */
const dateSensitiveFiles = [
  'src/features/documents/documents.int.test.ts',
  'src/features/appointments/appointments.int.test.ts',
  'src/features/subscriptions/subscriptions.int.test.ts',
  'src/features/prepay/prepay.int.test.ts',
  'src/features/analytics/analytics.int.test.ts',
  'src/features/announcements/announcements.int.test.ts',
  'src/features/accounts/family.int.test.ts',
  'src/features/accounts/registration.int.test.ts',
  'src/features/clinic/licences.int.test.ts',
  'src/features/providers/licence-reminders.int.test.ts',
];
const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1';
const shiftedClocks = (process.env.TEST_SHIFTED_CLOCKS ?? '1') === '1' && existsSync(libfaketime);
const clockProjects = shiftedClocks
  ? calendarEdges(Date.now(), 'America/New_York').map((edge, i) => ({
      test: {
        name: `server-clock-${i + 1}`,
        root: 'apps/server',
        include: dateSensitiveFiles,
        environment: 'node' as const,
        ...waitsOnRealThings,
        hookTimeout: 120_000,
        isolate: false,
        // PGlite templates written at this clock (test/global-setup.ts).
        globalSetup: ['test/global-setup.ts'],
        env: {
          TEST_DATABASE_KINDS: 'pglite',
          TEST_CLOCK: `${new Date(edge.at).toISOString()} (${edge.name})`,
          LD_PRELOAD: libfaketime,
          FAKETIME: `+${Math.round((edge.at - Date.now()) / 1000)}`,
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
      },
    }))
  : [];

// One runner for every workspace. Pure tests (*.test.ts) and integration tests
// (*.int.test.ts, real database through app.inject or a real socket) live beside the code;
// *.browser.test.ts(x) run in Debian's Chromium, headless (the native bridge against Capacitor's web
// implementations, issue 21).
// In Debian's chromium-headless-shell, Chromium's headless build without the browser's own UI,
// as the e2e specs (e2e/playwright.config.ts): the 67 browser files took 24 CPU-seconds and
// 42 s there against 32 and 54 s in the full browser, with the same results. No file needs what
// only the full browser has (the notifications screen's test stands in for the permission).
const chromium =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
export default defineConfig({
  test: {
    // Most of an integration test's time is spent waiting (on PostgreSQL, Redis, sockets), so on a
    // two-core machine three files at a time keep both cores busy (Vitest's default is cores - 1).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          // A safety limit, not a speed check: the property tests compute hundreds of zoned dates
          // per case (availability's overlap law takes 0.6 s alone), and on two cores shared with
          // the browser and integration files the same law took 5.7 s, over Vitest's default 5 s.
          testTimeout: 30_000,
          // Pure tests that put back what they stub: one worker runs many files, instead of a
          // new worker (about 0.9 s of start-up on this machine) for each of about 150 files.
          isolate: false,
        },
      },
      // Checks of the repository itself (scripts/*.mjs), run in Node beside the domain's pure
      // tests rather than among them: the domain imports no Node built-ins (.dependency-cruiser.cjs).
      {
        test: {
          name: 'scripts',
          root: '.',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          ...waitsOnRealThings,
          hookTimeout: 120_000,
          env: { TEST_DATABASE_KINDS: 'pglite' },
          globalSetup: ['test/global-setup.ts'],
          isolate: false,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: perDatabaseFiles(),
                environment: 'node',
                ...waitsOnRealThings,
                hookTimeout: 120_000,
                env: { TEST_DATABASE_KINDS: 'postgres' },
                isolate: false,
                // Template databases the tests copy (test/postgres-templates.ts).
                globalSetup: ['test/global-setup.ts'],
              },
            },
          ]
        : []),
      ...clockProjects,
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
          environment: 'node',
          // Isolated: i18n.test.ts checks what the app knows before the screens' texts load.
        },
      },
      {
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        // The app's renderer, as in the build: React on Preact.
        resolve: { alias: reactOnPreact },
        // Bundled before the first test: a dependency found mid-run makes Vite bundle again,
        // and the page's modules from the first bundle then fail to load.
        optimizeDeps: {
          include: [
            '@aparajita/capacitor-biometric-auth',
            '@aparajita/capacitor-secure-storage',
            '@capacitor/app',
            '@capacitor/core',
            '@capacitor/push-notifications',
            '@mantine/core',
            '@mantine/notifications',
            '@tanstack/react-query',
            'preact',
            'preact/compat',
            'preact/compat/client',
            'preact/jsx-runtime',
            'zod',
          ],
        },
        test: {
          name: 'web-browser',
          root: 'apps/web',
          include: ['src/**/*.browser.test.{ts,tsx}'],
          // A storage of its own per file (the files share one origin in one Chromium).
          setupFiles: ['src/testing/own-storage.ts'],
          ...waitsOnRealThings,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: chromium,
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--no-first-run',
                  '--disable-background-networking',
                  '--disable-component-update',
                  '--disable-sync',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
