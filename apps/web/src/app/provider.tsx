import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useLoadedToasts } from '@/lib/toast';

/**
 * Toasts (docs/rules/accounts.md#screens): 4 s (blank, error, custom), 2 s success, loading unlimited, max 350 px.
 * They appear below the sticky header (4 rem), never over it.
 */
function Toasts() {
  const toasts = useLoadedToasts();
  if (!toasts) return null;
  return (
    <toasts.Toaster
      position="top-center"
      containerStyle={{ top: 'calc(4rem + 0.75rem)' }}
      toastOptions={{
        duration: 4000,
        success: { duration: 2000 },
        loading: { duration: Infinity },
        style: { maxWidth: '350px' },
      }}
    />
  );
}

export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
