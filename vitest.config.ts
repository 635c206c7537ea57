import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// One runner for every workspace. Pure tests (*.test.ts) and integration tests
// (*.int.test.ts, real database through app.inject or a real socket) live beside the code;
// *.browser.test.ts run in Debian's Chromium (the native bridge against Capacitor's web
// implementations, issue 21).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.browser.test.ts'],
          environment: 'node',
        },
      },
      {
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'web-browser',
          root: 'apps/web',
          include: ['src/**/*.browser.test.ts'],
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
