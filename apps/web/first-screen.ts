/**
 * The first screen's files, asked for by the page itself (vite.config.ts `firstScreenHints`).
 *
 * The entry module can only ask for the page's texts and the first screen's chunk once it has
 * been fetched and run, so a cold visit waited three round trips before its first screen: the
 * page, the entry, then those. The build writes a small classic script beside the page, run
 * from `<head>`, that reads the same things `main.tsx` reads (the address after `#`, the
 * language kept on this device or the browser's, whether a session is kept) and announces those
 * files (`<link rel="modulepreload">`) while the entry is still on its way. It is a hint only: a
 * wrong guess costs a file fetched for nothing, and the app asks for what it needs either way.
 */
import type { RouteDef } from '@apothecall/domain/navigation/routes';

/** What the script knows, written into it by the build. */
export interface FirstScreenMap {
  /** The core texts' chunk of each language, with the chunks it imports (not the entry's). */
  texts: Record<string, string[]>;
  /** Each route's pattern and the screen a signed-out visitor gets there, if it has files here. */
  routes: [pattern: string, screen: string | null][];
  /** The screen of an unknown address (Home: the landing screen, signed out). */
  fallback: string;
  /** Each signed-out first screen's chunk, with the chunks it imports (not the entry's). */
  screens: Record<string, string[]>;
}

/** What the script reads from the page. */
export interface FirstScreenPage {
  hash: string;
  /** The language kept on this device (`apothecall.lang`), if any. */
  storedLanguage: string | null;
  /** The browser's languages, in order. */
  languages: readonly string[];
  /** Whether a session is kept on this device (`apothecall.session`). */
  signedIn: boolean;
}

/**
 * The files to announce. Self-contained (the build writes its source into the script): the
 * language as `lib/i18n.ts` picks it (what is kept, else the first of the browser's languages
 * the app has, else English) and the screen as `preloadScreen` does for a signed-out visitor
 * (a page that needs a session shows the login screen). A signed-in visitor's first screen has
 * more parts (the shell's): only the texts are announced.
 */
export function firstScreenFiles(map: FirstScreenMap, page: FirstScreenPage): string[] {
  const has = (lang: string | undefined) => (lang && map.texts[lang] ? lang : undefined);
  const base = (tag: string) => tag.toLowerCase().split('-')[0];
  const lang =
    has(page.storedLanguage ? base(page.storedLanguage) : undefined) ??
    page.languages.map(base).find((tag) => has(tag)) ??
    'en';
  const files = [...(map.texts[lang] ?? [])];
  if (page.signedIn) return files;
  const path = page.hash.replace(/^#/, '').split('?')[0] || '/';
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const parts = clean.split('/');
  const route = map.routes.find(([pattern]) => {
    const segments = pattern.split('/');
    return (
      segments.length === parts.length &&
      segments.every((segment, i) => segment.startsWith(':') || segment === parts[i])
    );
  });
  const screen = route ? route[1] : map.fallback;
  return screen ? [...files, ...(map.screens[screen] ?? [])] : files;
}

/** Each route's signed-out screen, kept only for the screens that have files in the map. */
export function firstScreenRoutes(
  routes: readonly RouteDef[],
  screens: readonly string[],
): FirstScreenMap['routes'] {
  return routes.map((route) => {
    const screen = route.access === 'protected' ? 'login' : route.screen;
    return [route.path, screens.includes(screen) ? screen : null];
  });
}

/** The script's source: the map and the function, run against the page. */
export function firstScreenScript(map: FirstScreenMap, storagePrefix: string): string {
  return `// Written by the build (apps/web/first-screen.ts): announces the first screen's files.
(function () {
  var firstScreenFiles = ${firstScreenFiles.toString()};
  try {
    var stored = function (key) { return localStorage.getItem(${JSON.stringify(storagePrefix)} + key); };
    var files = firstScreenFiles(${JSON.stringify(map)}, {
      hash: location.hash,
      storedLanguage: stored('lang'),
      languages: navigator.languages || [],
      signedIn: Boolean(stored('session')),
    });
    for (var i = 0; i < files.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[i];
      document.head.appendChild(link);
    }
  } catch (error) {
    // A hint only: without storage (a private mode) or anything else, the app asks as usual.
  }
})();
`;
}
