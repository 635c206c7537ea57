import type { CapacitorConfig } from '@capacitor/cli';

/**
 * The native apps: Capacitor wrappers of the web app's production build. `npm run
 * native:sync` builds the web app, prepares `.native-www/` (scripts/native-web.mjs: the build
 * without the service worker, plus native-config.json naming the server and brand) and copies it
 * into ios/ and android/ with the plugins. docs/operations.md, "Native apps", has the steps.
 */
const config: CapacitorConfig = {
  appId: 'com.apothecall.app',
  appName: 'Apothecall',
  webDir: '.native-www',
  // The web views' origins are capacitor://localhost (iOS) and https://localhost (Android): the
  // server's NATIVE_APP_ORIGINS lets exactly those call the API.
  server: { androidScheme: 'https' },
  plugins: {
    PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
  },
};

export default config;
