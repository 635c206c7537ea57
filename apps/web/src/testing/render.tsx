import type { Lang } from '@apothecall/domain/i18n/i18n.rules';
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { HashRouter, MemoryRouter } from 'react-router';
import {
  cssVariablesResolver,
  defaultPrimary,
  useBrandTheme,
} from '../features/brands/brand-theme';
import { loadScreenTexts, setLanguage } from '../lib/i18n';
import { clearSession, type StoredSession, setSession } from '../lib/session-store';

/**
 * The browser tests' one way to put a piece of the app on the page, inside what the app wraps
 * every screen in: Mantine, a query client and, when asked, a router, the notifications, the
 * screens' texts in a language and a signed-in session. `cleanupApp` (each file's `afterEach`)
 * takes down what was rendered and puts back the language and the session it set.
 */
export interface RenderOptions {
  /** Loads the screens' texts and switches to this language first; `cleanupApp` puts back English. */
  language?: Lang;
  /** Signs in first; `cleanupApp` signs out. */
  session?: StoredSession;
  /** A MemoryRouter starting at this address (with `hashRouter`, the page's hash is set to it). */
  route?: string;
  /** A HashRouter, reading the page's address, instead of a MemoryRouter. */
  hashRouter?: boolean;
  /** A client the test prepared (data already in it); otherwise a new one that does not retry. */
  queryClient?: QueryClient;
  /** Mantine's notifications; `cleanupApp` clears them. */
  notifications?: boolean;
  /**
   * Mantine's default theme unless given: a brand theme (drawn with the brand's CSS variables),
   * or 'brand' for the main brand's theme as app.tsx builds it, so axe checks the colours the app
   * shows.
   */
  theme?: MantineThemeOverride | 'brand';
  /** The host's width in pixels, for a layout that depends on it. */
  width?: number;
}

export interface Rendered {
  /** The element the app was rendered into (appended to the body). */
  host: HTMLElement;
  root: Root;
  queryClient: QueryClient;
  /** Renders another element in the same providers (same client, router and theme). */
  rerender: (ui: ReactNode) => void;
  unmount: () => void;
}

/**
 * Waits for the page to apply what the events a test just dispatched changed. The renderer
 * (Preact, docs/performance.md "First screen") renders a state change on a microtask after the
 * event, not inside it; a person's next key or click is a later task, so a test that dispatches
 * events back to back (type, then click) awaits this in between, as the browser would have run
 * them. A task of its own through a message channel, which fake timers leave alone.
 */
export function rendered(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** A query client for a test: a failed query shows its failure at once instead of retrying. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

const mounted = new Set<Root>();
const toRestore = { language: false, session: false, notifications: false };

function MainBrandTheme({ children }: { children: ReactNode }) {
  const theme = useBrandTheme(defaultPrimary, null);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

function Themed({ theme, children }: { theme: RenderOptions['theme']; children: ReactNode }) {
  if (theme === 'brand') return <MainBrandTheme>{children}</MainBrandTheme>;
  if (theme) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        {children}
      </MantineProvider>
    );
  }
  return <MantineProvider>{children}</MantineProvider>;
}

function Routed({ options, children }: { options: RenderOptions; children: ReactNode }) {
  if (options.hashRouter) return <HashRouter>{children}</HashRouter>;
  if (options.route !== undefined) {
    return <MemoryRouter initialEntries={[options.route]}>{children}</MemoryRouter>;
  }
  return <>{children}</>;
}

export async function renderWithApp(ui: ReactNode, options: RenderOptions = {}): Promise<Rendered> {
  if (options.language) {
    await loadScreenTexts();
    await setLanguage(options.language);
    toRestore.language = true;
  }
  if (options.session) {
    setSession(options.session);
    toRestore.session = true;
  }
  if (options.notifications) toRestore.notifications = true;
  if (options.hashRouter && options.route !== undefined) window.location.hash = `#${options.route}`;
  const queryClient = options.queryClient ?? testQueryClient();
  const host = document.createElement('div');
  if (options.width) host.style.width = `${options.width}px`;
  document.body.append(host);
  const root = createRoot(host);
  mounted.add(root);
  const rerender = (next: ReactNode) =>
    root.render(
      <Themed theme={options.theme}>
        {options.notifications ? <Notifications /> : null}
        <QueryClientProvider client={queryClient}>
          <Routed options={options}>{next}</Routed>
        </QueryClientProvider>
      </Themed>,
    );
  rerender(ui);
  const unmount = () => {
    root.unmount();
    mounted.delete(root);
  };
  return { host, root, queryClient, rerender, unmount };
}

/** Takes down everything rendered, empties the page, and puts back what the renders changed. */
export async function cleanupApp(): Promise<void> {
  if (toRestore.notifications) notifications.clean();
  for (const root of mounted) root.unmount();
  mounted.clear();
  document.body.innerHTML = '';
  if (toRestore.session) clearSession();
  if (toRestore.language) await setLanguage('en');
  toRestore.language = false;
  toRestore.session = false;
  toRestore.notifications = false;
}
