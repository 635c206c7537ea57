import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/routes';
import { currentLanguage, loadLanguage } from './lib/i18n';
import { isNative } from './lib/native/runtime';
import { followNoticeClicks } from './lib/notice-clicks';
import { getSession } from './lib/session-store';

const lang = currentLanguage();
document.documentElement.lang = lang;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Inside the native apps: the build's server and brand, and the bridge's listeners,
// before the first screen; a browser never fetches that chunk.
const native = isNative();
const nativeReady = native
  ? import('./lib/native/start-native').then((m) => m.startNative()).catch(() => undefined)
  : undefined;

// The page's texts (a chunk per language) are in before the first render; the first screen's
// chunk is fetched at the same time.
preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/', Boolean(getSession()));
void Promise.all([loadLanguage(lang), nativeReady]).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The service worker (offline shell, updates) is registered once the first screen is on its way;
  // the native apps carry their build inside and need none.
  if (!native) {
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
    followNoticeClicks();
  }
});
