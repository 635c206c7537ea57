import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * e2e specs drive Debian's Chromium against the production build served by the real server
 * (`apps/server/dist/main.js`, built by `npm run build`), each server on a fresh embedded
 * database. A second server with a 3-second session idle timeout serves the idle spec.
 */
const root = path.resolve(import.meta.dirname, '..');

// The e2e servers keep their rate-limit counters to themselves (in memory): with a shared
// Redis, counts left by earlier runs within the hour would refuse this run's logins and
// password resets. The servers inherit this process's environment.
delete process.env.REDIS_URL;
const port = Number(process.env.E2E_PORT ?? 3100);
const idlePort = port + 1;
const autoLogoutPort = port + 2;
/** The SMTP server the password-help spec starts on loopback; the app sends its mail there. */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The app's own inbound SMTP endpoint (issue 20): specs send mail to a pharmacy's address here. */
export const e2eInboundSmtpPort = Number(process.env.E2E_INBOUND_SMTP_PORT ?? 2527);
const dataDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `apothecall-e2e-${name}-`));

function server(p: number, env: Record<string, string>) {
  return {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${p}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      HOST: '127.0.0.1',
      PORT: String(p),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir(String(p)),
      ...env,
    },
  };
}

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
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
  ],
};

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]]
    : [['list'], ['json', { outputFile: '../.tmp/playwright.json' }]],
  outputDir: '../.tmp/test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
    {
      name: 'phone',
      // The video-visit and Rx-visit specs open their own phone-sized patient context beside a
      // desktop provider, so they run once, in the desktop project.
      testIgnore: [
        'care-*.spec.ts',
        'rx-*.spec.ts',
        'subscriptions.spec.ts',
        'appointments.spec.ts',
        'documents-notifications.spec.ts',
        'pharmacy-operations.spec.ts',
        'pharmacy-forms.spec.ts',
        'instore-assessment.spec.ts',
        'native-apps.spec.ts',
      ],
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        launchOptions: chromiumLaunch,
      },
    },
  ],
  webServer: [
    // The loopback push service of documents-notifications.spec.ts is a known push host here.
    server(port, {
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
      INBOUND_SMTP_PORT: String(e2eInboundSmtpPort),
      EXPOSE_OUTBOX: 'true',
      WEB_PUSH_HOSTS: '127.0.0.1',
    }),
    server(idlePort, { SESSION_IDLE_SECONDS: '3' }),
    server(autoLogoutPort, { CLIENT_IDLE_LOGOUT_SECONDS: '3', EXPOSE_OUTBOX: 'true' }),
  ],
});

export const idleBaseURL = `http://localhost:${idlePort}`;
export const autoLogoutBaseURL = `http://localhost:${autoLogoutPort}`;
