/**
 * React on Preact, for Vite (the build, apps/web/vite.config.ts) and Vitest (the browser tests,
 * vitest.config.ts): each React entry the app and its libraries import, mapped to Preact's. The
 * type-check still reads React's types (@types/react): the app is written against React's API,
 * and what Preact's layer does otherwise or lacks is in src/react-on-preact/.
 */
import { fileURLToPath } from 'node:url';

const source = (file: string) =>
  fileURLToPath(new URL(`./src/react-on-preact/${file}`, import.meta.url));

export const reactOnPreact = [
  { find: /^react$/, replacement: source('react.ts') },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: source('jsx-runtime.ts') },
];
