import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routes } from '../../packages/domain/src/navigation/routes';
import { firstScreenRoutes, firstScreenScript } from './first-screen';
import { reactOnPreact } from './react-on-preact';

const { version } = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
) as {
  version: string;
};

/**
 * This build's version: the package's, plus the build's time, so every build is told apart
 * (APOTHECALL_BUILD_VERSION names it instead: the e2e spec that deploys a second build).
 * The app carries it (__APP_VERSION__); `version.json` beside the build tells the server, which
 * answers it at /api/webapp-version, and an open app that finds a newer one offers the update
 * (features/brands/hooks/use-version-check.ts).
 */
const buildVersion =
  process.env.APOTHECALL_BUILD_VERSION ??
  `${version}+${new Date()
    .toISOString()
    .replace(/[-:T.Z]/g, '')
    .slice(0, 14)}`;

function versionFile(): Plugin {
  return {
    name: 'apothecall:version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: buildVersion })}\n`,
      });
    },
  };
}

/**
 * Each language's catalogue in a chunk of its own, in two parts: the core and the
 * screens' texts. The domain's message files hold both languages;
 * catalog.{core,screens}.{en,es}.ts import one language's table of each. Here
 * those imports get a `?lang=` suffix: each catalogue gets its own copy of the message modules,
 * and the bundler drops the other language's table from each copy.
 */
function catalogPerLanguage(): Plugin {
  return {
    name: 'apothecall:catalog-per-language',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]i18n[\\/]catalog(\.core|\.screens)?\.(en|es)\.ts$/.exec(id);
      if (!match) return null;
      const lang = match[2];
      return code.replace(/from '(\.\.\/[\w/.-]+\.messages)'/g, `from '$1.ts?lang=${lang}'`);
    },
  };
}

/**
 * zod's JSON Schema output (every schema carries a `toJSONSchema` that reaches these two files)
 * is for the server's OpenAPI document; the web app never calls it. In the web build the two
 * files become functions that throw if ever called: ~6 KB gzip less on the first screen.
 */
function zodWithoutJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
  return {
    name: 'apothecall:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set(
        [...source.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1] as string),
      );
      for (const m of source.matchAll(/^export \{ (\w+) as (\w+) \}/gm)) names.add(m[2] as string);
      const fail = `() => { throw new Error('zod JSON Schema is not part of the web build'); }`;
      return [...names].map((name) => `export const ${name} = ${fail};`).join('\n');
    },
  };
}

/**
 * The first screen's files announced by the page (first-screen.ts): a classic script, its name
 * hashed like the chunks it names, written beside them and loaded from the page's `<head>`
 * after zod's config. It names, per language, the core texts' chunk and, for a signed-out
 * visitor, the screen's chunk of the four first screens (login, registration, a new password,
 * the landing screen), each with the chunks it imports that the entry does not.
 */
function firstScreenHints(): Plugin {
  const sources: Record<string, string> = {
    login: 'src/features/accounts/screens/login-screen.tsx',
    register: 'src/features/accounts/screens/register-screen.tsx',
    resetPassword: 'src/features/accounts/screens/reset-password-screen.tsx',
    home: 'src/features/accounts/screens/landing-screen.tsx',
  };
  const texts: Record<string, string> = {
    en: 'packages/domain/src/i18n/catalog.core.en.ts',
    es: 'packages/domain/src/i18n/catalog.core.es.ts',
  };
  return {
    name: 'apothecall:first-screen-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('no entry chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // A chunk and everything it imports statically, however deep.
      const closure = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) closure(imported, into);
        return into;
      };
      const loaded = closure(entry.fileName);
      const filesOf = (source: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(source));
        if (!chunk) this.error(`no chunk for ${source}`);
        return [...closure(chunk.fileName)]
          .filter((file) => !loaded.has(file))
          .map((file) => `/${file}`);
      };
      const screens = Object.fromEntries(
        Object.entries(sources).map(([screen, source]) => [screen, filesOf(source)]),
      );
      const script = firstScreenScript(
        {
          texts: Object.fromEntries(
            Object.entries(texts).map(([lang, source]) => [lang, filesOf(source)]),
          ),
          routes: firstScreenRoutes(routes, Object.keys(sources)),
          fallback: 'home',
          screens,
        },
        'apothecall.',
      );
      const fileName = this.getFileName(
        this.emitFile({ type: 'asset', name: 'first-screen.js', source: script }),
      );
      const page = bundle['index.html'];
      if (page?.type !== 'asset' || typeof page.source !== 'string') this.error('no index.html');
      const zodConfig = '<script src="/zod-config.js"></script>';
      if (!page.source.includes(zodConfig)) this.error('index.html has no zod-config.js script');
      page.source = page.source.replace(
        zodConfig,
        `${zodConfig}\n    <script src="/${fileName}"></script>`,
      );
    },
  };
}

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(buildVersion) },
  resolve: { alias: reactOnPreact },
  plugins: [
    catalogPerLanguage(),
    zodWithoutJsonSchema(),
    versionFile(),
    firstScreenHints(),
    // JSX for React's automatic runtime (mapped to Preact's, react-on-preact.ts). React's Fast
    // Refresh needs React DOM: off, so an edit under `npm run dev` reloads the page instead.
    react({ refreshExclude: /./ }),
    VitePWA({
      registerType: 'autoUpdate',
      // Registered from main.tsx (virtual:pwa-register): no inline script, so the CSP holds.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'brand/apothecall.svg', 'icons/apple-touch-icon.png'],
      // Each brand has its own manifest, in the reader's language: the server answers
      // /manifest.webmanifest (features/brands/brands.routes.ts).
      manifest: false,
      workbox: {
        // The app shell (HTML, JS, CSS, icons) is precached; the API and socket never are.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/socket\.io\//],
        cleanupOutdatedCaches: true,
        sourcemap: false,
        // Web push: the push and notificationclick handlers, a static file of
        // public/. The build's version in its address makes every new worker fetch it afresh
        // (imported scripts are otherwise checked through the HTTP cache, an hour for it).
        importScripts: [`push-sw.js?v=${encodeURIComponent(buildVersion)}`],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
      '/brand-icons': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  // No source maps in production; each route's screen is its own chunk (routes.tsx).
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: each chunk's file and static imports, from which
    // scripts/web-budget.mjs sums what every main route loads (the server serves no dot-folder).
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (the shell) in one chunk, not a dozen
          // small shared ones: one request, and gzip compresses it as a whole.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
