import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadScreen } from './app/routes';
import { currentLanguage, loadLanguage } from './lib/i18n';
import { getSession } from './lib/session-store';

const lang = currentLanguage();
document.documentElement.lang = lang;

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The page's texts (a chunk per language) are in before the first render; the first screen's
// chunk is fetched at the same time.
preloadScreen(window.location.hash.replace(/^#/, '').split('?')[0] || '/', Boolean(getSession()));
void loadLanguage(lang).then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The service worker (offline shell, updates) is registered once the first screen is on its way.
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }));
});
