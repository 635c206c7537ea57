/** Injected by vite.config.ts from package.json. */
declare const __APP_VERSION__: string;
