import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { brandTheme, defaultPrimary } from '../features/brands/brand-theme';
import { useBrandBoot } from '../features/brands/hooks/use-brand-boot';
import { ApiError } from '../lib/api-client';
import { useBrandState } from '../lib/brand-store';
import { createRouter } from './routes';

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

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  // The white-label is read from the entry link and loaded at boot; its colours theme the app.
  useBrandBoot();
  const { whiteLabel } = useBrandState();
  const primary = whiteLabel?.colorPrimary ?? defaultPrimary;
  const accent = whiteLabel?.colorAccent ?? null;
  const theme = useMemo(() => brandTheme(primary, accent), [primary, accent]);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
