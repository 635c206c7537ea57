import './mantine-styles';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { HashRouter } from 'react-router';
import {
  cssVariablesResolver,
  defaultPrimary,
  useBrandTheme,
} from '../features/brands/brand-theme';
import { useBrandBoot } from '../features/brands/hooks/use-brand-boot';
import { useBrandDocument } from '../features/brands/hooks/use-brand-document';
import { useManifestLink } from '../features/brands/hooks/use-manifest-link';
import { ApiError } from '../lib/api-client';
import { useBrandState } from '../lib/brand-store';
import { useLang } from '../lib/i18n';
import { lazyChunk } from '../lib/lazy-chunk';
import { getSession, subscribeSession } from '../lib/session-store';
import { LoadFailureBoundary } from './load-failure-boundary';
import { AppRoutes } from './routes';

const Toasts = lazyChunk(() => import('./toasts').then((m) => m.Toasts));

/**
 * The toasts' container (with its portal, transitions and focus code) is fetched when the first
 * toast is raised, not with the first screen; the toast waits in the notifications store.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <LoadFailureBoundary quiet>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </LoadFailureBoundary>
  ) : null;
}

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
}

/**
 * Answers carry text in the language they were asked in (a note's subject, a charge's title,
 * messages): a language switch asks again for everything on screen.
 */
function useRefetchOnLanguageSwitch(queryClient: QueryClient) {
  const lang = useLang();
  const asked = useRef(lang);
  useEffect(() => {
    if (asked.current === lang) return;
    asked.current = lang;
    void queryClient.invalidateQueries();
  }, [lang, queryClient]);
}

/**
 * When the session goes (logout, a 401, the server ending it over the socket), nothing read
 * with it stays in memory: the query cache is emptied, whoever cleared the session.
 */
function useForgetDataWithSession(queryClient: QueryClient) {
  useEffect(
    () =>
      subscribeSession(() => {
        if (!getSession()) queryClient.clear();
      }),
    [queryClient],
  );
}

export function App() {
  const [queryClient] = useState(makeQueryClient);
  useRefetchOnLanguageSwitch(queryClient);
  useForgetDataWithSession(queryClient);
  // The white-label is read from the entry link and loaded at boot; its colours theme the app.
  useBrandBoot();
  useManifestLink();
  useBrandDocument();
  const { whiteLabel } = useBrandState();
  const primary = whiteLabel?.colorPrimary ?? defaultPrimary;
  const accent = whiteLabel?.colorAccent ?? null;
  const theme = useBrandTheme(primary, accent);
  return (
    // Mantine 9's `light` variant is opaque; the v8 resolver keeps the translucent one the
    // screens were designed with (docs/architecture.md, "Runtime and versions").
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <ToastsWhenNeeded />
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          {/* The last resort: AppLayout keeps a screen's failure inside the screen. */}
          <LoadFailureBoundary>
            <AppRoutes />
          </LoadFailureBoundary>
        </HashRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}
