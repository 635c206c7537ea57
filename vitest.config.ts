import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// One runner for every workspace. Pure tests (*.test.ts) and integration tests
// (*.int.test.ts, real database through app.inject or a real socket) live beside the code;
// *.browser.test.ts(x) run in Debian's Chromium (the native bridge against Capacitor's web
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
          exclude: ['src/**/*.browser.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
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
            'react',
            'react-dom/client',
            'react/jsx-dev-runtime',
            'react/jsx-runtime',
            'zod',
          ],
        },
        test: {
          name: 'web-browser',
          root: 'apps/web',
          include: ['src/**/*.browser.test.{ts,tsx}'],
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
