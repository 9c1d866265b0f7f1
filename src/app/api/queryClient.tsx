import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * The client app's react-query cache (the public site, /verifikasi, /akun). The admin panel keeps its own, which
 * react-admin creates. A failed read is shown at once instead of retried three times with a back-off (the API
 * answers with a reason; a retry would only delay it), and returning to the tab does not refetch under a
 * person's fingers: screens refresh what a mutation changed by invalidating its key.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      // A write is always tried, even offline: a field step is then queued on the device (account/offline),
      // any other fails with its message, rather than waiting paused, unseen, in this page's memory.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The browser's one cache, for src/app/main.tsx. */
export const queryClient = createQueryClient();

/** Provides `client` (the browser's cache unless a test or the prerender passes a fresh one). */
export function QueryProvider({
  client = queryClient,
  children,
}: {
  client?: QueryClient;
  children: ReactNode;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
