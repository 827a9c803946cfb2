import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';

/** SPEC §9 toasts: 4 s (blank, error, custom), 2 s success, loading unlimited, max 350 px. */
export function AppProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster
        position="top-center"
        toastOptions={{
          duration: 4000,
          success: { duration: 2000 },
          loading: { duration: Infinity },
          style: { maxWidth: '350px' },
        }}
      />
    </QueryClientProvider>
  );
}
