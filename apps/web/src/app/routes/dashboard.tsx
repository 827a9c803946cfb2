import { lazy } from 'react';
import { useCurrentUser } from '@/features/auth/api/current-user';

// Each role loads only its own dashboard: a client never loads the therapist's
// booking tables and their forms, a therapist never the match list.
const ClientDashboardPage = lazy(async () => ({
  default: (await import('./client/dashboard')).ClientDashboardPage,
}));
const ProviderDashboardPage = lazy(async () => ({
  default: (await import('./provider/dashboard')).ProviderDashboardPage,
}));

/** /dashboard: the client's matches or the provider's dashboard. */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return user.type === 'PROVIDER' ? <ProviderDashboardPage /> : <ClientDashboardPage />;
}
